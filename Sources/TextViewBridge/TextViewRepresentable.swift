import Foundation
import TextLayout

/// A value that makes and updates a `TextView`, as AppKit's `NSViewRepresentable`
/// does an `NSView`.
///
/// A `TextViewHost` drives it: for each identity it calls `makeCoordinator()` first,
/// then `makeTextView(context:)` once, then `updateTextView(_:context:)` — at once,
/// whenever the host is given a new value of the representable or a new environment,
/// and whenever an `@Observable` property that the last update read changes. When
/// the identity changes or the host goes away, `dismantleTextView(_:coordinator:)`.
///
/// The rules that keep a wrapper correct:
/// - `updateTextView` must bring the view to the current inputs every time (setting
///   text only in `makeTextView` is the "stale text" bug: a reused view keeps showing
///   the first input);
/// - it compares before it writes, so an update that changes nothing costs nothing
///   and does not disturb an edit in progress;
/// - the host owns `frame` and `bounds`: a representable never sets them (the host
///   puts them back after make and update), it answers `sizeThatFits` instead.
///
/// Make and update may throw — a required environment value is missing, say — and
/// the host passes the error on; a non-throwing implementation satisfies them too.
@MainActor
public protocol TextViewRepresentable {
    /// What relays the view's delegate calls (edits, selection) back to the inputs;
    /// `Void` when there is nothing to relay.
    associatedtype Coordinator = Void

    /// The context handed to make, update and size.
    typealias Context = TextViewRepresentableContext<Self>

    /// Makes the coordinator; called once per identity, before `makeTextView`.
    func makeCoordinator() -> Coordinator

    /// Makes the text view; called once per identity. The host calls
    /// `updateTextView` right after, so the inputs need only be applied there.
    ///
    /// - Parameter context: the coordinator and the environment.
    /// - Returns: the view, which the host keeps until the identity changes.
    /// - Throws: when the view cannot be made from the environment (a `BridgeError`).
    func makeTextView(context: Context) throws -> TextView

    /// Brings `textView` to the current inputs; called after make and on every change
    /// of the inputs. Reads of `@Observable` properties here are tracked.
    ///
    /// - Parameters:
    ///   - textView: the view made for this identity.
    ///   - context: the coordinator and the environment.
    /// - Throws: when the environment lacks what the update needs (a `BridgeError`).
    func updateTextView(_ textView: TextView, context: Context) throws

    /// Cleans up before the host lets go of `textView` (identity change or teardown).
    /// The default does nothing.
    ///
    /// - Parameters:
    ///   - textView: the view being dismantled.
    ///   - coordinator: its coordinator.
    static func dismantleTextView(_ textView: TextView, coordinator: Coordinator)

    /// The size the view wants for `proposal`, or nil for the default (the text
    /// view's own `sizeThatFits`). The host may ask several proposals in one pass.
    ///
    /// - Parameters:
    ///   - proposal: the parent's proposal; a nil dimension asks for the ideal size.
    ///   - textView: the view.
    ///   - context: the coordinator and the environment.
    /// - Returns: the size, or nil for the default.
    func sizeThatFits(_ proposal: ProposedViewSize, textView: TextView, context: Context) -> CGSize?
}

extension TextViewRepresentable where Coordinator == Void {
    /// No coordinator.
    public func makeCoordinator() -> Coordinator { () }
}

extension TextViewRepresentable {
    /// Does nothing.
    public static func dismantleTextView(_ textView: TextView, coordinator: Coordinator) {}

    /// The default sizing: nil.
    public func sizeThatFits(_ proposal: ProposedViewSize, textView: TextView, context: Context) -> CGSize? {
        nil
    }
}

/// What a representable is handed: its coordinator and the environment, as
/// `NSViewRepresentableContext`.
@MainActor
public struct TextViewRepresentableContext<Representable: TextViewRepresentable> {
    /// The coordinator made for this identity by `makeCoordinator()`.
    public let coordinator: Representable.Coordinator
    /// The environment the host was given (colour scheme, size category, font, …).
    public let environment: EnvironmentValues

    /// Creates a context; hosts do this, and tests that call a representable directly.
    public init(coordinator: Representable.Coordinator, environment: EnvironmentValues) {
        self.coordinator = coordinator
        self.environment = environment
    }
}

/// A size proposed by a parent, as SwiftUI's `ProposedViewSize`: a nil dimension
/// asks for the ideal size in it, infinity for the largest, zero for the smallest.
public struct ProposedViewSize: Sendable, Hashable {
    /// The proposed width, or nil for the ideal width.
    public var width: CGFloat?
    /// The proposed height, or nil for the ideal height.
    public var height: CGFloat?

    /// Creates a proposal.
    public init(width: CGFloat?, height: CGFloat?) {
        self.width = width
        self.height = height
    }

    /// Proposes exactly `size`.
    public init(_ size: CGSize) { self.init(width: size.width, height: size.height) }

    /// The ideal size in both dimensions.
    public static let unspecified = ProposedViewSize(width: nil, height: nil)
    /// The smallest size.
    public static let zero = ProposedViewSize(width: 0, height: 0)
    /// The largest size.
    public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)

    /// The proposal as a size, nil dimensions replaced by `replacement`.
    public func replacingUnspecifiedDimensions(by replacement: CGSize = CGSize(width: 10, height: 10)) -> CGSize {
        CGSize(width: width ?? replacement.width, height: height ?? replacement.height)
    }
}
