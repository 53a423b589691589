internal import CICU

/// The explicit embedding level and directional override of every code unit of a
/// paragraph (UAX #9 rules X1–X8), for paragraphs with explicit embeddings,
/// overrides or isolates.
///
/// ICU 72 resolves such paragraphs wrongly in three ways, and `BidiLevels` corrects
/// each with this scan:
/// - in a left-to-right paragraph with nothing right to left in it, it puts every
///   character at the paragraph level, ignoring LRE, LRO and LRI; there every
///   character resolves to L (W7, N1–N2), so its level is its embedding level;
/// - it pairs brackets whose type an override made strong (BD16 pairs only
///   characters whose current type is ON), so such brackets are given to ICU as
///   plain neutrals, which an override turns into the same strong type;
/// - it resolves isolate initiators and PDIs inside an override as neutrals, where
///   X5a–X5c and X6a give them the override's type, so every overridden character
///   that X9 keeps takes its embedding level, the level a strong type of the
///   override's direction resolves to (I1–I2).
///
/// BidiCharacterTest's cases 59–62, 65–80 and 164 check it.
struct ExplicitEmbeddings {
    /// The directional override status of a character (X1–X8).
    enum Override: UInt8 {
        case neutral, leftToRight, rightToLeft
    }

    /// The deepest explicit embedding level (BD2).
    static let maximumDepth: UInt8 = 125

    /// The embedding level of each code unit (for characters X9 removes, the level
    /// around them).
    private(set) var levels: [UInt8]
    /// The override status of each code unit.
    private(set) var overrides: [Override]
    /// Whether the paragraph is left to right with no R, AL or AN character and no
    /// right-to-left embedding, override or isolate.
    private(set) var isLeftToRightOnly: Bool

    /// One entry of the directional status stack.
    private struct Entry {
        var level: UInt8
        var override: Override
        var isolate: Bool
    }

    /// Whether `text` has an embedding, override or isolate that ICU may resolve
    /// wrongly: all but RLE, PDF, RLI and PDI, which are harmless without these.
    static func isNeeded(for text: UnsafeBufferPointer<UInt16>) -> Bool {
        text.contains { $0 == 0x202A || $0 == 0x202D || $0 == 0x202E || $0 == 0x2066 || $0 == 0x2068 }
    }

    /// Runs rules X1–X8 over `text` at `paragraphLevel`.
    init(text: UnsafeBufferPointer<UInt16>, paragraphLevel: UInt8) {
        levels = [UInt8](repeating: paragraphLevel, count: text.count)
        overrides = [Override](repeating: .neutral, count: text.count)
        isLeftToRightOnly = paragraphLevel == 0
        var stack = [Entry(level: paragraphLevel, override: .neutral, isolate: false)]
        var overflowIsolates = 0
        var overflowEmbeddings = 0
        var validIsolates = 0
        var index = 0
        while index < text.count {
            let (scalar, width) = decodeScalar(text, at: index)
            var recorded = stack[stack.count - 1]
            if isLeftToRightOnly {
                // R, AN, AL, RLE, RLO, RLI (ICU's UCharDirection numbers)
                let bidiClass = cicu_bidi_class(Int32(bitPattern: scalar.value))
                isLeftToRightOnly = ![1, 5, 13, 14, 15, 21].contains(bidiClass)
            }
            switch scalar.value {
            case 0x202A, 0x202B, 0x202D, 0x202E:  // X2–X5: LRE, RLE, LRO, RLO
                let toRight = scalar.value == 0x202B || scalar.value == 0x202E
                let level = Self.nextLevel(above: recorded.level, rightToLeft: toRight)
                if level <= Self.maximumDepth, overflowIsolates == 0, overflowEmbeddings == 0 {
                    let override: Override =
                        switch scalar.value {
                        case 0x202D: .leftToRight
                        case 0x202E: .rightToLeft
                        default: .neutral
                        }
                    stack.append(Entry(level: level, override: override, isolate: false))
                } else if overflowIsolates == 0 {
                    overflowEmbeddings += 1
                }
            case 0x2066...0x2068:  // X5a–X5c: LRI, RLI, FSI take the level around them
                let toRight =
                    scalar.value == 0x2067
                    || (scalar.value == 0x2068 && Self.firstStrongLevel(text, from: index + width, isolated: true) == 1)
                let level = Self.nextLevel(above: recorded.level, rightToLeft: toRight)
                if level <= Self.maximumDepth, overflowIsolates == 0, overflowEmbeddings == 0 {
                    validIsolates += 1
                    stack.append(Entry(level: level, override: .neutral, isolate: true))
                } else {
                    overflowIsolates += 1
                }
            case 0x2069:  // X6a: PDI takes the level after its isolate closes
                if overflowIsolates > 0 {
                    overflowIsolates -= 1
                } else if validIsolates > 0 {
                    overflowEmbeddings = 0
                    while !stack[stack.count - 1].isolate { stack.removeLast() }
                    stack.removeLast()
                    validIsolates -= 1
                }
                recorded = stack[stack.count - 1]
            case 0x202C:  // X7: PDF
                if overflowIsolates > 0 {
                } else if overflowEmbeddings > 0 {
                    overflowEmbeddings -= 1
                } else if !recorded.isolate, stack.count >= 2 {
                    stack.removeLast()
                }
            default:
                break
            }
            for unit in index..<(index + width) {
                levels[unit] = recorded.level
                overrides[unit] = recorded.override
            }
            index += width
        }
    }

