import Foundation
import FuzzSupport
import TextLayout
import Typesetting

// Bytes → options, width and text → `Typesetter.frame` and both layout managers.
//
// The frame's lines must cover the text in order with no gap or overlap, none
// wider than the width unless it holds one grapheme cluster; an invalid width is a
// clear error; the two managers give the same lines, and in a plain container the
// same lines as the frame; a hyphenating paragraph broken again (over every point)
// gives the lines of its first break (word by word).

/// One input: options, then two bytes for an attribute run, then the text.
private func layOut(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let options = LayoutOptions(&input)
    let split = (input.byte(), input.byte())
    let text = options.attributed(FuzzText.text(from: &input), split: split)
    let fragments = ManagerLines.lines(of: text, by: .fragment, options)
    let glyphs = ManagerLines.lines(of: text, by: .glyph, options)
    LayoutChecks.checkSame(fragments, glyphs, "fragment manager against glyph manager")
    checkFrame(text, options: options, fragments: fragments)
    return 0
}

/// The frame at the container's width: an error for an invalid width, else lines
/// that keep every invariant and match the managers' in a plain container.
private func checkFrame(_ text: AttributedText, options: LayoutOptions, fragments: [Line]) {
    let width = options.container.width
    let frame: TextFrame
    do {
        frame = try options.typesetter().frame(for: text, width: width)
    } catch let error as TypesettingError where error.code == .invalidWidth {
        guard width.isNaN || width <= 0 else { LayoutChecks.fail("width \(width) refused: \(error)") }
        return
    } catch {
        LayoutChecks.fail("frame at \(width) threw \(error)")
    }
    guard !(width.isNaN || width <= 0) else { LayoutChecks.fail("width \(width) accepted") }
    LayoutChecks.checkCoverage(frame.lines, text: text.utf16)
    LayoutChecks.checkWidths(frame.lines, text: text.utf16, width: width)
    checkBreakingAgain(text, options: options, width: width)
    guard options.containerIsPlain else { return }
    LayoutChecks.checkSame(frame.lines, fragments, positions: false, "frame against fragment manager")
}

/// With automatic hyphenation, a paragraph's first greedy break asks for points
/// word by word and a later one breaks over every word's points: both must give
/// the same lines.
private func checkBreakingAgain(_ text: AttributedText, options: LayoutOptions, width: CGFloat) {
    let typesetter = options.typesetter()
    guard typesetter.style.hyphenation == .auto, let paragraphs = try? typesetter.paragraphs(for: text) else { return }
    for (index, paragraph) in paragraphs.enumerated() {
        guard let first = try? paragraph.lines(width: width), let again = try? paragraph.lines(width: width) else {
            LayoutChecks.fail("paragraph \(index) at \(width) threw")
        }
        guard first.map(\.range) == again.map(\.range), first.map(\.isHyphenated) == again.map(\.isHyphenated) else {
            LayoutChecks.fail(
                "paragraph \(index) at \(width): word by word \(first.map(\.range)) against every point "
                    + "\(again.map(\.range))")
        }
    }
}

// Last, so that the globals above are initialized before the first input.
FuzzDriver.run(layOut)
