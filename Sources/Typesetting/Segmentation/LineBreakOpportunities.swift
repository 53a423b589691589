internal import CICU

/// A place where a line may (or must) end, as a UTF-16 offset: the line ends just
/// before the character at `offset`.
public struct BreakOpportunity: Sendable, Hashable, CustomStringConvertible {
    /// The UTF-16 offset of the break.
    public var offset: Int
    /// Whether the line must end here (after a line separator, say), rather than may.
    public var isMandatory: Bool

    /// Creates an opportunity.
    public init(offset: Int, isMandatory: Bool) {
        self.offset = offset
        self.isMandatory = isMandatory
    }

    /// `12` for a soft break, `12!` for a mandatory one.
    public var description: String { isMandatory ? "\(offset)!" : "\(offset)" }
}

/// The UAX #14 line-break opportunities of a text, as ICU's line iterator gives them:
/// from `PlainTextLineBreaks` for plain English prose, from ICU otherwise.
///
/// Kept compactly: 10 MB of text has a few million opportunities.
struct LineBreakOpportunities: Sendable {
    /// Offsets of every opportunity after the start, ascending; the last is the length.
    var offsets: [Int32] = []
    /// Whether each opportunity is mandatory.
    var mandatory: [Bool] = []

    /// Finds the opportunities in `text` for `locale` ("en", "ja@lb=strict");
    /// `allowsPlainTextRules: false` asks ICU even for plain prose (for the tests
    /// that hold the two to the same answers).
    ///
    /// - Throws: `TypesettingError` with `.unicodeAnalysisFailed` when ICU fails, and
    ///   `.paragraphTooLong` past `ShapedParagraph.maximumLength` units (ICU's offsets
    ///   are 32-bit).
    init(
        text: UnsafeBufferPointer<UInt16>, locale: String, allowsPlainTextRules: Bool = true,
        pool: LineBreakIteratorPool = LayoutContext.shared.lineBreakIterators
    ) throws {
        guard text.count > 0 else { return }
        try TypesettingError.checkParagraphLength(text.count)
        if allowsPlainTextRules, PlainTextLineBreaks.apply(to: locale),
            let found = PlainTextLineBreaks.opportunities(in: text)
        {
            (offsets, mandatory) = found
            return
        }
        let iterator = try pool.take(locale: locale, text: text)
        defer { pool.give(iterator, locale: locale) }
        offsets.reserveCapacity(text.count / 5 + 1)
        mandatory.reserveCapacity(text.count / 5 + 1)
        let chunk = 512
        // Scratch on the stack: no allocation or zeroing per paragraph.
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * chunk) { scratch in
            let offsetBuffer = scratch.baseAddress!
            let statusBuffer = scratch.baseAddress! + chunk
            while true {
                let count = Int(cicu_break_fill(iterator, offsetBuffer, statusBuffer, Int32(chunk)))
                if count == 0 { break }
                offsets.append(contentsOf: UnsafeBufferPointer(start: offsetBuffer, count: count))
                for i in 0..<count {
                    // ICU: rule status 100..<200 is UBRK_LINE_HARD, a mandatory break.
                    mandatory.append(statusBuffer[i] >= 100 && statusBuffer[i] < 200)
                }
            }
        }
    }

    /// Finds the opportunities in `text` with each part broken by its own locale:
    /// the opportunities after the start of a run up to and including its end come
    /// from that run's locale, with the whole text as context.
    ///
    /// - Throws: `TypesettingError` with `.unicodeAnalysisFailed` when ICU fails.
    /// The opportunities of the fallback analysis (see `ParagraphAnalysis.plain`),
    /// found without ICU so they cannot fail: after each run of hanging whitespace,
    /// mandatory where the run holds a line or paragraph separator (LF, VT, FF, CR,
    /// NEL, U+2028, U+2029), and at the end.
    init(whitespaceIn text: UnsafeBufferPointer<UInt16>) {
        var index = 0
        while index < text.count {
            guard isHangingWhitespace(text[index]) else {
                index += 1
                continue
            }
            var isMandatory = false
            while index < text.count, isHangingWhitespace(text[index]) {
                switch text[index] {
                case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: isMandatory = true
                default: break
                }
                index += 1
            }
            if index < text.count {
                offsets.append(Int32(index))
                mandatory.append(isMandatory)
            }
        }
        if !text.isEmpty {
            offsets.append(Int32(text.count))
            mandatory.append(true)
        }
    }

    init(
        text: UnsafeBufferPointer<UInt16>, locales: LineBreakLocales,
        pool: LineBreakIteratorPool = LayoutContext.shared.lineBreakIterators
    ) throws {
        if let locale = locales.single {
            try self.init(text: text, locale: locale, pool: pool)
        } else {
            try self.init(text: text, runs: locales.runs, pool: pool)
        }
    }

    private init(text: UnsafeBufferPointer<UInt16>, runs: [LineBreakLocales.Run], pool: LineBreakIteratorPool) throws {
        offsets.reserveCapacity(text.count / 5 + 1)
        mandatory.reserveCapacity(text.count / 5 + 1)
        for run in runs {
            let iterator = try pool.take(locale: run.locale, text: text)
            defer { pool.give(iterator, locale: run.locale) }
            var status: Int32 = 0
            var offset = cicu_break_following(iterator, Int32(run.range.lowerBound), &status)
            while offset >= 0 && offset <= run.range.upperBound {
                offsets.append(offset)
                // ICU: rule status 100..<200 is UBRK_LINE_HARD, a mandatory break.
                mandatory.append(status >= 100 && status < 200)
                offset = cicu_break_following(iterator, offset, &status)
            }
        }
    }

    /// The number of opportunities.
    var count: Int { offsets.count }
}