    /// The least level above `level` of the given direction (odd for right to left).
    private static func nextLevel(above level: UInt8, rightToLeft: Bool) -> UInt8 {
        rightToLeft ? (level + 1) | 1 : (level + 2) & ~1
    }

    /// Rules P2–P3 from `start`: 0 or 1 for the first L or R/AL character that is not
    /// inside an isolate, nil when there is none. With `isolated`, the search ends at
    /// the PDI that closes the isolate `start` is in.
    static func firstStrongLevel(_ text: UnsafeBufferPointer<UInt16>, from start: Int, isolated: Bool) -> UInt8? {
        var depth = 0
        var index = start
        while index < text.count {
            let (scalar, width) = decodeScalar(text, at: index)
            index += width
            switch scalar.value {
            case 0x2066...0x2068:
                depth += 1
            case 0x2069:
                if depth == 0, isolated { return nil }
                depth = max(depth - 1, 0)
            default:
                guard depth == 0 else { continue }
                switch cicu_bidi_class(Int32(bitPattern: scalar.value)) {
                case 0: return 0
                case 1, 13: return 1
                default: continue
                }
            }
        }
        return nil
    }

    /// The offsets of paired brackets (Bidi_Paired_Bracket_Type open or close) that
    /// an override makes strong.
    func overriddenBrackets(in text: UnsafeBufferPointer<UInt16>) -> [Int] {
        text.indices.filter {
            overrides[$0] != .neutral && cicu_paired_bracket_type(Int32(text[$0])) != 0
        }
    }

    /// Corrects ICU's `resolved` levels: in a left-to-right-only paragraph every
    /// character takes its embedding level, elsewhere every overridden character
    /// that X9 keeps does.
    func correct(_ resolved: inout [UInt8], in text: UnsafeBufferPointer<UInt16>) {
        if isLeftToRightOnly {
            resolved = levels
            return
        }
        for index in text.indices where overrides[index] != .neutral && !Self.isRemovedByX9(text[index]) {
            resolved[index] = levels[index]
        }
    }

    /// Whether X9 removes the code unit: embedding and override controls, PDF, and
    /// boundary neutrals. (A removed character's level is never read, so a
    /// supplementary BN taking its embedding level does no harm.)
    private static func isRemovedByX9(_ unit: UInt16) -> Bool {
        (0x202A...0x202E).contains(unit) || cicu_bidi_class(Int32(unit)) == 18  // U_BOUNDARY_NEUTRAL
    }
}
