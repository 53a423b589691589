import Foundation
import TextLayout
import Typesetting

/// The lines each layout manager gives for a text, positioned in the document
/// (ranges through `documentRange`, origins from the top of the text).
public enum ManagerLines {
    /// A container `width` wide, as the fuzz input sets it up.
    public struct ContainerSetup {
        /// The container's width.
        public var width: CGFloat
        /// Its line-fragment padding.
        public var padding: CGFloat = 0
        /// Its line limit (0: none).
        public var maximumNumberOfLines = 0
        /// Its line-break mode.
        public var lineBreakMode: LineBreakMode = .byWordWrapping

        /// A setup of `width` with no padding and no limit.
        public init(width: CGFloat) { self.width = width }

        /// A new container set up so.
        public func makeContainer() -> TextContainer {
            let container = TextContainer(size: CGSize(width: width, height: .infinity))
            container.lineFragmentPadding = padding
            container.maximumNumberOfLines = maximumNumberOfLines
            container.lineBreakMode = lineBreakMode
            return container
        }
    }

    /// The lines of every fragment of `manager`, laying out what is not laid out.
    public static func lines(of manager: TextLayoutManager) -> [Line] {
        var lines: [Line] = []
        manager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
            for lineFragment in fragment.textLineFragments {
                guard var line = lineFragment.line else { continue }
                let bounds = lineFragment.typographicBounds
                line.origin = CGPoint(x: bounds.minX, y: fragment.layoutFragmentFrame.minY + bounds.minY)
                line.paragraphOffset = fragment.documentRange?.location.offset ?? 0
                lines.append(line)
            }
            return true
        }
        return lines
    }

    /// The two layout managers.
    public enum Kind {
        /// `TextLayoutManager` over a `TextContentStorage`.
        case fragment
        /// `LayoutManager` over a `TextStorage`, in one container.
        case glyph
    }

    /// `text` laid out by a fresh manager of `kind` with `options`' fonts, style,
    /// locale and container.
    public static func lines(of text: AttributedText, by kind: Kind, _ options: LayoutOptions) -> [Line] {
        switch kind {
        case .fragment:
            let storage = TextContentStorage(attributedString: text)
            let manager = TextLayoutManager(fonts: options.fonts, style: options.style, locale: options.locale)
            storage.addTextLayoutManager(manager)
            manager.textContainer = options.container.makeContainer()
            return lines(of: manager)
        case .glyph:
            let storage = TextStorage(attributedString: text)
            let manager = LayoutManager(fonts: options.fonts, style: options.style, locale: options.locale)
            storage.addLayoutManager(manager)
            manager.addTextContainer(options.container.makeContainer())
            return lines(of: manager)
        }
    }

    /// The lines of `manager`, laying out everything (the extra line fragment included).
    public static func lines(of manager: LayoutManager) -> [Line] {
        var lines: [Line] = []
        manager.enumerateTypesetLines { line, usedRect, _, paragraphStart in
            var line = line
            line.origin = usedRect.origin
            line.paragraphOffset = paragraphStart
            lines.append(line)
            return true
        }
        return lines
    }
}
