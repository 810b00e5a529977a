import Foundation

/// `map` over all cores. Results keep input order, so output never depends on
/// scheduling.
enum Parallel {
    static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        if items.count <= 1 { return items.map(transform) }
        let results = ResultSlots<R>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            results.set(index, transform(items[index]))
        }
        return results.values()
    }
}

/// One slot per index; each index is written by exactly one iteration, and the lock
/// makes the writes visible to the reader after `concurrentPerform` returns.
private final class ResultSlots<R>: @unchecked Sendable {
    private var slots: [R?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: R) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    func values() -> [R] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0! }
    }
}
