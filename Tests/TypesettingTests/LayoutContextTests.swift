import Foundation
import TestSupport
import Testing

@testable import Typesetting

/// A `LayoutContext` owns faces, outlines, verdicts and shaped words, within its
/// limits; keys cannot mix faces, whatever is freed or dropped.
@Suite struct LayoutContextTests {
    static let dejaVu = TestData.fontPath("DejaVuSans.ttf")
    static let inter = TestData.fontPath("InterVariable-Subset.ttf")
    static let sample = "The quick brown fox jumps over the lazy dog. Sphinx of black quartz, judge my vow."

    @Test func eachContextKeepsItsOwnFaces() throws {
        let first = LayoutContext()
        let second = LayoutContext()
        let a = try FontFace.load(path: Self.dejaVu, context: first)
        #expect(try FontFace.load(path: Self.dejaVu, context: first) === a)
        let b = try FontFace.load(path: Self.dejaVu, context: second)
        #expect(a !== b && a != b && a.identity != b.identity)
        // An instance is kept where its face is.
        let interFace = try FontFace.load(path: Self.inter, context: first)
        let bold = interFace.instance(variations: [try FontVariation("wght", 700)])
        #expect(interFace.instance(variations: [try FontVariation("wght", 700)]) === bold)
        #expect(first.statistics.faces == 3 && second.statistics.faces == 1)
    }

    @Test func aFreedContextFreesTheFacesNoFontHolds() throws {
        weak var dropped: FontFace?
        var identity: UInt64 = 0
        do {
            let context = LayoutContext()
            let face = try FontFace.load(path: Self.dejaVu, context: context)
            _ = face.path(forGlyph: 36)
            dropped = face
            identity = face.identity
        }
        #expect(dropped == nil)
        // The same file again is a new face, never the old one's number.
        let again = try FontFace.load(path: Self.dejaVu, context: LayoutContext())
        #expect(again.identity > identity)
    }

    @Test func theLeastRecentlyUsedFaceGoesFirst() throws {
        let context = LayoutContext(limits: .init(faces: 2))
        let regular = try FontFace.load(path: Self.inter, context: context)
        let weights = [100.0, 300, 700, 900]
        for weight in weights {
            _ = regular.instance(variations: [try FontVariation("wght", weight)])
            // Used between instances: the loaded face stays.
            #expect(try FontFace.load(path: Self.inter, context: context) === regular)
        }
        #expect(context.statistics.faces == 2)
        #expect(context.statistics.faceEvictions == weights.count - 1)
        // A dropped instance comes back as a new face with the same glyphs.
        let light = regular.instance(variations: [try FontVariation("wght", 100)])
        #expect(light.variations == [try FontVariation("wght", 100)])
    }

    @Test func outlinesStayWithinTheirBudget() throws {
        let budget = 24 << 10
        let bounded = LayoutContext(limits: .init(outlineCacheBytes: budget))
        let unbounded = LayoutContext()
        let face = try FontFace.load(path: Self.dejaVu, context: bounded)
        let reference = try FontFace.load(path: Self.dejaVu, context: unbounded)
        for round in 0..<2 {
            for glyph in UInt32(0)..<600 {
                #expect(face.path(forGlyph: glyph) == reference.path(forGlyph: glyph))
                #expect(bounded.statistics.outlineBytes <= budget, "round \(round), glyph \(glyph)")
            }
        }
        #expect(bounded.statistics.outlineEvictions > 0)
        #expect(unbounded.statistics.outlineEvictions == 0 && unbounded.statistics.outlines == 600)
    }

