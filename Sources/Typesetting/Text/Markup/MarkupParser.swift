import Foundation

/// Reads Pango markup into text and attribute runs: one pass over the tokens of
/// `MarkupScanner`, with an explicit stack of open elements (never recursion), so
/// deep nesting is an error and not a stack overflow, and time and memory grow
/// linearly with the markup.
struct MarkupParser {
    /// The deepest nesting of elements accepted.
    static let maximumDepth = 256

    /// An open element.
    private struct OpenElement {
        /// Its name.
        var name: String
        /// Where its `<` is.
        var offset: Int
        /// The style inside it.
        var style: MarkupStyle
        /// `style`'s attributes, resolved once.
        var attributes: TextAttributes
    }

    /// The base size in Pango units, which relative sizes scale.
    private let baseUnits: Int
    /// The elements beyond Pango's it reads.
    private let extensions: MarkupExtensions

    /// A parser resolving relative sizes over `baseSize` points, reading Pango's
    /// elements and those `extensions` allow.
    init(baseSize: CGFloat, extensions: MarkupExtensions = .pango) {
        baseUnits = Int(Double(baseSize) * Double(pangoScale) + 0.5)
        self.extensions = extensions
    }

    /// The text and runs `bytes` stand for.
    ///
    /// - Throws: `MarkupProblem` at the first thing that is not well-formed Pango
    ///   markup.
    func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws -> AttributedText {
        var scanner = MarkupScanner(bytes)
        let root = OpenElement(
            name: "", offset: 0, style: MarkupStyle(baseUnits: baseUnits), attributes: TextAttributes())
        var stack = [root]
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var length = 0
        var runs: [AttributedText.AttributeRun] = []
        // Equal attribute sets share one box: rich text repeats a few sets, and a
        // paragraph's attribute table then finds each by identity (`isIdentical`).
        var shared: [TextAttributes: TextAttributes] = [:]
        while let token = try scanner.next() {
            switch token {
            case .text(let range):
                let start = length
                try MarkupEntities.decode(bytes, range, inAttribute: false, into: &text, utf16Count: &length)
                Self.extend(&runs, with: start..<length, attributes: stack[stack.count - 1].attributes)
            case .startTag(let nameRange, let attributes, let isEmpty, let start):
                guard stack.count <= Self.maximumDepth else {
                    throw MarkupProblem(offset: start, message: "elements nest deeper than \(Self.maximumDepth)")
                }
                let name = scanner.text(nameRange)
                let spanAttributes = try attributes.map { attribute in
                    MarkupSpanAttribute(
                        name: scanner.text(attribute.name),
                        value: try MarkupEntities.attributeValue(bytes, attribute.value),
                        nameOffset: attribute.name.lowerBound, valueOffset: attribute.value.lowerBound)
                }
                if name == "attachment", extensions.allows(name) {
                    // One U+FFFC (UTF-8 EF BF BC) standing for the box.
                    var attributes = stack[stack.count - 1].attributes
                    attributes.attachment = try extensions.attachment(spanAttributes, isEmpty: isEmpty, at: start)
                    text += [0xEF, 0xBF, 0xBC]
                    length += 1
                    Self.extend(&runs, with: (length - 1)..<length, attributes: attributes)
                    continue
                }
                let style =
                    name == "a" && extensions.allows(name)
                    ? try extensions.opening(link: spanAttributes, over: stack[stack.count - 1].style, at: start)
                    : try stack[stack.count - 1].style.opening(name, attributes: spanAttributes, at: start)
                if !isEmpty {
                    let attributes = style.attributes()
                    let box = shared[attributes, default: attributes]
                    shared[attributes] = box
                    stack.append(OpenElement(name: name, offset: start, style: style, attributes: box))
                }
            case .endTag(let nameRange, let start):
                let name = scanner.text(nameRange)
                try close(name, at: start, in: &stack, bytes: bytes)
            }
        }
        if stack.count > 1 {
            let open = stack[stack.count - 1]
            throw MarkupProblem(offset: open.offset, message: "unclosed tag <\(open.name)>")
        }
        let utf16 = text.withUnsafeBufferPointer { utf16Units(fromUTF8: $0, count: length) }
        return AttributedText(utf16: utf16, runs: runs)
    }

