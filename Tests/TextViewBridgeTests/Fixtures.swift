import Foundation
import Observation
import TestSupport
import TextLayout
import TextViewBridge
import Typesetting

/// What the bridge tests share beyond TestSupport: a cascade of testdata fonts, and
/// the environments and models built on it.
@MainActor
enum Fixtures {
    /// DejaVu Sans with the CJK subset as fallback; no system fallback.
    static func cascade() throws -> FontCascade {
        try TestData.cascade(fallbacks: ["NotoSansCJK-Subset.otf"])
    }

    /// An environment with the test fonts.
    static func environment(_ scheme: ColorScheme = .light) throws -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.defaultFont = try cascade()
        environment.colorScheme = scheme
        return environment
    }

    /// A host with a manual scheduler and the test fonts.
    static func host<R: TextViewRepresentable>(_ type: R.Type = R.self) throws -> TextViewHost<R> {
        TextViewHost<R>(environment: try environment(), scheduler: UpdateScheduler(mode: .manual))
    }
}

/// A model with a property the representables read and some they do not.
@Observable @MainActor
final class NoteModel {
    var title: String
    var detail: String
    var unread = 0

    init(title: String = "Hello world", detail: String = "A detail") {
        self.title = title
        self.detail = detail
    }
}

/// Shows `model.title`, read in the update (so the host tracks it); logs its calls.
struct ModelTitleText: TextViewRepresentable {
    let model: NoteModel
    var log: Log? = nil

    final class Log {
        var calls: [String] = []
    }

    final class Coordinator {}

    func makeCoordinator() -> Coordinator {
        log?.calls.append("makeCoordinator")
        return Coordinator()
    }

    func makeTextView(context: Context) throws -> TextView {
        log?.calls.append("makeTextView")
        return try context.environment.makeTextView()
    }

    func updateTextView(_ textView: TextView, context: Context) throws {
        log?.calls.append("updateTextView")
        if textView.string != model.title { textView.string = model.title }
    }

    static func dismantleTextView(_ textView: TextView, coordinator: Coordinator) {}
}
