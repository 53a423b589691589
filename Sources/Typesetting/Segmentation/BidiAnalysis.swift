internal import CICU

/// The direction a paragraph is written in.
public enum WritingDirection: Sendable, Hashable, CaseIterable {
    /// Decided by the paragraph's first strong character (UAX #9 rules P2–P3),
    /// left-to-right when it has none.
    case natural
    /// Left to right.
    case leftToRight
    /// Right to left.
    case rightToLeft
}

/// The resolved bidi embedding levels of one paragraph (UAX #9, through ICU).
///
/// Odd levels are right-to-left. Text with nothing right-to-left in it and a
/// left-to-right paragraph skips ICU entirely: every level is 0.
public struct BidiLevels: Sendable, Hashable {
    /// The paragraph embedding level: 0 left-to-right, 1 right-to-left.
    public let paragraphLevel: UInt8
    /// The level of each UTF-16 code unit (after rule L1 for the paragraph as one
    /// line), or nil when every unit is at the paragraph level.
    let storage: [UInt8]?
    /// The number of code units.
    let count: Int

    /// Resolves the levels of `text` written in `direction`.
    ///
    /// - Throws: `TypesettingError` with `.unicodeAnalysisFailed` when ICU fails.
    public init(text: [UInt16], direction: WritingDirection = .natural) throws {
        self = try text.withUnsafeBufferPointer { try BidiLevels(buffer: $0, direction: direction) }
    }

    /// Every one of `count` units at the paragraph level `direction` gives (left to
    /// right for `.natural`): the fallback analysis's levels, found without ICU.
    init(uniformCount count: Int, direction: WritingDirection) {
        self.count = count
        paragraphLevel = direction == .rightToLeft ? 1 : 0
        storage = nil
    }

    init(buffer text: UnsafeBufferPointer<UInt16>, direction: WritingDirection) throws {
        count = text.count
        if direction != .rightToLeft, !Self.needsBidi(text) {
            paragraphLevel = 0
            storage = nil
            return
        }
        let requested: UInt8 =
            switch direction {
            case .natural: 0xFE  // UBIDI_DEFAULT_LTR
            case .leftToRight: 0
            case .rightToLeft: 1
            }
        // Where UAX #9's bracket stack overflows, or an override made a bracket strong,
        // ICU still pairs brackets: it is given the text with the brackets BD16 would
        // not pair made plain neutrals ("!"). ExplicitEmbeddings says what else it
        // corrects.
        var unpaired = Self.bracketsLeftUnpairedByOverflow(text)
        var explicit: ExplicitEmbeddings?
        if ExplicitEmbeddings.isNeeded(for: text) {
            let level =
                requested <= 1 ? requested : ExplicitEmbeddings.firstStrongLevel(text, from: 0, isolated: false) ?? 0
            let scan = ExplicitEmbeddings(text: text, paragraphLevel: level)
            unpaired += scan.overriddenBrackets(in: text)
            explicit = scan
        }
        let resolved: (paragraphLevel: UInt8, levels: [UInt8]?)
        if unpaired.isEmpty {
            resolved = try Self.resolve(text, requested: requested)
        } else {
            var neutralized = Array(text)
            for index in unpaired { neutralized[index] = 0x21 }
            resolved = try neutralized.withUnsafeBufferPointer { try Self.resolve($0, requested: requested) }
        }
        paragraphLevel = resolved.paragraphLevel
        guard var levels = resolved.levels else {
            storage = nil
            return
        }
        Self.levelMarksAfterBrackets(&levels, in: text)
        explicit?.correct(&levels, in: text)
        storage = levels
    }

    /// ICU's paragraph level and the level of every code unit of `text` (requested
    /// level as ubidi takes it), or nil levels when ICU gives no bidi object.
    private static func resolve(_ text: UnsafeBufferPointer<UInt16>, requested: UInt8) throws
        -> (paragraphLevel: UInt8, levels: [UInt8]?)
    {
        try TypesettingError.checkParagraphLength(text.count)
        var status: Int32 = 0
        let bidi = cicu_bidi_open(text.baseAddress, Int32(text.count), requested, &status)
        try ICUStatus.check(status, "resolving bidi levels")
        guard let bidi else { return (requested == 1 ? 1 : 0, nil) }
        defer { cicu_bidi_close(bidi) }
        var levels = [UInt8](repeating: 0, count: text.count)
        if text.count > 0 {
            cicu_bidi_copy_levels(bidi, &levels, Int32(text.count), &status)
            try ICUStatus.check(status, "reading bidi levels")
        }
        return (cicu_bidi_paragraph_level(bidi), levels)
    }

    /// Rule N0's last step, which ICU 72 misses: combining marks (bidi class NSM)
    /// right after a paired bracket take the bracket's resolved direction, so they
    /// take its level. (Without N0 changing the bracket, W1 gave the marks the
    /// bracket's type and they resolve alike anyway.) Skipped in paragraphs with
    /// explicit embeddings or isolates, where adjacency in the text is not adjacency
    /// in the isolating run. BidiCharacterTest's cases 83–88, 102, 108 and 113 check it.
    private static func levelMarksAfterBrackets(_ levels: inout [UInt8], in text: UnsafeBufferPointer<UInt16>) {
        if text.contains(where: { (0x202A...0x202E).contains($0) || (0x2066...0x2069).contains($0) }) { return }
        var index = 0
        while index < text.count {
            // Every paired bracket is one unit of the BMP and no surrogate is one:
            // the scan steps by units, decoding only the marks after a bracket.
            let unit = text[index]
            index += 1
            guard isPairedBracket(unit) else { continue }
            let bracketLevel = levels[index - 1]
            while index < text.count {
                // Boundary neutrals (joiners, zero-width spaces) are removed by X9:
                // marks after them still follow the bracket.
                let (mark, markWidth) = decodeScalar(text, at: index)
                let category = UnicodeProperties.generalCategory(of: mark.value)
                if category == .nonspacingMark || category == .enclosingMark {
                    for unit in index..<(index + markWidth) { levels[unit] = bracketLevel }
                } else if !UnicodeProperties.isDefaultIgnorable(mark.value) {
                    break
                }
                index += markWidth
            }
        }
    }

