import Foundation

/// `map` over all cores. Results keep input order, so output never depends on
/// scheduling. Inlinable, so each caller's module specialises it for its own types (why:
/// the build calls it from another module, where a generic call moves every result
/// through its type's witness table while holding the slots' lock).
package enum Parallel {
    @inlinable
    package static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        if items.count <= 1 { return items.map(transform) }
        let results = ResultSlots<R>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            results.set(index, transform(items[index]))
        }
        return results.values()
    }
}

extension Parallel {
    /// `map` over all cores in a few large chunks, for many small transforms (why: a
    /// dispatch per item cost more than making a gallery card).
    @inlinable
    package static func chunks<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        slices(items) { $0.map(transform) }
    }

    /// `chunks`, with `transform` given each chunk whole, to return its results in order
    /// (why: what every item needs from tables all cores share is taken once a chunk).
    @inlinable
    package static func slices<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (ArraySlice<T>) -> [R]) -> [R] {
        let count = min(items.count, ProcessInfo.processInfo.activeProcessorCount * 4)
        guard count > 1 else { return transform(items[...]) }
        let size = (items.count + count - 1) / count
        let ranges = stride(from: 0, to: items.count, by: size).map { $0..<min($0 + size, items.count) }
        return map(ranges) { range in transform(items[range]) }.flatMap { $0 }
    }
}

/// One slot per index; each index is written by exactly one iteration, and the lock
/// makes the writes visible to the reader after `concurrentPerform` returns.
@usableFromInline
final class ResultSlots<R>: @unchecked Sendable {
    @usableFromInline var slots: [R?]
    @usableFromInline let lock = NSLock()

    @usableFromInline
    init(count: Int) { slots = Array(repeating: nil, count: count) }

    @usableFromInline
    func set(_ index: Int, _ value: R) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    @usableFromInline
    func values() -> [R] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0! }
    }
}

/// A value worked out on a thread of its own while the caller goes on; `value` waits
/// for it. (Why: a rebuild's one `stat` per file of the work folder does not depend on
/// parsing or rendering, and on a big site took as long as both; begun beside them, it
/// costs a one-spec rebuild almost no time of its own.)
/// `@unchecked Sendable`: `result` is written once, by the worker, before it signals
/// `done`, and read only after waiting on `done` or once `known` says so (under `lock`).
package final class Background<Value: Sendable>: @unchecked Sendable {
    private var result: Value?
    private let done = DispatchSemaphore(value: 0)
    /// Set once a caller has waited for `done`; read and written under `lock`.
    private var known = false
    private let lock = NSLock()

    package init(_ work: @escaping @Sendable () -> Value) {
        Thread.detachNewThread { [self] in
            result = work()
            done.signal()
        }
    }

    /// The value, once the thread has it (the semaphore orders the write before the
    /// first read; the lock, each later one). Once known, a call only takes the lock
    /// (why: a semaphore's wait and signal around every call, 29,000 a rebuild of a big
    /// site from every core, left the semaphore at zero whenever a thread was preempted
    /// between the two, and every other thread slept until it ran again).
    package func value() -> Value {
        if let value = lock.withLock({ known ? result : nil }) { return value }
        done.wait()
        done.signal()
        return lock.withLock {
            known = true
            return result!
        }
    }
}

extension Parallel {
    /// Runs `beside` on a thread of its own while `here` runs on the caller's, and returns
    /// both outcomes once both are done (why both: nothing may still write once the caller
    /// has gone on, or returned with the other's error).
    package static func both<Beside: Sendable, Here>(beside: @escaping @Sendable () throws(SiteBuildError) -> Beside,
                                             here: () throws(SiteBuildError) -> Here)
        -> (beside: Result<Beside, SiteBuildError>, here: Result<Here, SiteBuildError>) {
        let thread = Background { Result { () throws(SiteBuildError) in try beside() } }
        let mine = Result { () throws(SiteBuildError) in try here() }
        return (thread.value(), mine)
    }
}
