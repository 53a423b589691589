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
// gives the lines of its first break (word by word); set in the container's
// line-break mode as the paragraphs' own, lines broken by character fit as those
// broken by word do, and a truncated paragraph fits unless it keeps only the one
// grapheme a side it must; the frame shaped through the
// process's shape cache, warm with the words and pieces of every input before, has
// exactly the glyphs of the frame shaped through an empty one.

/// One input: options, then two bytes for an attribute run, then the text.
private func layOut(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let options = LayoutOptions(&input)
    let split = (input.byte(), input.byte())
    let text = options.attributed(FuzzText.text(from: &input), split: split)
    FuzzDescription.write(text, options)
    LayoutFuzzChecks.check(text, options)
    return 0
}

// Last, so that the globals above are initialized before the first input.
FuzzDriver.run(layOut)
