print("textlayout")
