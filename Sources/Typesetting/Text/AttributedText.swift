/// Text with attributes over UTF-16 ranges: the input to typesetting.
///
/// Attribute runs cover the text without gaps or overlaps; setting attributes on a
/// range splits the runs it cuts. Locations are UTF-16 offsets, as in TextKit.
public struct AttributedText: Sendable, Hashable {
    /// The text as UTF-16 code units.
    public private(set) var utf16: [UInt16]
    /// The attribute runs, in order, covering `0..<utf16.count`.
    public private(set) var runs: [AttributeRun]

    /// A run of text with one set of attributes: the run an author sets, the first of
    /// the runs text passes through on its way to a line's `GlyphRun`s.
    public struct AttributeRun: Sendable, Hashable {
        /// The UTF-16 range the attributes apply to.
        public var range: Range<Int>
        /// The attributes.
        public var attributes: TextAttributes
    }

    /// Text with one set of attributes throughout.
    public init(_ string: String, attributes: TextAttributes = TextAttributes()) {
        // One pass over the string's UTF-8: `Array(string.utf16)` walks a native
        // string through index breadcrumbs, several times slower on non-ASCII text.
        var string = string
        let units = string.withUTF8 { utf16Units(fromUTF8: $0) }
        self.init(utf16: units, attributes: attributes)
    }

    /// Text from UTF-16 code units with one set of attributes throughout.
    public init(utf16: [UInt16], attributes: TextAttributes = TextAttributes()) {
        self.utf16 = utf16
        self.runs = [AttributeRun(range: 0..<utf16.count, attributes: attributes)]
    }

    /// Text with runs already made, such as a parser's: `runs` are in order and
    /// cover the text (for empty text, no runs mean default attributes).
    init(utf16: [UInt16], runs: [AttributeRun]) {
        self.utf16 = utf16
        self.runs =
            runs.isEmpty ? [AttributeRun(range: 0..<utf16.count, attributes: TextAttributes())] : Self.coalesced(runs)
    }

    /// The text as a string (lone surrogates become U+FFFD).
    public var string: String { String(decoding: utf16, as: UTF16.self) }

    /// The length in UTF-16 code units.
    public var length: Int { utf16.count }

    /// Sets the attributes of `range`, replacing what was there.
    ///
    /// - Throws: `TypesettingError` `.invalidAttribute`, naming the range and the
    ///   text's length, when `range` does not lie within the text (nothing changes).
    public mutating func setAttributes(_ attributes: TextAttributes, range: Range<Int>) throws(TypesettingError) {
        try checkAttributeRange(range)
        guard !range.isEmpty else { return }
        var result: [AttributeRun] = []
        for run in runs where run.range.lowerBound < range.lowerBound {
            let upper = min(run.range.upperBound, range.lowerBound)
            result.append(AttributeRun(range: run.range.lowerBound..<upper, attributes: run.attributes))
        }
        result.append(AttributeRun(range: range, attributes: attributes))
        for run in runs where run.range.upperBound > range.upperBound {
            let lower = max(run.range.lowerBound, range.upperBound)
            result.append(AttributeRun(range: lower..<run.range.upperBound, attributes: run.attributes))
        }
        runs = Self.coalesced(result)
    }

    /// The attributes at `offset`.
    public func attributes(at offset: Int) -> TextAttributes {
        let index = runIndex(containing: offset)
        return runs[index].attributes
    }

    /// The text and attributes of `range`, with ranges starting at 0.
    public func slice(_ range: Range<Int>) -> AttributedText {
        var result = AttributedText(utf16: Array(utf16[range]))
        guard !range.isEmpty else {
            result.runs = [
                AttributeRun(range: 0..<0, attributes: attributes(at: min(range.lowerBound, max(length - 1, 0))))
            ]
            return result
        }
        // The runs the range meets, counted first (a walk over the runs about to be
        // read) so that the slice's array is made once.
        let first = runIndex(containing: range.lowerBound)
        var end = first
        while end < runs.count, runs[end].range.lowerBound < range.upperBound { end += 1 }
        var sliced: [AttributeRun] = []
        sliced.reserveCapacity(end - first)
        for index in first..<end {
            let run = runs[index]
            let lower = max(run.range.lowerBound, range.lowerBound) - range.lowerBound
            let upper = min(run.range.upperBound, range.upperBound) - range.lowerBound
            if lower < upper { sliced.append(AttributeRun(range: lower..<upper, attributes: run.attributes)) }
        }
        result.runs = sliced
        return result
    }

