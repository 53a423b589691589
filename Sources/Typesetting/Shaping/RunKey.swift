/// What a shaped word depends on besides its text: the face, script, direction,
/// language and OpenType features of its `ShapedRun`.
struct RunKey: Equatable {
    /// The face's `FontFace.identity`: never another face's, even after it is freed.
    let face: UInt64
    /// HarfBuzz's language (a pointer it keeps for the process), as an integer.
    let language: Int
    let script: Int32
    let isRightToLeft: Bool
    /// The run's feature settings as `ShapingStyle.featureKey` numbers them: 0 for
    /// none, the same number for the same settings in every paragraph.
    var features: Int32 = 0
    /// How the text was cut from its run: a word after spaces, or a piece between
    /// line-break opportunities, which may stand wherever its edges allow
    /// (`PiecewiseShaping`). Entries of two kinds never stand in for each other.
    var kind: Kind = .word

    /// How cached text was cut from its run.
    enum Kind: UInt8 {
        /// A word cut after spaces (`WordSplitting`).
        case word
        /// A piece both of whose edges are clear: it may stand anywhere in a run.
        case inner
        /// A piece whose end is clear: it may start a run.
        case first
        /// A piece whose start is clear: it may end a run.
        case last
        /// A whole run.
        case whole
    }

    /// A seed for hashing words of this run.
    var seed: UInt64 {
        var h = face &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(UInt(bitPattern: language)) &+ UInt64(UInt32(bitPattern: script)) << 1
        h ^= UInt64(UInt32(bitPattern: features)) << 33
        h ^= UInt64(kind.rawValue) << 60
        return isRightToLeft ? ~h : h
    }
}
