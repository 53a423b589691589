// The TextViewBridge module: the representable bridge (see README).
