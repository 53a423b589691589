#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes every byte of `bytes` to `descriptor`, going on after a partial write and
/// trying again after an interrupted one (`EINTR`): 0 once all are written, else
/// the error (`errno`, or `EIO` for a write that took nothing). What `wrap`'s
/// buffered output and the canvases' files write through.
package func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
    guard let base = bytes.baseAddress else { return 0 }
    var offset = 0
    while offset < bytes.count {
        #if canImport(Glibc)
            let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
        #elseif canImport(Musl)
            let written = Musl.write(descriptor, base + offset, bytes.count - offset)
        #else
            let written = Darwin.write(descriptor, base + offset, bytes.count - offset)
        #endif
        if written < 0, errno == EINTR { continue }
        if written < 0 { return errno }
        if written == 0 { return EIO }
        offset += written
    }
    return 0
}