    @Test func theShapeCacheStaysWithinItsBytes() throws {
        let limit = 1 << 20
        let bounded = LayoutContext(limits: .init(shapeCacheBytes: limit))
        // 20,000 made-up words, nearly all distinct: far more than 1 MB holds.
        var generator = SeededGenerator(seed: 3)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let words = (0..<20_000).map { _ in
            String(
                (0..<Int.random(in: 3...10, using: &generator)).map { _ in letters.randomElement(using: &generator)! })
        }
        let text = AttributedText(words.joined(separator: " "))
        let boundedLines = Self.summary(try Self.lines(of: text, context: bounded))
        #expect(bounded.statistics.shapeCacheBytes <= limit)
        #expect(bounded.statistics.shapeCacheEvictions > 0)
        let freshLines = Self.summary(try Self.lines(of: text, context: LayoutContext()))
        #expect(boundedLines == freshLines)
    }

    /// Locales come from the text: a document naming many languages keeps no more
    /// line-break iterators than the context allows, and breaks as with a fresh one.
    @Test func lineBreakIteratorsStayWithinTheirLimit() throws {
        let bounded = LayoutContext(limits: .init(lineBreakIterators: 3))
        let fresh = LayoutContext()
        // Not English, so each paragraph goes to ICU with its own locale.
        let text = "Ein Absatz mit Wörtern, die umbrechen, und noch ein paar mehr Wörter dazu."
        for language in ["de", "fr", "it", "es", "nl", "sv", "da", "pl", "cs", "fi", "de", "fr"] {
            let cascade = try FontCascade(primary: Font(path: Self.dejaVu, size: 16, context: bounded))
            let paragraph = try Typesetter(fonts: cascade, locale: language, context: bounded)
                .paragraph(AttributedText(text))
            #expect(bounded.statistics.lineBreakIterators <= 3)
            let freshCascade = try FontCascade(primary: Font(path: Self.dejaVu, size: 16, context: fresh))
            let expected = try Typesetter(fonts: freshCascade, locale: language, context: fresh)
                .paragraph(AttributedText(text))
            #expect(try paragraph.lines(width: 90).map(\.range) == expected.lines(width: 90).map(\.range))
        }
        #expect(bounded.statistics.lineBreakIterators == 3)
        #expect(fresh.statistics.lineBreakIterators == 10)  // one per language, all kept
    }

    /// A word cached for one face is never given to another, even when the first
    /// face's context is gone and a new face of the same file takes its place.
    @Test func aWordIsNeverTakenForAnotherFacesWord() throws {
        let shared = LayoutContext()
        var widths: [CGFloat] = []
        for weight in [100.0, 900, 100] {
            let faces = LayoutContext()
            let face = try FontFace.load(path: Self.inter, context: faces)
                .instance(variations: [try FontVariation("wght", weight)])
            let cascade = FontCascade(primary: try Font(face: face, size: 16), fallbacks: [], systemFallback: nil)
            let typesetter = Typesetter(fonts: cascade, usesAllCores: false, context: shared)
            widths.append(try typesetter.frame(for: Self.sample, width: 1e6).lines[0].width)
        }
        #expect(widths[0] == widths[2] && widths[0] < widths[1])
    }

