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

    init(buffer text: UnsafeBufferPointer<UInt16>, direction: WritingDirection) throws {
        count = text.count
        if direction != .rightToLeft, !Self.needsBidi(text) {
            paragraphLevel = 0
            storage = nil
            return
        }
        let requested: UInt8 = switch direction {
        case .natural: 0xFE  // UBIDI_DEFAULT_LTR
        case .leftToRight: 0
        case .rightToLeft: 1
        }
        var status: Int32 = 0
        let bidi = cicu_bidi_open(text.baseAddress, Int32(text.count), requested, &status)
        try ICUStatus.check(status, "resolving bidi levels")
        guard let bidi else {
            paragraphLevel = requested == 1 ? 1 : 0
            storage = nil
            return
        }
        defer { cicu_bidi_close(bidi) }
        paragraphLevel = cicu_bidi_paragraph_level(bidi)
        var levels = [UInt8](repeating: 0, count: text.count)
        if text.count > 0 {
            cicu_bidi_copy_levels(bidi, &levels, Int32(text.count), &status)
            try ICUStatus.check(status, "reading bidi levels")
        }
        storage = levels
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
    /// letters, Arabic digits, or explicit bidi controls.
    static func needsBidi(_ text: UnsafeBufferPointer<UInt16>) -> Bool {
        for unit in text where unit >= 0x0590 {
            switch unit {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF,
                 0x200E...0x200F, 0x202A...0x202E, 0x2066...0x2069:
                return true
            case 0xD802, 0xD803, 0xD83A, 0xD83B:  // high surrogates of RTL planes' blocks
                return true
            default:
                continue
            }
        }
        return false
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
                guard levels[order[i]] >= level else { i += 1; continue }
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
