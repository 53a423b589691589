import Foundation

/// Re-renders previews when their fixtures file changes: it polls the file's
/// modification date and calls back when it differs from the last one seen.
///
/// Polling (not inotify) keeps it portable and simple; the clock is injected, so a
/// test runs a bounded number of polls with a fake date and no sleeping.
///
/// ```swift
/// var watcher = PreviewWatcher(file: fixturesURL)
/// watcher.watch(polls: nil) { try? gallery.render(…) }    // forever, every 0.5 s
/// ```
public struct PreviewWatcher {
    /// The file's modification date now (nil when it cannot be read).
    public var modificationDate: () -> Date?
    /// Waits between polls.
    public var pause: () -> Void

    /// A watcher with its own date and pause: what tests use.
    public init(modificationDate: @escaping () -> Date?, pause: @escaping () -> Void) {
        self.modificationDate = modificationDate
        self.pause = pause
    }

    /// A watcher of `file` that sleeps `interval` seconds between polls.
    public init(file: URL, interval: TimeInterval = 0.5) {
        self.init(
            modificationDate: {
                (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
            },
            pause: { if interval > 0 { Thread.sleep(forTimeInterval: interval) } })
    }

    /// Polls `polls` times (forever when nil), pausing before each poll, and calls
    /// `changed` whenever the modification date differs from the one seen before
    /// (the first one is read when watching starts). A file that disappears for a
    /// moment (an editor saving by rename) is not a change; its return is.
    ///
    /// - Returns: how many times `changed` was called.
    @discardableResult
    public func watch(polls: Int?, changed: () -> Void) -> Int {
        var last = modificationDate()
        var count = 0
        var poll = 0
        while polls.map({ poll < $0 }) ?? true {
            poll += 1
            pause()
            guard let date = modificationDate() else { continue }
            if date != last {
                last = date
                count += 1
                changed()
            }
        }
        return count
    }
}
