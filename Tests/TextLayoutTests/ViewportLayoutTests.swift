import Foundation
import TestSupport
import Testing
import Typesetting

@testable import TextLayout

/// Viewport-driven, noncontiguous layout: only what the viewport (and its overdraw)
/// meets is laid out; estimates replaced by real heights never move what is on
/// screen; scrolling to the end lays out only the end; wrapping off changes nothing.
@Suite struct ViewportLayoutTests {
    /// A view: a viewport rectangle that follows the controller's adjustments.
    final class ScrollView: TextViewportLayoutControllerDelegate {
        var bounds: CGRect
        var configured: [TextLayoutFragment] = []
        var adjustments: [CGFloat] = []

        init(bounds: CGRect) { self.bounds = bounds }

        func viewportBounds(for controller: TextViewportLayoutController) -> CGRect { bounds }
        func textViewportLayoutControllerWillLayout(_ controller: TextViewportLayoutController) { configured = [] }
        func textViewportLayoutController(
            _ controller: TextViewportLayoutController, configureRenderingSurfaceFor fragment: TextLayoutFragment
        ) { configured.append(fragment) }
        func textViewportLayoutController(
            _ controller: TextViewportLayoutController, didAdjustViewportBy offset: CGFloat
        ) {
            bounds.origin.y += offset
            adjustments.append(offset)
        }
    }

    static func document(bytes: Int) throws -> String {
        let english = try TestData.corpus("english.txt")
        return String(repeating: english, count: max(1, bytes / english.utf8.count))
    }

    func firstViewport(_ text: String, width: CGFloat = 400) throws -> (TextLayoutManager, ScrollView) {
        let (_, manager) = try Fixtures.layout(text, width: width)
        let view = ScrollView(bounds: CGRect(x: 0, y: 0, width: 400, height: 600))
        manager.textViewportLayoutController.delegate = view
        manager.textViewportLayoutController.layoutViewport()
        return (manager, view)
    }

    @Test func aLargeDocumentsFirstViewportTypesetsNoMoreThanASmallOnes() throws {
        let (small, smallView) = try firstViewport(try Self.document(bytes: 100_000))
        let (large, largeView) = try firstViewport(try Self.document(bytes: 10_000_000))
        // Opening costs what is shown: as many paragraphs split off the text, and
        // fragments made for them, as for the small document.
        let largeStorage = try #require(large.textContentManager)
        let smallStorage = try #require(small.textContentManager)
        #expect(largeStorage.hasUnsplitText && smallStorage.hasUnsplitText)
        #expect(largeStorage.splitParagraphCount == smallStorage.splitParagraphCount)
        #expect(largeStorage.splitParagraphCount < 40)
        #expect(large.statistics.fragmentsCreated == small.statistics.fragmentsCreated)
        #expect(large.statistics.fragmentsCreated == largeStorage.splitParagraphCount)
        #expect(largeStorage.length > 9_000_000)
        #expect(large.typesetter.statistics.paragraphsTypeset == small.typesetter.statistics.paragraphsTypeset)
        #expect(large.statistics.fragmentsLaidOut == small.statistics.fragmentsLaidOut)
        #expect(largeView.configured.count == smallView.configured.count)
        #expect(large.typesetter.statistics.paragraphsTypeset < 40)
        // Everything laid out meets the viewport or its overdraw band (300 pt below).
        for fragment in largeView.configured {
            #expect(fragment.state == .layoutAvailable)
            #expect(fragment.layoutFragmentFrame.minY < 600 + 300)
        }
        #expect(large.textViewportLayoutController.viewportRange?.location == TextLocation(0))
    }

    @Test func realHeightsAboveTheViewportNeverMoveWhatIsOnScreen() throws {
        // Lines of long words estimate badly, so real heights differ from estimates.
        let paragraph = String(repeating: "incomprehensibilities ", count: 12) + "end"
        let text = Array(repeating: paragraph, count: 400).joined(separator: "\n")
        let (_, manager) = try Fixtures.layout(text, width: 250)
        let view = ScrollView(bounds: CGRect(x: 0, y: 20_000, width: 250, height: 500))
        let controller = manager.textViewportLayoutController
        controller.delegate = view
        // Where the viewport's top falls in the text before any layout.
        let anchor = try #require(manager.textLayoutFragment(for: CGPoint(x: 0, y: view.bounds.minY)))
        let anchorLocation = anchor.documentRange!.location
        let offsetInAnchor = view.bounds.minY - anchor.layoutFragmentFrame.minY
        controller.layoutViewport()
        #expect(!view.adjustments.isEmpty, "laying out the overdraw above replaced estimates")
        let after = try #require(manager.textLayoutFragment(for: anchorLocation))
        #expect(after === anchor)
        #expect(abs((view.bounds.minY - after.layoutFragmentFrame.minY) - offsetInAnchor) < 1e-6)
        #expect(controller.viewportBounds == view.bounds)
        // Scrolling up a little lays out more above; the first visible text stays put.
        view.bounds.origin.y -= 400
        let top = try #require(manager.textLayoutFragment(for: CGPoint(x: 0, y: view.bounds.minY)))
        let topOffset = view.bounds.minY - top.layoutFragmentFrame.minY
        controller.layoutViewport()
        #expect(abs((view.bounds.minY - top.layoutFragmentFrame.minY) - topOffset) < 1e-6)
    }

    @Test func scrollingToTheEndLaysOutOnlyTheEnd() throws {
        let (storage, manager) = try Fixtures.layout(try Self.document(bytes: 1_000_000), width: 400)
        let view = ScrollView(bounds: CGRect(x: 0, y: 0, width: 400, height: 600))
        let controller = manager.textViewportLayoutController
        controller.delegate = view
        let top = controller.relocateViewport(to: storage.documentRange.endLocation)
        view.bounds.origin.y = top
        controller.layoutViewport()
        let count = storage.paragraphCount
        #expect(manager.typesetter.statistics.paragraphsTypeset < 40)
        var laidOut: [Int] = []
        var index = 0
        manager.enumerateTextLayoutFragments(from: nil) { fragment in
            if fragment.state == .layoutAvailable { laidOut.append(index) }
            index += 1
            return true
        }
        #expect(laidOut.allSatisfy { $0 > count - 40 }, "laid out: \(laidOut)")
        #expect(controller.viewportRange?.endLocation == storage.documentRange.endLocation)
    }

    @Test func viewportLayoutStaysOnWithoutWrapping() throws {
        let (manager, view) = try firstViewport(try Self.document(bytes: 300_000), width: .infinity)
        #expect(manager.typesetter.statistics.paragraphsTypeset < 80)
        #expect(view.configured.count == manager.statistics.fragmentsLaidOut)
        #expect(manager.usageBoundsForTextContainer.width > 400, "unwrapped lines are wider than the view")
    }

    @Test func askingForTheViewportLaysOutNothingElse() throws {
        let (manager, _) = try firstViewport(try Self.document(bytes: 200_000))
        let laidOut = manager.statistics.fragmentsLaidOut
        _ = manager.textViewportLayoutController.viewportRange
        _ = manager.textViewportLayoutController.viewportBounds
        _ = manager.usageBoundsForTextContainer
        _ = manager.textLayoutFragment(for: CGPoint(x: 0, y: 50_000))
        manager.enumerateTextLayoutFragments(from: nil) { _ in true }
        #expect(manager.statistics.fragmentsLaidOut == laidOut)
    }
}
