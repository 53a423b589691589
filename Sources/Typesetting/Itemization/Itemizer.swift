/// A run of a paragraph in one font × script × bidi level × attribute set: the unit
/// HarfBuzz shapes.
///
/// Which run: the itemizer cuts a paragraph into items wherever an attribute run
/// (`AttributedText.AttributeRun`), a script run (`ScriptRun`), the bidi level or
/// the font changes; each item is shaped into one `ShapedRun`.
///
/// Holds no reference: its face is an index into the faces of its `Itemization`
/// and its shaping style is its attribute set's, so making, copying and dropping
/// items (rich text has one every few words) counts no references.
struct TextItem: Sendable, Hashable {
    /// The paragraph-local UTF-16 range.
    var range: Range<Int>
    /// The face chosen for the run (the attribute's font, or a fallback): its index
    /// in `Itemization.faces`.
    var face: Int
    /// The size, from the run's attributes.
    var size: Double
    /// The resolved script.
    var script: Script
    /// The bidi embedding level: odd is right to left.
    var bidiLevel: UInt8
    /// Index of the item's attribute run (`AttributedText.runs`).
    var attributesIndex: Int
    /// Whether the item starts inside a grapheme cluster (a long run of combining
    /// marks cut for shaping), so HarfBuzz must not insert a dotted circle.
    var startsInsideCluster = false
}

/// A paragraph's items and the faces they are set in.
struct Itemization {
    /// The items, in logical order.
    var items: [TextItem]
    /// The faces the items' `face` indices name: the attribute sets' faces first,
    /// then the fallbacks in the order they were first chosen.
    var faces: [FontFace]
}

/// Splits a paragraph into items.
///
/// Font fallback happens here, per character: a character takes the run's font if
/// it has a glyph, else the cascade's first face that does. Characters that continue
/// a cluster (combining marks, joiners, variation selectors, emoji modifiers and
/// tags) stay in the face of the character before them, so a cluster is never split
/// across fonts. An emoji sequence drawn as an emoji (`EmojiSequence`: flags, ZWJ
/// chains, skin tones, keycaps, a character with U+FE0F, an emoji by default) is one
/// unit: it goes to the first face that has all of it, a colour one first. The
/// choice depends only on the character and its cluster or sequence, never on what
/// came before, so a line set on its own picks the same fonts as in its paragraph
/// (as browsers do, spaces and punctuation the primary font covers stay in it).
///
/// HarfBuzz's mark positioning is quadratic in the length of a cluster, so a run of
/// more than `maximumMarksPerItem` continuing characters is cut into items of that
/// many (Unicode's stream-safe format draws the line at 30 non-starters): 200,000
/// marks on one base shape in linear time. Cutting a cluster does not make a break
/// opportunity; lines still break only between graphemes.
struct Itemizer {
    static let maximumMarksPerItem = 32

    var cascade: FontCascade

