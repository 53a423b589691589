/// Line-break opportunities of plain prose without ICU: text made only of ASCII
/// letters and digits, spaces, the punctuation `, . ; : ! ? ( ) -` and quotation
/// marks (`" '` and the curly `“ ” ‘ ’`), broken exactly as ICU's line iterator
/// breaks it (a test holds the two to the same answers on random strings over
/// these characters and on every corpus). Any other character, or one of the few
/// patterns where ICU's number rules reach further than a neighbour (a space before
/// `, . ; : ! ?`, for one), sends the paragraph to ICU.
///
/// Why: ICU's rule-based iterator costs about 80 instructions a character, an
/// eighth of a cold layout of English; for these classes UAX #14 reduces to a
/// look at each character's neighbours, a few instructions each.
///
/// The rules, in UAX #14's order, for the classes here (AL letters, NU digits, SP,
/// IS `, . ; :`, EX `! ?`, OP `(`, CP `)`, QU quotes, HY `-`): no break before a
/// space (LB7) or before CP, EX, IS (LB13); none after OP, spaces or not (LB14);
/// none between QU and OP across spaces (LB15); a break after spaces (LB18); none
/// before or after QU (LB19); none before HY (LB21); none inside letters and digits
/// (LB23, LB25, LB28), or between HY and a digit (LB25); none after IS before a
/// letter or digit (LB29, ICU's numbers); none between a letter or digit and OP, or
/// CP and a letter or digit (LB30); none after a word-initial HY before a letter
/// (ICU's, Unicode 15.1's LB20a); a break elsewhere (LB31).
enum PlainTextLineBreaks {
    /// Line-break classes of the characters handled.
    private enum Class: UInt8 {
        case none = 0
        case letter
        case digit
        case space
        case infix
        case exclamation
        case open
        case close
        case quote
        case hyphen

        var isAlphanumeric: Bool { self == .letter || self == .digit }
    }

    /// The class of each ASCII unit; `.none` for those not handled.
    private static let ascii: [Class] = (0..<128).map { unit -> Class in
        switch UInt8(unit) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): .letter
        case UInt8(ascii: "0")...UInt8(ascii: "9"): .digit
        case UInt8(ascii: " "): .space
        case UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: ";"), UInt8(ascii: ":"): .infix
        case UInt8(ascii: "!"), UInt8(ascii: "?"): .exclamation
        case UInt8(ascii: "("): .open
        case UInt8(ascii: ")"): .close
        case UInt8(ascii: "\""), UInt8(ascii: "'"): .quote
        case UInt8(ascii: "-"): .hyphen
        default: .none
        }
    }

    /// Whether ICU breaks `locale` by its root rules, the ones replicated here:
    /// English and the root locale, without keywords. Other locales may have
    /// tailorings (ICU has Japanese, Finnish and Swedish ones, `@lb=strict` and
    /// `loose`), so they go to ICU.
    static func apply(to locale: String) -> Bool {
        if locale == "en" || locale.isEmpty { return true }  // the usual ones, without scanning
        guard !locale.contains("@") else { return false }
        let language = locale.prefix { $0 != "_" && $0 != "-" }
        return language == "en"
    }

    @inline(__always)
    private static func classify(_ unit: UInt16) -> Class {
        if unit < 0x80 { return ascii[Int(unit)] }
        switch unit {
        case 0x2018, 0x2019, 0x201C, 0x201D: return .quote
        default: return .none
        }
    }

    /// The opportunities after the start, as ICU gives them (the last is the end,
    /// none mandatory), or nil when the text is not plain prose.
    static func opportunities(in text: UnsafeBufferPointer<UInt16>) -> (offsets: [Int32], mandatory: [Bool])? {
        var offsets: [Int32] = []
        offsets.reserveCapacity(text.count / 5 + 1)
        var previous = classify(text[0])
        guard previous != .none else { return nil }
        // The class before `previous`; `.none` at the start of the text.
        var beforePrevious = Class.none
        // Whether `previous` came after OP and only spaces (LB14 held it).
        var previousFollowsOpen = false
        // The class of the last character that was not a space, for LB14 and LB15.
        var lastNonSpace = previous == .space ? Class.none : previous
        return ascii.withUnsafeBufferPointer { table -> (offsets: [Int32], mandatory: [Bool])? in
            var index = 1
            while index < text.count {
                if previous == .letter || previous == .digit {
                    // Letters and digits after a letter or digit never break (LB23,
                    // LB25, LB28): skip them in a tight loop, most of any prose.
                    var end = index
                    while end < text.count, text[end] < 0x80, table[Int(text[end])].isAlphanumeric { end += 1 }
                    if end > index {
                        beforePrevious = end - index >= 2 ? table[Int(text[end - 2])] : previous
                        previous = table[Int(text[end - 1])]
                        lastNonSpace = previous
                        previousFollowsOpen = false
                        index = end
                        if index == text.count { break }
                    }
                }
                defer { index += 1 }
                let unit = text[index]
                let current = unit < 0x80 ? table[Int(unit)] : classify(unit)
                let breaks: Bool
                switch current {
                case .none:
                    return nil
                case .space:
                    breaks = false  // LB7
                case .infix, .exclamation:
                    // ICU's number rules take a space before `.5` as a break; send
                    // every space before these to ICU.
                    guard previous != .space else { return nil }
                    breaks = false  // LB13
                case .close:
                    breaks = false  // LB13
                case .hyphen:
                    if lastNonSpace == .open {
                        breaks = false  // LB14
                    } else {
                        breaks = previous == .space  // LB18, else LB21
                    }
                default:
                    if lastNonSpace == .open {
                        breaks = false  // LB14
                    } else if current == .open, lastNonSpace == .quote {
                        breaks = false  // LB15
                    } else if previous == .space {
                        breaks = true  // LB18
                    } else if current == .quote || previous == .quote {
                        breaks = false  // LB19
                    } else {
                        switch (previous, current) {
                        case (.letter, .letter), (.letter, .digit), (.digit, .letter), (.digit, .digit):
                            breaks = false  // LB23, LB25, LB28
                        case (.infix, .letter), (.infix, .digit):
                            breaks = false  // LB29; ICU's LB25 keeps `.5` whole
                        case (.letter, .open), (.digit, .open), (.close, .letter), (.close, .digit):
                            breaks = false  // LB30
                        case (.hyphen, .digit):
                            breaks = false  // LB25
                        case (.hyphen, .letter):
                            // A word-initial hyphen stays with its word (ICU's rule,
                            // UAX #14's LB20a from Unicode 15.1) — unless LB14 already
                            // held the hyphen to an OP before it.
                            breaks = previousFollowsOpen || (beforePrevious != .none && beforePrevious != .space)
                        default:
                            breaks = true  // LB31
                        }
                    }
                }
                if breaks { offsets.append(Int32(index)) }
                previousFollowsOpen = lastNonSpace == .open
                beforePrevious = previous
                previous = current
                if current != .space { lastNonSpace = current }
            }
            offsets.append(Int32(text.count))
            return (offsets, [Bool](repeating: false, count: offsets.count))
        }
    }
}