    /// An empty text.
    public init() {
        self.init(utf16: [])
    }

    /// Replaces the text and attributes of `range` with `replacement`.
    ///
    /// - Precondition: `range` lies within the text.
    public mutating func replaceSubrange(_ range: Range<Int>, with replacement: AttributedText) {
        precondition(range.lowerBound >= 0 && range.upperBound <= length, "range outside the text")
        var result = slice(0..<range.lowerBound)
        result.append(replacement)
        result.append(slice(range.upperBound..<length))
        self = result
    }

    /// Appends `string` with `attributes`: the builder's step.
    public mutating func append(_ string: String, attributes: TextAttributes = TextAttributes()) {
        append(AttributedText(string, attributes: attributes))
    }

    /// Changes the attributes over `range` in place, run by run (as
    /// `NSMutableAttributedString.addAttributes`): `change` sees each run's attributes
    /// where `setAttributes` would replace them all.
    ///
    /// - Throws: `TypesettingError` `.invalidAttribute`, naming the range and the
    ///   text's length, when `range` does not lie within the text (nothing changes).
    public mutating func updateAttributes(
        in range: Range<Int>, _ change: (inout TextAttributes) -> Void
    ) throws(TypesettingError) {
        try checkAttributeRange(range)
        guard !range.isEmpty else { return }
        var result: [AttributeRun] = []
        for run in runs {
            let inside = run.range.clamped(to: range)
            guard !inside.isEmpty else {
                result.append(run)
                continue
            }
            if run.range.lowerBound < inside.lowerBound {
                result.append(AttributeRun(range: run.range.lowerBound..<inside.lowerBound, attributes: run.attributes))
            }
            var attributes = run.attributes
            change(&attributes)
            result.append(AttributeRun(range: inside, attributes: attributes))
            if inside.upperBound < run.range.upperBound {
                result.append(AttributeRun(range: inside.upperBound..<run.range.upperBound, attributes: run.attributes))
            }
        }
        runs = Self.coalesced(result)
    }

    /// Throws unless `range` lies within the text: the error for an attribute range
    /// outside it, naming both.
    func checkAttributeRange(_ range: Range<Int>) throws(TypesettingError) {
        guard range.lowerBound < 0 || range.upperBound > length else { return }
        throw Self.rangeError(range, length: length)
    }

    /// The error for an attribute range outside a text of `length` UTF-16 units.
    public static func rangeError(_ range: Range<Int>, length: Int) -> TypesettingError {
        TypesettingError(
            .invalidAttribute,
            "attribute range \(range.lowerBound)..<\(range.upperBound) is outside the text (length \(length))",
            range: range)
    }

    /// Appends text with its attributes.
    public mutating func append(_ other: AttributedText) {
        let shift = length
        utf16.append(contentsOf: other.utf16)
        let moved = other.runs.map {
            AttributeRun(
                range: ($0.range.lowerBound + shift)..<($0.range.upperBound + shift), attributes: $0.attributes)
        }
        runs = Self.coalesced(runs + moved)
    }

    /// The index of the run containing `offset` (the last run for the end).
    func runIndex(containing offset: Int) -> Int {
        max(runs.partitionPoint { $0.range.lowerBound > offset } - 1, 0)
    }

    /// Merges neighbouring runs with equal attributes and drops empty ones, keeping
    /// one (empty) run for empty text so every offset has attributes.
    private static func coalesced(_ runs: [AttributeRun]) -> [AttributeRun] {
        var result: [AttributeRun] = []
        for run in runs where !run.range.isEmpty {
            if let last = result.last, last.attributes == run.attributes, last.range.upperBound == run.range.lowerBound
            {
                result[result.count - 1].range = last.range.lowerBound..<run.range.upperBound
            } else {
                result.append(run)
            }
        }
        if result.isEmpty, let first = runs.first {
            result = [
                AttributeRun(range: first.range.lowerBound..<first.range.lowerBound, attributes: first.attributes)
            ]
        }
        return result
    }
}
