// Parsers for the Unicode Character Database test files used by the conformance
// suites (LineBreakTest.txt, GraphemeBreakTest.txt, BidiCharacterTest.txt), which
// Debian's `unicode-data` package installs under /usr/share/unicode/.
//
// The files are read from the system on purpose (they are large and versioned with
// the package); a missing file is a test failure that says what to install.

import Foundation
import Testing

/// Locations of the UCD test files and helpers to read them.
enum UnicodeTestFile {
    static let lineBreakTestPath = "/usr/share/unicode/auxiliary/LineBreakTest.txt"
    static let graphemeBreakTestPath = "/usr/share/unicode/auxiliary/GraphemeBreakTest.txt"
    static let bidiCharacterTestPath = "/usr/share/unicode/BidiCharacterTest.txt"

    /// The lines of the file at `path`, or a failing `#require` that says to install
    /// `unicode-data` when it is missing.
    static func lines(of path: String) throws -> [Substring] {
        try #require(
            FileManager.default.fileExists(atPath: path),
            "Unicode test data \(path) is missing: install the Debian package `unicode-data` (apt-get install unicode-data)"
        )
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The data part of a line: everything before `#`, trimmed; nil for comments and blanks.
    static func data(of line: Substring) -> Substring? {
        let data = line.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
        return data.isEmpty ? nil : Substring(data)
    }

    /// A hexadecimal code point such as "05D0".
    static func scalar(_ hex: Substring) throws -> Unicode.Scalar {
        let value = try #require(UInt32(hex, radix: 16), "bad code point '\(hex)'")
        return try #require(Unicode.Scalar(value), "not a scalar value: \(hex)")
    }

    /// The UTF-16 of `scalars`, and the code-point index that starts at each UTF-16
    /// offset (offsets inside a surrogate pair are absent).
    static func utf16(_ scalars: [Unicode.Scalar]) -> (units: [UInt16], indexAtOffset: [Int: Int]) {
        var units: [UInt16] = []
        var indexAtOffset: [Int: Int] = [:]
        for (index, scalar) in scalars.enumerated() {
            indexAtOffset[units.count] = index
            units.append(contentsOf: UTF16.encode(scalar)!)
        }
        indexAtOffset[units.count] = scalars.count
        return (units, indexAtOffset)
    }
}

/// One case of a segmentation test file (UAX #14 / #29 format):
/// `× 0023 × 0308 ÷ 2014 ÷	# comment`.
struct BreakTestCase: Sendable, CustomStringConvertible {
    /// 1-based line number in the file.
    var lineNumber: Int
    /// The whole original line.
    var line: String
    /// The code points.
    var scalars: [Unicode.Scalar]
    /// The positions between code points where a break is allowed (1...count;
    /// position i is just before scalars[i]); position 0 is never included.
    var breaks: Set<Int>

    var description: String { "line \(lineNumber): \(line)" }

    /// Parses every case of a break test file.
    static func load(_ path: String) throws -> [BreakTestCase] {
        var cases: [BreakTestCase] = []
        for (index, line) in try UnicodeTestFile.lines(of: path).enumerated() {
            guard let data = UnicodeTestFile.data(of: line) else { continue }
            var scalars: [Unicode.Scalar] = []
            var breaks: Set<Int> = []
            for token in data.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                switch token {
                case "÷": if !scalars.isEmpty { breaks.insert(scalars.count) }
                case "×": break
                default: scalars.append(try UnicodeTestFile.scalar(token))
                }
            }
            cases.append(BreakTestCase(lineNumber: index + 1, line: String(line), scalars: scalars, breaks: breaks))
        }
        return cases
    }

    /// The case's code points with `breaks` as markers: `× 0023 ÷ 2014 ÷`.
    func render(breaks: Set<Int>) -> String {
        var parts = ["×"]
        for (i, scalar) in scalars.enumerated() {
            parts.append(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))
            parts.append(breaks.contains(i + 1) ? "÷" : "×")
        }
        return parts.joined(separator: " ")
    }
}

/// One line of BidiCharacterTest.txt:
/// `code points;direction;paragraph level;levels;visual order`.
struct BidiTestCase: Sendable, CustomStringConvertible {
    var lineNumber: Int
    var line: String
    var scalars: [Unicode.Scalar]
    /// 0 = LTR, 1 = RTL, 2 = auto (P2–P3).
    var direction: Int
    var paragraphLevel: UInt8
    /// The resolved level of each code point; nil where X9 removed it ("x").
    var levels: [UInt8?]
    /// Indices of the non-removed code points, in visual order.
    var visualOrder: [Int]

    var description: String { "line \(lineNumber): \(line)" }

    /// Whether the case contains explicit embeddings, overrides or isolates.
    var hasExplicitControls: Bool {
        scalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) }
    }

    static func load(_ path: String) throws -> [BidiTestCase] {
        var cases: [BidiTestCase] = []
        for (index, line) in try UnicodeTestFile.lines(of: path).enumerated() {
            guard let data = UnicodeTestFile.data(of: line) else { continue }
            let fields = data.split(separator: ";", omittingEmptySubsequences: false)
            try #require(fields.count == 5, "line \(index + 1): expected 5 fields in '\(line)'")
            let scalars = try fields[0].split(separator: " ").map(UnicodeTestFile.scalar)
            let levels: [UInt8?] = fields[3].split(separator: " ").map { $0 == "x" ? nil : UInt8($0) }
            try #require(levels.count == scalars.count, "line \(index + 1): level count")
            cases.append(
                BidiTestCase(
                    lineNumber: index + 1, line: String(line), scalars: scalars,
                    direction: try #require(Int(fields[1])),
                    paragraphLevel: try #require(UInt8(fields[2])),
                    levels: levels,
                    visualOrder: try fields[4].split(separator: " ").map { try #require(Int($0)) }))
        }
        return cases
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