    /// The items of `text`, whose attribute runs are set in the fonts of their
    /// attribute sets: `tableIndex` gives each run's set, `fonts` each set's font
    /// (rich text repeats a few attribute sets, and each is resolved once).
    func items(
        text: UnsafeBufferPointer<UInt16>, attributeRuns: [AttributedText.AttributeRun], tableIndex: [Int],
        fonts: [Font], bidi: BidiLevels, scripts: [ScriptRun]
    ) -> Itemization {
        var items: [TextItem] = []
        // Each set's face as an index in `faces`, with its size and ASCII coverage:
        // the loop below works on indices, and holds no face (each one it held
        // counted a reference at every change).
        var faces: [FontFace] = []
        faces.reserveCapacity(fonts.count + 2)  // and a fallback or two
        func faceIndex(of face: FontFace) -> Int {
            if let known = faces.firstIndex(where: { $0 === face }) { return known }
            faces.append(face)
            return faces.count - 1
        }
        let entries = fonts.map {
            (face: faceIndex(of: $0.face), size: Double($0.size), coverage: $0.face.asciiCoverage)
        }
        guard text.count > 0 else { return Itemization(items: items, faces: faces) }
        // An item per attribute run and script run at least, and room for some more
        // (fallback faces, long runs of marks) at once: growing copies them all.
        let least = attributeRuns.count + scripts.count
        items.reserveCapacity(least + least / 4 + 4)
        // The item being built, in locals.
        var itemStart = 0
        var itemFace = -1  // none yet
        var itemSize = 0.0
        var itemScript = Script.common
        var itemLevel: UInt8 = 0
        var itemAttributes = -1
        var itemStartsInside = false
        func flush(upTo end: Int) {
            guard itemFace >= 0 else { return }
            items.append(
                TextItem(
                    range: itemStart..<end, face: itemFace, size: itemSize, script: itemScript, bidiLevel: itemLevel,
                    attributesIndex: itemAttributes, startsInsideCluster: itemStartsInside))
        }

        let levels = bidi.storage
        let paragraphLevel = bidi.paragraphLevel
        var scriptIndex = 0
        var scriptEnd = scripts[0].range.upperBound
        var script = scripts[0].script
        var attributeIndex = -1
        var attributeEnd = 0
        // The attribute run's face (an index), size and the face's ASCII coverage.
        var fontFace = 0
        var fontSize = 0.0
        var fontCoverage: (low: UInt64, high: UInt64) = (0, 0)
        var marksInItem = 0
        // The emoji sequence being set, all in one face.
        var sequenceEnd = 0
        var sequenceFace = -1
        // The attribute run's face as an object, taken from `faces` at the first
        // character that needs it (one its face does not cover, an emoji) and
        // dropped at the next run: text of one script never takes it. And the last
        // fallback chosen, with its index.
        var fontFaceObject: FontFace?
        var lastFallback: (face: FontFace, index: Int)?
        func object(of face: Int) -> FontFace {
            if let fontFaceObject { return fontFaceObject }
            fontFaceObject = faces[face]
            return faces[face]
        }
        // The faces the fallback branch below chose, by character and run face.
        var fallbacks = FallbackMemo()
        var index = 0
        while index < text.count {
            let (scalar, width) = decodeScalar(text, at: index)
            if index >= attributeEnd {
                while attributeRuns[attributeIndex + 1].range.upperBound <= index { attributeIndex += 1 }
                attributeIndex += 1
                attributeEnd = attributeRuns[attributeIndex].range.upperBound
                (fontFace, fontSize, fontCoverage) = entries[tableIndex[attributeIndex]]
                if fontFaceObject != nil { fontFaceObject = nil }
            }
            while index >= scriptEnd {
                scriptIndex += 1
                scriptEnd = scripts[scriptIndex].range.upperBound
                script = scripts[scriptIndex].script
            }
            let level = levels?[index] ?? paragraphLevel

            let continues = Self.continuesCluster(scalar)
            marksInItem = continues ? marksInItem + 1 : 0
            let cut = continues && marksInItem > Self.maximumMarksPerItem
            if cut { marksInItem = 1 }
            let face: Int
            if itemFace >= 0, continues,
                itemAttributes == attributeIndex
                    || entries[tableIndex[itemAttributes]].face == fontFace
                        && entries[tableIndex[itemAttributes]].size == fontSize
            {
                // A cluster stays in one face, even where an attribute that does not
                // change the font (a colour) starts inside it.
                face = itemFace
            } else if scalar.value < 0x80, FontFace.covers(UInt16(scalar.value), in: fontCoverage),
                index + width >= text.count || text[index + width] != 0xFE0F
            {
                face = fontFace
            } else if index < sequenceEnd, sequenceFace >= 0 {
                // Inside an emoji sequence: its joiners, selectors and modifiers went
                // on with the item above, and ASCII inside one is followed by U+FE0F.
                face = sequenceFace
            } else if index + width < text.count && text[index + width] == 0xFE0F
                || UnicodeProperties.mayBeEmoji(scalar.value),
                let sequence = emojiSequence(in: text, at: index, font: object(of: fontFace))
            {
                sequenceEnd = min(sequence.end, attributeEnd)
                sequenceFace = faceIndex(of: sequence.face)
                face = sequenceFace
            } else if let known = fallbacks.face(for: scalar, over: fontFace) {
                face = known
            } else {
                let base = object(of: fontFace)
                let chosen = cascade.face(for: scalar, in: base)
                if chosen === base {
                    face = fontFace
                } else if let lastFallback, lastFallback.face === chosen {
                    face = lastFallback.index
                } else {
                    face = faceIndex(of: chosen)
                    lastFallback = (chosen, face)
                }
                fallbacks.keep(face, for: scalar, over: fontFace)
            }

            if itemFace >= 0, !cut, itemFace == face, itemLevel == level, itemScript == script,
                itemAttributes == attributeIndex
            {
                // The item goes on.
            } else {
                flush(upTo: index)
                itemStart = index
                itemFace = face
                itemSize = fontSize
                itemScript = script
                itemLevel = level
                itemAttributes = attributeIndex
                itemStartsInside = cut
            }
            index += width
            // Plain ASCII the item's own font covers, in the same attributes, script and
            // level, continues the item: skip it without the checks above, which it
            // would all pass. Most Latin text goes through here.
            if itemFace == fontFace, itemAttributes == attributeIndex {
                let end = Self.endOfCoveredASCII(
                    in: text, from: index, to: min(attributeEnd, scriptEnd), coverage: fontCoverage, levels: levels,
                    level: itemLevel)
                if end > index {
                    index = end
                    marksInItem = 0
                }
            }
        }
        flush(upTo: text.count)
        return Itemization(items: items, faces: faces)
    }

