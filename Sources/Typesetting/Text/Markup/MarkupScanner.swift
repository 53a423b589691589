/// A problem in markup: what is wrong and the UTF-8 offset where it is, turned into a
/// `TypesettingError` naming line and column by `MarkupProblem.error(in:)`.
struct MarkupProblem: Error {
    /// The byte offset in the markup's UTF-8 where the problem is.
    var offset: Int
    /// What is wrong, without the position.
    var message: String

    /// The error people see: `line 3, column 14: unclosed tag <b>`, with the line
    /// and column (1-based, counted in Unicode scalars) of `offset` in `bytes`.
    func error(in bytes: UnsafeBufferPointer<UInt8>) -> TypesettingError {
        TypesettingError(.invalidMarkup, "\(Self.position(of: offset, in: bytes)): \(message)")
    }

    /// `line 3, column 14`: where byte `offset` of `bytes` is, 1-based, columns
    /// counted in Unicode scalars.
    static func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        var line = 1
        var column = 1
        for byte in UnsafeBufferPointer(rebasing: bytes[..<min(offset, bytes.count)]) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return "line \(line), column \(column)"
    }
}

/// An attribute of a start tag as written: its name and its value's raw bytes
/// (entities not yet replaced), each by byte range.
struct MarkupAttribute {
    /// The name's bytes.
    var name: Range<Int>
    /// The value's bytes, between the quotes.
    var value: Range<Int>
}

/// A piece of markup as `MarkupScanner` finds it.
enum MarkupToken {
    /// Text between tags, raw (entities not yet replaced).
    case text(Range<Int>)
    /// `<name attr="value"…>`, or `<name…/>` when `isEmpty`; `start` is the `<`.
    case startTag(name: Range<Int>, attributes: [MarkupAttribute], isEmpty: Bool, start: Int)
    /// `</name>`; `start` is the `<`.
    case endTag(name: Range<Int>, start: Int)
}

/// Splits markup's UTF-8 into text and tags, as GLib's `GMarkup` (which Pango reads
/// markup with) does: comments, processing instructions, CDATA sections and a
/// DOCTYPE are passed over (Pango gives them no handler, so they add no text).
///
/// One pass, each byte looked at a bounded number of times, so time is linear.
struct MarkupScanner {
    /// The markup.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the next token starts.
    private(set) var index = 0

