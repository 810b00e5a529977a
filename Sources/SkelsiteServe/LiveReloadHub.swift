import Foundation

/// Fans server-sent events out to every open page.
///
/// Each subscriber gets its own stream; `publish` writes one SSE message
/// (`event: NAME\ndata: ...\n\n`) to all of them. Streams end when the hub closes.
///
/// `@unchecked Sendable`: `continuations` and `lastMessage` are touched only under `lock`.
public final class LiveReloadHub: @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [UUID: AsyncStream<[UInt8]>.Continuation] = [:]
    private var lastMessage: [UInt8]?

    public init() {}

    /// A new subscriber's byte stream. It starts with a comment line so the client
    /// sees the connection open at once, then replays the last event (a page that
    /// opens while the build is broken shows the overlay immediately).
    public func subscribe() -> AsyncStream<[UInt8]> {
        let id = UUID()
        return AsyncStream { continuation in
            lock.lock()
            continuations[id] = continuation
            let replay = lastMessage
            lock.unlock()
            continuation.yield(Array(": connected\n\n".utf8))
            if let replay { continuation.yield(replay) }
            continuation.onTermination = { [weak self] _ in
                guard let self else { return }
                self.lock.lock()
                self.continuations[id] = nil
                self.lock.unlock()
            }
        }
    }

    public var subscriberCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return continuations.count
    }

    /// Sends `event` with `data` (multi-line data becomes several `data:` lines).
    public func publish(event: String, data: String) {
        var text = "event: \(event)\n"
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
            text += "data: \(line)\n"
        }
        text += "\n"
        let bytes = Array(text.utf8)
        lock.lock()
        // Only an error state is worth replaying to late subscribers.
        lastMessage = event == "error" ? bytes : nil
        let targets = Array(continuations.values)
        lock.unlock()
        for continuation in targets { continuation.yield(bytes) }
    }

    public func close() {
        lock.lock()
        let targets = Array(continuations.values)
        continuations.removeAll()
        lock.unlock()
        for continuation in targets { continuation.finish() }
    }
}