    /// Many short documents in 40 font, size and variation combinations through one
    /// context: after a warm-up every cache is at its limit and stays there, and
    /// the lines are those of a context without limits. (`textlayout-bench --filter
    /// soak` lays out 100,000 and measures peak RSS.)
    @Test func aSoakStaysWithinTheLimits() throws {
        let limits = LayoutContext.Limits(
            shapeCacheBytes: 1 << 20, shapeCacheWords: 4096, outlineCacheBytes: 64 << 10, faces: 8)
        let context = LayoutContext(limits: limits)
        let reference = LayoutContext()
        let combinations = try Self.combinations(context: context)
        let referenceCombinations = try Self.combinations(context: reference)
        #expect(combinations.count == 40)
        let words = try TestData.corpus("english.txt").split(separator: " ").prefix(20_000).map(String.init)
        var generator = SeededGenerator(seed: 14)
        var peak = LayoutContext.Statistics.zero
        for document in 0..<2_000 {
            let count = Int.random(in: 3...24, using: &generator)
            let start = Int.random(in: 0..<(words.count - count), using: &generator)
            let string = words[start..<(start + count)].joined(separator: " ")
            let which = document % combinations.count
            let frame = try combinations[which].frame(for: string, width: 200)
            for line in frame.lines {
                for run in line.runs { _ = run.font.face.path(forGlyph: run.glyphs.first ?? 0) }
            }
            if document % 97 == 0 {
                let expected = try referenceCombinations[which].frame(for: string, width: 200)
                #expect(Self.summary(frame.lines) == Self.summary(expected.lines))
            }
            let now = context.statistics
            #expect(now.shapeCacheBytes <= limits.shapeCacheBytes)
            #expect(now.outlineBytes <= limits.outlineCacheBytes)
            #expect(now.faces <= limits.faces)
            peak = peak.max(now)
        }
        let end = context.statistics
        #expect(end.shapeCacheEvictions > 0 && end.outlineEvictions > 0 && end.faceEvictions > 0)
        #expect(peak.shapeCacheBytes <= limits.shapeCacheBytes && peak.outlineBytes <= limits.outlineCacheBytes)
    }

    /// 40 typesetters: four DejaVu styles and Inter at six axis settings, each at
    /// four sizes, their faces loaded in `context` and their words cached there.
    static func combinations(context: LayoutContext) throws -> [Typesetter] {
        let dejaVu = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSans-BoldOblique.ttf"]
        var faces = try dejaVu.map { try FontFace.load(path: TestData.fontPath($0), context: context) }
        let inter = try FontFace.load(path: Self.inter, context: context)
        for (weight, slant) in [(100.0, 0.0), (300, 0), (500, -10), (700, 0), (800, -5), (900, -10)] {
            faces.append(
                inter.instance(variations: [try FontVariation("wght", weight), try FontVariation("slnt", slant)]))
        }
        return try faces.flatMap { face in
            try [9.0, 12, 16, 24].map { size in
                let cascade = FontCascade(
                    primary: try Font(face: face, size: CGFloat(size)), fallbacks: [], systemFallback: nil)
                return Typesetter(fonts: cascade, usesAllCores: false, context: context)
            }
        }
    }

    /// Each line's range, width and glyphs: what two contexts must agree on (their
    /// faces are different objects).
    static func summary(_ lines: [Line]) -> [String] {
        lines.map { "\($0.range) \($0.width) \($0.origin) \($0.runs.map(\.glyphs))" }
    }

    static func lines(of text: AttributedText, context: LayoutContext) throws -> [Line] {
        let cascade = FontCascade(
            primary: try Font(path: Self.dejaVu, size: 16, context: context), fallbacks: [], systemFallback: nil)
        return try Typesetter(fonts: cascade, usesAllCores: false, context: context).frame(for: text, width: 300).lines
    }
}

extension LayoutContext.Statistics {
    static let zero = LayoutContext.Statistics(
        faces: 0, faceEvictions: 0, outlines: 0, outlineBytes: 0, outlineEvictions: 0, shapedWords: 0,
        shapeCacheBytes: 0, shapeCacheEvictions: 0, lineBreakIterators: 0)

    /// Each figure the larger of this and `other`'s.
    func max(_ other: Self) -> Self {
        Self(
            faces: Swift.max(faces, other.faces), faceEvictions: Swift.max(faceEvictions, other.faceEvictions),
            outlines: Swift.max(outlines, other.outlines), outlineBytes: Swift.max(outlineBytes, other.outlineBytes),
            outlineEvictions: Swift.max(outlineEvictions, other.outlineEvictions),
            shapedWords: Swift.max(shapedWords, other.shapedWords),
            shapeCacheBytes: Swift.max(shapeCacheBytes, other.shapeCacheBytes),
            shapeCacheEvictions: Swift.max(shapeCacheEvictions, other.shapeCacheEvictions),
            lineBreakIterators: Swift.max(lineBreakIterators, other.lineBreakIterators))
    }
}
