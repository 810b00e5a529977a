import Foundation

/// Streams the hub's server-sent events to one client on its connection's thread.
///
/// The hub speaks AsyncStream; a task moves its chunks into a queue this thread
/// waits on. An idle stream gets a comment line every `pingInterval` seconds, so a
/// closed page is noticed (its write fails) and its subscription ends.
enum EventStream {
    static func run(on client: ClientSocket, hub: LiveReloadHub, pingInterval: Double) {
        let head = "HTTP/1.1 200 OK\r\nDate: \(HTTPDate.now)\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n"
        guard client.write(Array(head.utf8)) else { return }
        let queue = ChunkQueue()
        let pump = Task {
            for await chunk in hub.subscribe() { queue.push(chunk) }
            queue.finish()
        }
        defer { pump.cancel() }
        while true {
            switch queue.pop(waiting: pingInterval) {
            case .chunk(let bytes):
                if !client.write(bytes) { return }
            case .idle:
                if !client.write(Array(": ping\n\n".utf8)) { return }
            case .finished:
                return
            }
        }
    }
}

/// A blocking queue of byte chunks between the hub's task and a connection thread.
///
/// `@unchecked Sendable`: `chunks` and `done` are touched only with `condition` locked.
final class ChunkQueue: @unchecked Sendable {
    enum Next { case chunk([UInt8]), idle, finished }

    private let condition = NSCondition()
    private var chunks: [[UInt8]] = []
    private var done = false

    func push(_ chunk: [UInt8]) {
        condition.lock()
        chunks.append(chunk)
        condition.signal()
        condition.unlock()
    }

    func finish() {
        condition.lock()
        done = true
        condition.signal()
        condition.unlock()
    }

    /// The next chunk; `.idle` when none came within `seconds`.
    func pop(waiting seconds: Double) -> Next {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(seconds)
        while chunks.isEmpty && !done {
            if !condition.wait(until: deadline) { return chunks.isEmpty ? (done ? .finished : .idle) : .chunk(chunks.removeFirst()) }
        }
        if !chunks.isEmpty { return .chunk(chunks.removeFirst()) }
        return .finished
    }
}
