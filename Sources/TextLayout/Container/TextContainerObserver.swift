/// A layout manager as its container sees it: the one object the container tells
/// when its size or settings change. Both layout managers are.
protocol TextContainerObserver: AnyObject {
    /// The container's size or settings changed: what was laid out in it is stale.
    func containerDidChange()
}

extension LayoutManager: TextContainerObserver {}
extension TextLayoutManager: TextContainerObserver {}