    /// Closes the innermost element, which must be `name`.
    private func close(_ name: String, at offset: Int, in stack: inout [OpenElement], bytes: UnsafeBufferPointer<UInt8>)
        throws
    {
        guard stack.count > 1 else {
            throw MarkupProblem(offset: offset, message: "closing tag </\(name)> has no open element to close")
        }
        let open = stack[stack.count - 1]
        guard open.name == name else {
            let opened = MarkupProblem.position(of: open.offset, in: bytes)
            throw MarkupProblem(
                offset: offset, message: "closing tag </\(name)> does not match <\(open.name)>, opened at \(opened)")
        }
        stack.removeLast()
    }

    /// Adds `range` with `attributes` to `runs`, lengthening the last run when its
    /// attributes are the same.
    private static func extend(
        _ runs: inout [AttributedText.AttributeRun], with range: Range<Int>, attributes: TextAttributes
    ) {
        guard !range.isEmpty else { return }
        if let last = runs.last, last.range.upperBound == range.lowerBound, last.attributes == attributes {
            runs[runs.count - 1].range = last.range.lowerBound..<range.upperBound
        } else {
            runs.append(AttributedText.AttributeRun(range: range, attributes: attributes))
        }
    }
}

extension AttributedText {
    /// Text and attributes from Pango markup, meaning what it means to Pango 1.50's
    /// `pango_parse_markup` (and so to `pango-view --markup`).
    ///
    /// The `<markup>` root is optional. The tags are `<b> <i> <s> <u> <sub> <sup>
    /// <small> <big> <tt> <span>`, with the entities `&amp; &lt; &gt; &quot; &apos;`
    /// and character references. Relative sizes (`<big>`, `<small>`, `larger`,
    /// `x-small`, `120%`) are resolved over `baseSize` as Pango resolves them over
    /// its base font, into an absolute `FontDescriptor.size`.
    ///
    /// Where the model is coarser than Pango: underline `low` and `error` become
    /// single lines; a `variant` becomes its OpenType features (`smcp`…); nested
    /// `<sub>`/`<sup>` keep the innermost shift; a size in `px` is taken as points.
    /// Pango attributes TextLayout cannot honour (`overline`, `gravity`,
    /// `font_scale`, `baseline_shift`, `line_height`, `allow_breaks`…) are errors
    /// rather than silently different text. Inside a font description without a
    /// size, `<big>` and `<small>` step from the size in effect (Pango 1.50 steps
    /// from 0 and lays the text out at size 0).
    /// `docs/MARKUP.md` has every tag and attribute and what each sets.
    ///
    /// - Parameters:
    ///   - markup: the markup.
    ///   - baseSize: the size in points of text no size applies to.
    /// - Throws: `TypesettingError` with `.invalidMarkup` whose message starts with
    ///   the line and column (1-based, in Unicode scalars) of the first problem:
    ///   `line 3, column 14: unclosed tag <b>`. Unknown tags, attributes and values
    ///   are errors, as in Pango; so is nesting deeper than 256 elements.
    ///   `.invalidFontSize` when `baseSize` is not a positive number of at most
    ///   `Font.maximumSize` points.
    public init(markup: String, baseSize: CGFloat = 12) throws {
        try self.init(markup: markup, baseSize: baseSize, extensions: .pango)
    }

    /// Text and attributes from Pango markup with elements beyond Pango's that
    /// `extensions` allow (a link, an inline attachment); otherwise as
    /// `init(markup:baseSize:)`, whose errors it throws.
    public init(markup: String, baseSize: CGFloat, extensions: MarkupExtensions) throws {
        guard Font.isValid(size: baseSize) else {
            throw TypesettingError(
                .invalidFontSize,
                "the base size of markup must be a positive number of points, at most 1000000, not \(baseSize)")
        }
        var markup = markup
        self = try markup.withUTF8 { bytes in
            do {
                return try MarkupParser(baseSize: baseSize, extensions: extensions).parse(bytes)
            } catch let problem as MarkupProblem {
                throw problem.error(in: bytes)
            }
        }
    }
}
