/// The module every example is type-checked after: the libraries, as a reader who
/// follows the README from its first example has imported them, and the names the
/// documents use before (or without) saying where they come from.
///
/// Keep it to what the documents take as given: a font or two, a typesetter, a
/// canvas. A name an example could declare itself belongs in the example.
enum ExamplePrelude {
    /// The prelude's source, compiled as the module `ExamplePrelude`.
    static let source = #"""
        @_exported import Foundation
        @_exported import Typesetting
        @_exported import TextLayout
        @_exported import TextRendering
        @_exported import TextViewBridge
        @_exported import LabelCards

        /// The README's first example loads these from testdata/fonts.
        public let font = try! Font(path: "testdata/fonts/DejaVuSans.ttf", size: 16)
        public let emoji = try! Font(path: "testdata/fonts/NotoColorEmoji-Subset.ttf", size: 16)
        public let fonts = FontCascade(primary: font, fallbacks: [emoji])
        nonisolated(unsafe) public let typesetter = Typesetter(fonts: fonts)
        /// Any canvas: SVG, PNG or a test recorder.
        nonisolated(unsafe) public let canvas: any Canvas = SVGCanvas(size: CGSize(width: 300, height: 200))

        """#
}