    /// A scanner at the start of `bytes`.
    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The next token, or nil at the end.
    ///
    /// - Throws: `MarkupProblem` for a tag or comment that is not well formed.
    mutating func next() throws -> MarkupToken? {
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
                return .text(start..<index)
            }
            if let token = try tag() { return token }
        }
        return nil
    }

    /// The tag at `index` (a `<`), or nil after passing over a comment, a processing
    /// instruction, a CDATA section or a DOCTYPE.
    private mutating func tag() throws -> MarkupToken? {
        let start = index
        guard start + 1 < bytes.count else { throw MarkupProblem(offset: start, message: "the markup ends after '<'") }
        switch bytes[start + 1] {
        case UInt8(ascii: "!"), UInt8(ascii: "?"):
            try passOver()
            return nil
        case UInt8(ascii: "/"):
            index = start + 2
            let name = try self.name(in: "closing tag", tagStart: start)
            skipSpaces()
            guard index < bytes.count else { throw unterminated(start) }
            guard bytes[index] == UInt8(ascii: ">") else {
                throw MarkupProblem(
                    offset: index, message: "'\(character(at: index))' in closing tag </\(text(name))>; expected '>'")
            }
            index += 1
            return .endTag(name: name, start: start)
        default:
            index = start + 1
            let name = try self.name(in: "tag", tagStart: start)
            return try startTag(name: name, start: start)
        }
    }

    /// The rest of a start tag after its name: attributes, then `>` or `/>`.
    private mutating func startTag(name: Range<Int>, start: Int) throws -> MarkupToken {
        var attributes: [MarkupAttribute] = []
        while true {
            let hadSpace = skipSpaces()
            guard index < bytes.count else { throw unterminated(start) }
            switch bytes[index] {
            case UInt8(ascii: ">"):
                index += 1
                return .startTag(name: name, attributes: attributes, isEmpty: false, start: start)
            case UInt8(ascii: "/"):
                guard index + 1 < bytes.count else { throw unterminated(start) }
                guard bytes[index + 1] == UInt8(ascii: ">") else {
                    throw MarkupProblem(
                        offset: index + 1, message: "'/' in tag <\(text(name))> must be followed by '>'")
                }
                index += 2
                return .startTag(name: name, attributes: attributes, isEmpty: true, start: start)
            default:
                guard hadSpace else {
                    throw MarkupProblem(
                        offset: index,
                        message: "'\(character(at: index))' in tag <\(text(name))>; expected a space, '>' or '/>'")
                }
                attributes.append(try attribute(of: name, tagStart: start))
            }
        }
    }

    /// One `name="value"` (or `name='value'`) of the tag named `tag`.
    private mutating func attribute(of tag: Range<Int>, tagStart: Int) throws -> MarkupAttribute {
        let name = try self.name(in: "attribute", tagStart: tagStart)
        skipSpaces()
        guard index < bytes.count else { throw unterminated(tagStart) }
        guard bytes[index] == UInt8(ascii: "=") else {
            throw MarkupProblem(
                offset: index, message: "attribute '\(text(name))' of <\(text(tag))> has no '=' and value")
        }
        index += 1
        skipSpaces()
        guard index < bytes.count else { throw unterminated(tagStart) }
        let quote = bytes[index]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw MarkupProblem(offset: index, message: "the value of attribute '\(text(name))' must be in quotes")
        }
        let open = index
        index += 1
        while index < bytes.count, bytes[index] != quote { index += 1 }
        guard index < bytes.count else {
            throw MarkupProblem(offset: open, message: "the value of attribute '\(text(name))' has no closing quote")
        }
        index += 1
        return MarkupAttribute(name: name, value: (open + 1)..<(index - 1))
    }

    /// A tag or attribute name at `index`: a letter, `_` or `:` (or any non-ASCII
    /// character), then letters, digits, `.`, `-`, `_` or `:`, as GMarkup's names.
    private mutating func name(in kind: String, tagStart: Int) throws -> Range<Int> {
        let start = index
        guard index < bytes.count else { throw unterminated(tagStart) }
        guard Self.startsName(bytes[index]) else {
            throw MarkupProblem(offset: index, message: "'\(character(at: index))' cannot start a \(kind) name")
        }
        index += 1
        while index < bytes.count, Self.continuesName(bytes[index]) { index += 1 }
        if index < bytes.count, !Self.endsName(bytes[index]) {
            throw MarkupProblem(offset: index, message: "'\(character(at: index))' cannot be part of a \(kind) name")
        }
        return start..<index
    }

    /// Passes over `<!--…-->`, `<![CDATA[…]]>`, `<?…?>` or `<!DOCTYPE…>` at `index`.
    private mutating func passOver() throws {
        let start = index
        let (end, what): ([UInt8], String)
        if hasPrefix("<!--", at: start) {
            (end, what) = (Array("-->".utf8), "comment")
        } else if hasPrefix("<![CDATA[", at: start) {
            (end, what) = (Array("]]>".utf8), "CDATA section")
        } else if hasPrefix("<?", at: start) {
            (end, what) = (Array("?>".utf8), "processing instruction")
        } else if hasPrefix("<!DOCTYPE", at: start) {
            try passOverDoctype()
            return
        } else {
            throw MarkupProblem(offset: start, message: "'<!' starts neither a comment, a CDATA section nor a DOCTYPE")
        }
        index = start + 2
        while index + end.count <= bytes.count {
            if hasPrefix(end, at: index) {
                index += end.count
                return
            }
            index += 1
        }
        throw MarkupProblem(offset: start, message: "unterminated \(what)")
    }

    /// Passes over a DOCTYPE, whose `<` and `>` nest (an internal subset).
    private mutating func passOverDoctype() throws {
        let start = index
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<") { depth += 1 }
            if bytes[index] == UInt8(ascii: ">") {
                depth -= 1
                if depth == 0 {
                    index += 1
                    return
                }
            }
            index += 1
        }
        throw MarkupProblem(offset: start, message: "unterminated DOCTYPE")
    }

    /// Skips XML white space; returns whether there was any.
    @discardableResult
    private mutating func skipSpaces() -> Bool {
        let start = index
        while index < bytes.count, isMarkupSpace(bytes[index]) { index += 1 }
        return index > start
    }

    private func hasPrefix(_ prefix: String, at offset: Int) -> Bool {
        hasPrefix(Array(prefix.utf8), at: offset)
    }

    private func hasPrefix(_ prefix: [UInt8], at offset: Int) -> Bool {
        var i = offset
        for byte in prefix {
            guard i < bytes.count, bytes[i] == byte else { return false }
            i += 1
        }
        return true
    }

    private func unterminated(_ tagStart: Int) -> MarkupProblem {
        MarkupProblem(offset: tagStart, message: "unterminated tag: the markup ends before its '>'")
    }

    /// The bytes of `range` as a string.
    func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The character starting at byte `offset`, for messages.
    private func character(at offset: Int) -> String {
        var end = offset + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return text(offset..<end)
    }

    private static func startsName(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    private static func continuesName(_ byte: UInt8) -> Bool {
        startsName(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        isMarkupSpace(byte) || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }
}

/// XML white space: space, tab, LF and CR.
func isMarkupSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
}