    /// The brackets BD16 leaves unpaired because its 63-entry stack overflowed (the
    /// pairs closed before the overflow stand; it stops there), or none when the stack
    /// never overflows — nearly always. Paragraphs with explicit embeddings or
    /// isolates are left to ICU. BidiCharacterTest's case 120 checks it.
    static func bracketsLeftUnpairedByOverflow(_ text: UnsafeBufferPointer<UInt16>) -> [Int] {
        // The stack holds 63 openings, so it overflows only at a 64th: count them
        // first, without the stack and the set of pairs (nearly every paragraph).
        var openings = 0
        let types = bmpPairedBracketTypes
        for unit in text {
            let opens = unit < 0x80 ? unit == 0x28 || unit == 0x5B || unit == 0x7B : types[Int(unit)] == .opening
            if opens { openings += 1 }
        }
        guard openings > 63 else { return [] }
        var stack: [(closing: UInt32, index: Int)] = []
        var paired = Set<Int>()
        var brackets: [Int] = []
        var overflowed = false
        for index in 0..<text.count {
            let unit = text[index]
            guard unit >= 0x28 else { continue }
            if (0x202A...0x202E).contains(unit) || (0x2066...0x2069).contains(unit) { return [] }
            guard !overflowed else {
                if pairedBracketType(UInt32(unit)) != .notABracket { brackets.append(index) }
                continue
            }
            switch pairedBracketType(UInt32(unit)) {
            case .opening:
                brackets.append(index)
                if stack.count == 63 {
                    overflowed = true
                    continue
                }
                stack.append((UnicodeProperties.pairedBracket(of: UInt32(unit)), index))
            case .closing:
                brackets.append(index)
                if let match = stack.lastIndex(where: { $0.closing == UInt32(unit) }) {
                    paired.insert(stack[match].index)
                    paired.insert(index)
                    stack.removeSubrange(match...)
                }
            default:
                continue
            }
        }
        return overflowed ? brackets.filter { !paired.contains($0) } : []
    }

    /// The level of every code unit.
    public var levels: [UInt8] {
        storage ?? [UInt8](repeating: paragraphLevel, count: count)
    }

    /// The level of the code unit at `offset`.
    public func level(at offset: Int) -> UInt8 {
        storage?[offset] ?? paragraphLevel
    }

    /// Whether the paragraph's base direction is right to left.
    public var isRightToLeft: Bool { paragraphLevel & 1 == 1 }

    /// Whether any code unit could produce a right-to-left level: strong R/AL
    /// letters, Arabic digits, or explicit bidi controls. Four units at a time while
    /// all four are below U+0400 (Latin, Greek, Cyrillic and the rest of the first
    /// blocks, nothing right to left): one load and mask for four, where a look at
    /// each cost six instructions a character of every paragraph.
    static func needsBidi(_ text: UnsafeBufferPointer<UInt16>) -> Bool {
        guard let base = text.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let count = text.count
        var index = 0
        while index < count {
            if index &+ 4 <= count,
                raw.loadUnaligned(fromByteOffset: index &* 2, as: UInt64.self) & 0xFC00_FC00_FC00_FC00 == 0
            {
                index &+= 4
                continue
            }
            let stop = min(index &+ 4, count)
            while index < stop {
                if mayBeRightToLeft(text[index]) { return true }
                index &+= 1
            }
        }
        return false
    }

    /// Whether `unit` is, or may start, a character `needsBidi` looks for.
    @inline(__always)
    private static func mayBeRightToLeft(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x200E...0x200F, 0x202A...0x202E, 0x2066...0x2069:
            true
        case 0xD802, 0xD803, 0xD83A, 0xD83B:  // high surrogates of RTL planes' blocks
            true
        default:
            false
        }
    }

    /// The visual order of items at `levels` on one line (UAX #9 rule L2): from the
    /// highest level down to the lowest odd level, reverse every maximal sequence at
    /// that level or higher. Returns logical indices in visual order.
    public static func visualOrder(levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), highest > 0 else { return order }
        let lowestOdd = levels.filter { $0 & 1 == 1 }.min() ?? (highest | 1)
        var level = highest
        while level >= lowestOdd, level > 0 {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else {
                    i += 1
                    continue
                }
                var j = i
                while j < order.count, levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }
}

/// The Bidi_Paired_Bracket_Type of every BMP code point, read from ICU once
/// (64 KiB), so scanning a right-to-left paragraph for brackets makes no C call per
/// character. Every paired bracket is in the BMP.
private let bmpPairedBracketTypes: [UnicodeProperties.PairedBracketType] = (0..<0x10000).map {
    UnicodeProperties.pairedBracketType(of: $0)
}

/// The paired-bracket type of `value` (not a bracket outside the BMP).
@inline(__always)
private func pairedBracketType(_ value: UInt32) -> UnicodeProperties.PairedBracketType {
    value < 0x10000 ? bmpPairedBracketTypes[Int(value)] : .notABracket
}

/// Whether the UTF-16 unit `unit` is a paired bracket: in ASCII found without the
/// table.
@inline(__always)
private func isPairedBracket(_ unit: UInt16) -> Bool {
    unit < 0x80 ? isASCIIBracket(UInt32(unit)) : pairedBracketType(UInt32(unit)) != .notABracket
}
