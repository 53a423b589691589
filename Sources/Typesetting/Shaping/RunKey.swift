/// What a shaped word depends on besides its text: the face, script, direction and
/// language of its `ShapedRun`.
struct RunKey: Equatable {
    let face: ObjectIdentifier
    let language: Int
    let script: Int32
    let isRightToLeft: Bool

    /// A seed for hashing words of this run.
    var seed: UInt64 {
        var h = UInt64(UInt(bitPattern: face.hashValue)) &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(UInt(bitPattern: language)) &+ UInt64(UInt32(bitPattern: script)) << 1
        return isRightToLeft ? ~h : h
    }
}
