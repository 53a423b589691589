internal import CICU

/// The extended grapheme cluster boundaries (UAX #29) of `text`, as UTF-16 offsets,
/// including 0 and the length (an empty text has the single boundary 0).
///
/// - Throws: `TypesettingError` with `.unicodeAnalysisFailed` when ICU fails, and
///   `.paragraphTooLong` when `text` is longer than `ShapedParagraph.maximumLength`
///   (ICU's offsets are 32-bit).
public func graphemeBoundaries(in text: [UInt16]) throws -> [Int] {
    try text.withUnsafeBufferPointer { try graphemeBoundaries(in: $0) }
}

/// The grapheme boundaries of a buffer: 0, each following boundary, the length.
func graphemeBoundaries(in text: UnsafeBufferPointer<UInt16>) throws -> [Int] {
    var boundaries = [0]
    guard text.count > 0 else { return boundaries }
    try TypesettingError.checkParagraphLength(text.count)
    var status: Int32 = 0
    let iterator = cicu_character_break_open(text.baseAddress, Int32(text.count), &status)
    try ICUStatus.check(status, "opening a grapheme iterator")
    guard let iterator else { return boundaries }
    defer { cicu_break_close(iterator) }
    let chunk = 512
    var buffer = [Int32](repeating: 0, count: chunk)
    while true {
        let count = Int(cicu_break_fill(iterator, &buffer, nil, Int32(chunk)))
        if count == 0 { break }
        for i in 0..<count { boundaries.append(Int(buffer[i])) }
    }
    return boundaries
}

/// The scalar boundaries of `text`: 0, each following boundary, the length. What
/// stands in for grapheme boundaries when ICU cannot give them: never inside a
/// surrogate pair.
package func scalarBoundaries(in text: [UInt16]) -> [Int] {
    text.withUnsafeBufferPointer { scalarBoundaries(in: $0) }
}

/// The scalar boundaries of a buffer (see `scalarBoundaries(in:)`).
func scalarBoundaries(in text: UnsafeBufferPointer<UInt16>) -> [Int] {
    var boundaries = [0]
    var index = 0
    while index < text.count {
        index += decodeScalar(text, at: index).1
        boundaries.append(index)
    }
    return boundaries
}
