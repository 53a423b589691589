import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value behind a mutual-exclusion lock: the package's lock, as a shared
/// object (`Lock`) or owned by one place (`OwnedLock`, which `Lock` holds). The
/// shape cache's shards alone take `OwnedSpinLock` (below), for sections of a word's
/// look-up.
///
/// Built on `pthread_mutex_t`, as swift-nio's `NIOLock` is, because
/// ThreadSanitizer intercepts the pthread calls and so sees every critical
/// section; `Synchronization.Mutex` waits on a raw futex, which TSan cannot see,
/// and every access it guards was reported as a race. The mutex and the value live
/// on the heap, each in one allocation the lock owns: a pthread mutex must not
/// move once initialised, and reaching the value through a pointer costs no
/// exclusivity check per access.
///
/// ```swift
/// let counter = Lock(0)
/// counter.withLock { $0 += 1 }
/// ```
package final class Lock<Value: ~Copyable>: @unchecked Sendable {
    private let owned: OwnedLock<Value>

    /// A lock guarding `initialValue`.
    package init(_ initialValue: consuming sending Value) {
        owned = OwnedLock(initialValue)
    }

    /// Runs `body` with the value, holding the lock; returns what `body` returns.
    ///
    /// - Parameter body: reads or changes the value; must not take this lock again.
    /// - Returns: `body`'s result.
    /// - Throws: what `body` throws, after the lock is released.
    @inline(__always)
    package func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        try owned.withLock(body)
    }
}

/// `Lock`'s mutex and value as a noncopyable value, for a lock that one place owns
/// and that is taken very often: reaching it counts no reference, where taking a
/// `Lock` held in a property retains and releases the object (an atomic operation
/// each; the shape cache takes a lock per word).
package struct OwnedLock<Value: ~Copyable>: ~Copyable, @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let value: UnsafeMutablePointer<Value>

    /// A lock guarding `initialValue`.
    package init(_ initialValue: consuming sending Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        defer { pthread_mutexattr_destroy(&attributes) }
        #if canImport(Glibc)
            // glibc's adaptive mutex spins a while before it sleeps: the critical
            // sections here are a word's look-up, far shorter than the sleep and
            // wake-up a plain mutex pays whenever two threads meet at it.
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        #endif
        let status = pthread_mutex_init(mutex, &attributes)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
        value = .allocate(capacity: 1)
        value.initialize(to: initialValue)
    }

    deinit {
        let status = pthread_mutex_destroy(mutex)
        precondition(status == 0, "pthread_mutex_destroy failed: \(status)")
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with the value, holding the lock; returns what `body` returns.
    ///
    /// - Parameter body: reads or changes the value; must not take this lock again.
    /// - Returns: `body`'s result.
    /// - Throws: what `body` throws, after the lock is released.
    @inline(__always)
    package func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        let status = pthread_mutex_lock(mutex)
        precondition(status == 0, "pthread_mutex_lock failed: \(status)")
        defer {
            let status = pthread_mutex_unlock(mutex)
            precondition(status == 0, "pthread_mutex_unlock failed: \(status)")
        }
        return try body(&value.pointee)
    }
}

/// A lock for the shortest critical sections taken most often (the shape cache
/// takes one per word): a word of memory taken with one compare-and-exchange and
/// given back with one release store, inlined at each use. A pthread mutex costs
/// two calls into libpthread and two atomic read-modify-writes per section (perf:
/// 3.5% of a one-thread cold layout of english-1mb); this costs one of each kind.
///
/// A thread that finds the lock taken spins on reading it, yielding its core every
/// 64 reads, so a holder that was preempted gets to run. Only for sections of a
/// few hundred instructions that never block: anything longer belongs behind
/// `OwnedLock`. ThreadSanitizer sees the atomics (they are compiled into this
/// module, with their orderings), so it checks what the lock guards.
package struct OwnedSpinLock<Value: ~Copyable>: ~Copyable, @unchecked Sendable {
    /// 0 while free, 1 while held.
    private let word: UnsafeMutablePointer<Atomic<UInt32>>
    private let value: UnsafeMutablePointer<Value>

    /// A lock guarding `initialValue`.
    package init(_ initialValue: consuming sending Value) {
        word = .allocate(capacity: 1)
        word.initialize(to: Atomic(0))
        value = .allocate(capacity: 1)
        value.initialize(to: initialValue)
    }

    deinit {
        word.deinitialize(count: 1)
        word.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with the value, holding the lock; returns what `body` returns.
    ///
    /// - Parameter body: reads or changes the value; must not take this lock again,
    ///   nor wait for anything.
    /// - Returns: `body`'s result.
    @inline(__always)
    package func withLock<Result: ~Copyable>(_ body: (inout sending Value) -> sending Result) -> sending Result {
        if !word.pointee.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            lockAfterWaiting()
        }
        defer { word.pointee.store(0, ordering: .releasing) }
        return body(&value.pointee)
    }

    /// Takes the lock once its holder gives it back.
    @inline(never)
    private func lockAfterWaiting() {
        var reads = 0
        repeat {
            while word.pointee.load(ordering: .relaxed) != 0 {
                reads += 1
                if reads == 64 {
                    reads = 0
                    sched_yield()
                }
            }
        } while !word.pointee.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
    }
}
