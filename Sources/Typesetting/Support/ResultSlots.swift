import Foundation

/// One slot per iteration of `DispatchQueue.concurrentPerform`: each written once,
/// by its own iteration, and read after the loop returns; the lock orders the
/// writes for the reader.
final class ResultSlots<Value>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = NSLock()

    /// `count` empty slots.
    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// Fills slot `index`.
    func set(_ index: Int, _ value: Value) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    /// Every slot's value, in order.
    ///
    /// - Precondition: every slot was set.
    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0! }
    }
}
