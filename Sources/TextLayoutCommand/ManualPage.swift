import Foundation

/// The manual page, `textlayout.1`, made from the help texts (`textlayout help
/// man`, which `make man` runs), so the two never disagree.
///
/// The help texts are laid out for a terminal already; each becomes a section of
/// the page, its paragraphs' headings (`OPTIONS:`) subsections, its text kept as
/// written in no-fill blocks.
enum ManualPage {
    /// The page in roff (man macros).
    static var roff: String {
        var lines = [
            #".TH TEXTLAYOUT 1 "" "textlayout \#(TextLayoutTool.version)" "User Commands""#,
            ".SH NAME",
            #"textlayout \- lay text out into lines, and draw it as SVG, PNG or PDF"#,
        ]
        lines += section("SYNOPSIS", body: HelpText.short)
        for (title, help) in [
            ("DESCRIPTION", HelpText.tool), ("TEXTLAYOUT WRAP", HelpText.wrap),
            ("TEXTLAYOUT RENDER", HelpText.render), ("TEXTLAYOUT CARDS", CardsHelpText.cards),
        ] {
            lines += section(title, body: help)
        }
        lines += [
            ".SH VERSION", "textlayout \(TextLayoutTool.version)", ".SH SEE ALSO",
            #"The README of the TextLayout package; \fBfc-match\fR(1) for the fonts fontconfig picks."#,
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A `.SH` section holding `body`: a line ending in `:` with no indent starts a
    /// subsection (`.SS`), the rest is kept as laid out (`.nf`).
    private static func section(_ title: String, body: String) -> [String] {
        var lines = [".SH \(title)"]
        var inBlock = false
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            if let heading = heading(line) {
                if inBlock { lines.append(".fi") }
                lines += [".SS \(heading)", ".nf"]
                inBlock = true
                let rest = line.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: .whitespaces)
                if !rest.isEmpty { lines.append(escaped(rest)) }
                continue
            }
            if !inBlock {
                lines.append(".nf")
                inBlock = true
            }
            lines.append(escaped(String(line)))
        }
        if inBlock { lines.append(".fi") }
        return lines
    }

    /// `OPTIONS` for a line `OPTIONS:` (or `USAGE: …`) written flush left in capitals.
    private static func heading(_ line: Substring) -> String? {
        guard let colon = line.firstIndex(of: ":"), line.first?.isUppercase == true else { return nil }
        let name = line[..<colon]
        guard name.allSatisfy({ $0.isUppercase || $0 == " " || $0 == "(" || $0 == ")" }) else { return nil }
        return String(name)
    }

    /// A line as roff text: backslashes escaped, characters past ASCII as roff's
    /// `\[uXXXX]` (troff reads bytes), and a leading `.` or `'` (which roff would
    /// read as a request) guarded.
    private static func escaped(_ line: String) -> String {
        var text = ""
        for scalar in line.unicodeScalars {
            switch scalar {
            case "\\": text += "\\e"
            case _ where scalar.isASCII: text.unicodeScalars.append(scalar)
            default: text += "\\[u" + String(format: "%04X", scalar.value) + "]"
            }
        }
        return text.hasPrefix(".") || text.hasPrefix("'") ? "\\&" + text : text
    }
}