    /// Where the plain ASCII from `start` that continues an item ends, at `limit` at
    /// most: units `coverage` (the item's font's ASCII coverage) holds, at `level`
    /// (when the paragraph has `levels`), none followed by U+FE0F. Out of `items` so
    /// that its loop, which most Latin text goes through, keeps its registers.
    @inline(never)
    private static func endOfCoveredASCII(
        in text: UnsafeBufferPointer<UInt16>, from start: Int, to limit: Int, coverage: (low: UInt64, high: UInt64),
        levels: [UInt8]?, level: UInt8
    ) -> Int {
        var index = start
        if let levels {
            while index < limit {
                let unit = text[index]
                guard unit < 0x80, FontFace.covers(unit, in: coverage),
                    index + 1 >= text.count || text[index + 1] != 0xFE0F, levels[index] == level
                else { break }
                index += 1
            }
        } else {
            // Four units at a time while all four are ASCII the font covers: only the
            // fourth's successor can be U+FE0F, which is not ASCII.
            if let base = text.baseAddress {
                let raw = UnsafeRawPointer(base)
                while index &+ 4 <= limit {
                    let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index &* 2, as: UInt64.self))
                    guard word & 0xFF80_FF80_FF80_FF80 == 0,
                        FontFace.covers(UInt16(truncatingIfNeeded: word), in: coverage),
                        FontFace.covers(UInt16(truncatingIfNeeded: word >> 16), in: coverage),
                        FontFace.covers(UInt16(truncatingIfNeeded: word >> 32), in: coverage),
                        FontFace.covers(UInt16(truncatingIfNeeded: word >> 48), in: coverage),
                        index &+ 4 >= text.count || text[index &+ 4] != 0xFE0F
                    else { break }
                    index &+= 4
                }
            }
            while index < limit {
                let unit = text[index]
                guard unit < 0x80, FontFace.covers(unit, in: coverage),
                    index + 1 >= text.count || text[index + 1] != 0xFE0F
                else { break }
                index += 1
            }
        }
        return index
    }

    /// Where the emoji presentation sequence at `index` ends and the face it is set
    /// in when the run's font is `font`, or nil when none starts there.
    ///
    /// Kept out of `items`, which runs for every character, so its own lookups stay
    /// inlined there.
    @inline(never)
    private func emojiSequence(
        in text: UnsafeBufferPointer<UInt16>, at index: Int, font: FontFace
    ) -> (end: Int, face: FontFace)? {
        guard let sequence = EmojiSequence(in: text, at: index), sequence.isEmojiPresentation else { return nil }
        return (sequence.range.upperBound, cascade.face(forEmojiSequence: sequence.scalars(in: text), in: font))
    }

    /// Whether `scalar` continues the cluster before it rather than starting one.
    static func continuesCluster(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x300 { return false }
        switch value {
        case 0x200C, 0x200D, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F,
            0xE0100...0xE01EF, 0x20E3:
            return true
        default:
            switch UnicodeProperties.generalCategory(of: value) {
            case .nonspacingMark, .enclosingMark, .spacingMark: return true
            default: return false
            }
        }
    }
}

/// The faces `FontCascade.face(for:in:)` chose for the characters of one paragraph,
/// by character and the face of its run (both as `Itemization.faces` indices): the
/// choice depends on nothing else, and a paragraph of Thai, Hebrew or Han text asks
/// it for every character, each time walking faces and counting references to them.
/// Direct-mapped by character: a character another one pushed out is asked again.
struct FallbackMemo {
    /// Each entry: the character in bits 0–20, the run's face in bits 21–41 and the
    /// face chosen from bit 42; all ones for none (no character is 0x1FFFFF).
    private var entries = InlineArray<128, UInt64>(repeating: .max)
    /// The largest face index an entry holds (21 bits).
    private static let largestFace = (1 << 21) - 1

    /// The face chosen for `scalar` in a run set in face `base`, if kept.
    @inline(__always)
    func face(for scalar: Unicode.Scalar, over base: Int) -> Int? {
        let entry = entries[Self.slot(of: scalar)]
        guard entry & 0x3FF_FFFF_FFFF == UInt64(scalar.value) | UInt64(truncatingIfNeeded: base) << 21 else {
            return nil
        }
        return Int(entry >> 42)
    }

    /// Keeps `face` as the face chosen for `scalar` in a run set in face `base`.
    @inline(__always)
    mutating func keep(_ face: Int, for scalar: Unicode.Scalar, over base: Int) {
        guard base <= Self.largestFace, face <= Self.largestFace else { return }
        entries[Self.slot(of: scalar)] = UInt64(scalar.value) | UInt64(base) << 21 | UInt64(face) << 42
    }

    @inline(__always)
    private static func slot(of scalar: Unicode.Scalar) -> Int { Int(scalar.value & 127) }
}
