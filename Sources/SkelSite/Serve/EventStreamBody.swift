import FlyingFox
import FlyingSocks

/// Adapts a stream of byte chunks to FlyingFox's buffered body sequence, so an
/// endless server-sent-events response can be written with chunked encoding.
struct EventStreamBody: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    let chunks: AsyncStream<[UInt8]>

    func makeAsyncIterator() -> Iterator {
        Iterator(upstream: chunks.makeAsyncIterator())
    }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var upstream: AsyncStream<[UInt8]>.Iterator
        var pending: [UInt8] = []

        mutating func next() async throws -> UInt8? {
            if pending.isEmpty {
                guard let chunk = await upstream.next() else { return nil }
                pending = chunk
            }
            return pending.isEmpty ? nil : pending.removeFirst()
        }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            if pending.isEmpty {
                guard let chunk = await upstream.next() else { return nil }
                pending = chunk
            }
            let take = Swift.min(Swift.max(count, 1), pending.count)
            let out = Array(pending.prefix(take))
            pending.removeFirst(take)
            return out
        }
    }
}