/// The line-break opportunities in `text` (UAX #14 with ICU's tailorings).
///
/// The end of the text is always the last opportunity; the start is never listed.
///
/// - Parameters:
///   - text: the text, in UTF-16 code units.
///   - locale: an ICU locale, which may carry the line-break keyword
///     (`ja@lb=strict`, `ja@lb=loose`).
/// - Throws: `TypesettingError` with `.unicodeAnalysisFailed` when ICU fails, and
///   `.paragraphTooLong` when `text` is longer than `ShapedParagraph.maximumLength`.
public func lineBreakOpportunities(in text: [UInt16], locale: String = "") throws -> [BreakOpportunity] {
    let table = try text.withUnsafeBufferPointer { try LineBreakOpportunities(text: $0, locale: locale) }
    return zip(table.offsets, table.mandatory).map { BreakOpportunity(offset: Int($0), isMandatory: $1) }
}

/// Line-break iterators kept for reuse, per locale: opening one loads and checks
/// ICU's rules (about 20,000 instructions), pointing one at new text does not. A
/// `LayoutContext` owns one (`LayoutContext.lineBreakIterators`).
///
/// At most `keptPerLocale` idle iterators per locale and `limit` in all: locales come
/// from the text's attributes, so a document naming thousands of languages must not
/// keep thousands of iterators. Past `limit`, the locale used least recently loses
/// its iterators. The pool closes what it drops, and everything it holds when freed.
final class LineBreakIteratorPool: Sendable {
    /// The most idle iterators kept, over all locales.
    let limit: Int
    /// The most idle iterators kept for one locale.
    static let keptPerLocale = 8

    /// Idle iterators by locale, as raw addresses (C pointers are not `Sendable`),
    /// and the locales from least to most recently given back.
    private struct Idle {
        var byLocale: [String: [UInt]] = [:]
        var order: [String] = []
        var count = 0
    }
    private let idle = Lock(Idle())

    /// A pool keeping at most `limit` idle iterators.
    init(limit: Int) {
        precondition(limit > 0, "a pool keeps at least one iterator")
        self.limit = limit
    }

    deinit {
        for address in idle.withLock({ $0.byLocale.values.joined() }) {
            cicu_break_close(OpaquePointer(bitPattern: address))
        }
    }

    /// The idle iterators kept now.
    var idleCount: Int { idle.withLock { $0.count } }

    /// An iterator for `locale` over `text`, from the pool or newly opened.
    ///
    /// - Throws: `TypesettingError` when ICU fails.
    func take(locale: String, text: UnsafeBufferPointer<UInt16>) throws -> OpaquePointer {
        var status: Int32 = 0
        let pooled = idle.withLock { idle -> UInt? in
            guard let address = idle.byLocale[locale]?.popLast() else { return nil }
            idle.count -= 1
            return address
        }
        if let pooled, let iterator = OpaquePointer(bitPattern: pooled) {
            cicu_break_set_text(iterator, text.baseAddress, Int32(text.count), &status)
            if status <= 0 { return iterator }
            cicu_break_close(iterator)
            status = 0
        }
        let iterator = cicu_line_break_open(locale, text.baseAddress, Int32(text.count), &status)
        if let iterator, status > 0 { cicu_break_close(iterator) }
        try ICUStatus.check(status, "opening a line-break iterator for '\(locale)'")
        guard let iterator else {
            throw TypesettingError(.unicodeAnalysisFailed, "ICU gave no line-break iterator for '\(locale)'")
        }
        return iterator
    }

    /// Returns an iterator for reuse, closing it, or the least recently used
    /// locale's, when the pool has enough.
    func give(_ iterator: OpaquePointer, locale: String) {
        let address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(iterator)))
        let dropped = idle.withLock { idle -> [UInt] in
            guard idle.byLocale[locale, default: []].count < min(Self.keptPerLocale, limit) else { return [address] }
            idle.byLocale[locale, default: []].append(address)
            idle.count += 1
            if idle.order.last != locale {
                idle.order.removeAll { $0 == locale }
                idle.order.append(locale)
            }
            var dropped: [UInt] = []
            while idle.count > limit, let oldest = idle.order.first {
                let iterators = idle.byLocale.removeValue(forKey: oldest) ?? []
                idle.order.removeFirst()
                idle.count -= iterators.count
                dropped += iterators
            }
            return dropped
        }
        for address in dropped { cicu_break_close(OpaquePointer(bitPattern: address)) }
    }
}
