import Foundation
import Observation
import Testing
import TextLayout
import TextViewBridge
import Typesetting

/// Observation drives updates: again when — and only when — a property the last
/// update read changes; changes coalesce; nothing loops.
@Suite @MainActor struct ObservationTests {
    @Test func observableWorksOnThisToolchain() {
        let model = NoteModel()
        var fired = 0
        withObservationTracking {
            _ = model.title
        } onChange: {
            MainActor.assumeIsolated { fired += 1 }
        }
        model.detail = "unread"
        #expect(fired == 0)
        model.title = "read"
        #expect(fired == 1)
    }

    @Test func updateRunsAgainOnlyWhenAPropertyItReadChanges() throws {
        let model = NoteModel()
        let host = try Fixtures.host(ModelTitleText.self)
        try host.update(with: ModelTitleText(model: model), identity: 0)
        #expect(host.statistics.updates == 1)

        model.detail = "not read by the update"
        model.unread += 1
        #expect(!host.needsUpdate)
        try host.scheduler.runUntilIdle()
        #expect(host.statistics.updates == 1)

        model.title = "Read by the update"
        #expect(host.needsUpdate)
        try host.scheduler.runUntilIdle()
        #expect(host.statistics.updates == 2)
        #expect(host.textView?.string == "Read by the update")
        #expect(!host.needsUpdate)
    }

    @Test func changesBeforeAFlushCoalesceIntoOneUpdate() throws {
        let model = NoteModel()
        let host = try Fixtures.host(ModelTitleText.self)
        try host.update(with: ModelTitleText(model: model), identity: 0)
        for index in 1...5 { model.title = "Title \(index)" }
        #expect(host.invalidations == 1)
        try host.flush()
        try host.flush()
        #expect(host.statistics.updates == 2)
        #expect(host.textView?.string == "Title 5")
    }

    @Test func anUpdateWritingWhatItReadDoesNotTriggerItself() throws {
        struct Normalizing: TextViewRepresentable {
            let model: NoteModel
            func makeTextView(context: Context) throws -> TextView { try context.environment.makeTextView() }
            func updateTextView(_ textView: TextView, context: Context) throws {
                let trimmed = model.title.trimmingCharacters(in: .whitespaces)
                if model.title != trimmed { model.title = trimmed }  // a re-entrant change
                if textView.string != trimmed { textView.string = trimmed }
            }
        }
        let model = NoteModel(title: "  padded  ")
        let host = try Fixtures.host(Normalizing.self)
        try host.update(with: Normalizing(model: model), identity: 0)
        #expect(!host.needsUpdate)
        try host.scheduler.runUntilIdle()
        #expect(host.statistics.updates == 1)
        model.title = " again "
        try host.scheduler.runUntilIdle()
        #expect(host.statistics.updates == 2)
        #expect(model.title == "again" && host.textView?.string == "again")
        #expect(!host.needsUpdate)
    }

    @Test func onlyTheLatestUpdatesReadsCount() throws {
        struct Switching: TextViewRepresentable {
            let model: NoteModel
            let readsDetail: Bool
            func makeTextView(context: Context) throws -> TextView { try context.environment.makeTextView() }
            func updateTextView(_ textView: TextView, context: Context) throws {
                textView.string = readsDetail ? model.detail : model.title
            }
        }
        let model = NoteModel()
        let host = try Fixtures.host(Switching.self)
        try host.update(with: Switching(model: model, readsDetail: false), identity: 0)
        try host.update(with: Switching(model: model, readsDetail: true), identity: 0)
        model.title = "no longer read"
        #expect(!host.needsUpdate, "the first update's tracking is stale")
        model.detail = "read now"
        #expect(host.needsUpdate)
        try host.flush()
        #expect(host.textView?.string == "read now")
    }

    @Test func aDismantledViewIgnoresChanges() throws {
        let model = NoteModel()
        let host = try Fixtures.host(ModelTitleText.self)
        try host.update(with: ModelTitleText(model: model), identity: 0)
        host.dismantle()
        model.title = "after"
        #expect(!host.needsUpdate)
        try host.scheduler.runUntilIdle()
        #expect(host.statistics.updates == 1)
    }

    @Test func updatesThatKeepInvalidatingEachOtherAreACycleError() throws {
        struct PingPong: TextViewRepresentable {
            let reads: ReferenceWritableKeyPath<NoteModel, String>
            let writes: ReferenceWritableKeyPath<NoteModel, String>
            let model: NoteModel
            func makeTextView(context: Context) throws -> TextView { try context.environment.makeTextView() }
            func updateTextView(_ textView: TextView, context: Context) throws {
                textView.string = model[keyPath: reads]
                model[keyPath: writes] += "."
            }
        }
        let model = NoteModel()
        let scheduler = UpdateScheduler(mode: .manual)
        scheduler.maximumPasses = 10
        let environment = try Fixtures.environment()
        let a = TextViewHost<PingPong>(environment: environment, scheduler: scheduler)
        let b = TextViewHost<PingPong>(environment: environment, scheduler: scheduler)
        try a.update(with: PingPong(reads: \.title, writes: \.detail, model: model), identity: 0)
        try b.update(with: PingPong(reads: \.detail, writes: \.title, model: model), identity: 0)
        let error = try #require(throws: BridgeError.self) { try scheduler.runUntilIdle() }
        #expect(error.code == .updateCycle)
        #expect(a.statistics.updates + b.statistics.updates == 2 + 10)
    }

    /// A change made off the main thread reaches the host through a main-actor task.
    @Test func aChangeOnAnotherThreadMarksTheHostOnTheMainActor() async throws {
        let model = SharedCounter()
        struct CounterText: TextViewRepresentable {
            let model: SharedCounter
            func makeTextView(context: Context) throws -> TextView { try context.environment.makeTextView() }
            func updateTextView(_ textView: TextView, context: Context) throws { textView.string = "\(model.value)" }
        }
        let host = try Fixtures.host(CounterText.self)
        try host.update(with: CounterText(model: model), identity: 0)
        await Task.detached { model.increment() }.value
        for _ in 0..<1000 where !host.needsUpdate { await Task.yield() }
        #expect(host.needsUpdate)
        try host.flush()
        #expect(host.textView?.string == "1")
    }

    /// The shared automatic scheduler runs updates on its own, in a main-actor task.
    @Test func theAutomaticSchedulerRunsUpdatesItself() async throws {
        let model = NoteModel()
        let host = TextViewHost<ModelTitleText>(environment: try Fixtures.environment())
        try host.update(with: ModelTitleText(model: model), identity: 0)
        model.title = "Automatic"
        for _ in 0..<1000 where host.needsUpdate { await Task.yield() }
        #expect(host.textView?.string == "Automatic")
        #expect(host.statistics.updates == 2)
    }
}

/// An observable model changed from any thread (its value behind a lock).
@Observable
final class SharedCounter: @unchecked Sendable {
    @ObservationIgnored private let lock = NSLock()
    @ObservationIgnored private var storage = 0

    var value: Int {
        access(keyPath: \.value)
        return lock.withLock { storage }
    }

    func increment() {
        withMutation(keyPath: \.value) { lock.withLock { storage += 1 } }
    }
}
