import Typesetting

/// What a `TextLayoutManager` tells its delegate, as TextKit's
/// `NSTextLayoutManagerDelegate`.
public protocol TextLayoutManagerDelegate: AnyObject {
    /// The analysis of a paragraph failed (ICU reported an error); it was laid out
    /// with the fallback analysis (`Typesetter.paragraphOrFallback(_:)`). The error's
    /// `range` is the paragraph's range in the document when the manager knows it.
    func textLayoutManager(_ textLayoutManager: TextLayoutManager, didFallBackAfter error: TypesettingError)
}
