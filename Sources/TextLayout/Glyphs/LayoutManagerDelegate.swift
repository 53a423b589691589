import Typesetting

/// What a `LayoutManager` tells its delegate, as TextKit's `NSLayoutManagerDelegate`.
public protocol LayoutManagerDelegate: AnyObject {
    /// The analysis of a paragraph failed (ICU reported an error); it was laid out
    /// with the fallback analysis (`Typesetter.paragraphOrFallback(_:)`), as the
    /// fragment-based manager lays it out. The error's `range` is the paragraph's
    /// range in the document.
    func layoutManager(_ layoutManager: LayoutManager, didFallBackAfter error: TypesettingError)
}
