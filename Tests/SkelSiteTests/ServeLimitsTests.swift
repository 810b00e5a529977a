import Foundation
import Testing
@testable import SkelSite
@testable import SkelsiteServe
#if canImport(Glibc)
import Glibc
#endif

/// The request limits and timeouts of `skelsite serve` (site/reference/limits.md,
/// "Serve: request limits and timeouts"): a hostile client is answered or dropped
/// quickly and never holds up anybody else's request.
@Suite struct ServeLimitsTests {
    /// A served folder with one page, and a server on a free loopback port.
    static func startServer(limits: ServeLimits = ServeLimits()) async throws -> (DevServer, UInt16, URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("serve-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("<p>home</p>".utf8).write(to: root.appendingPathComponent("index.html"))
        let server = try DevServer(root: root, port: 0, limits: limits)
        let port = try await server.start()
        return (server, port, root)
    }

    /// Sends `head` (and nothing else) on a fresh connection from a background thread;
    /// returns the status line the server answers with ("" when it closed without one)
    /// and the seconds it took.
    static func exchange(_ head: [UInt8], port: UInt16) async -> (String, Double) {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let started = Date()
                let reply = RawClient(port: port).map { client in
                    client.sendAll(head)
                    return client.readToClose(deadline: started.addingTimeInterval(60))
                } ?? ""
                let status = reply.split(separator: "\r\n").first.map(String.init) ?? ""
                continuation.resume(returning: (status, Date().timeIntervalSince(started)))
            }
        }
    }

    static func paddedHead(bytes: Int) -> [UInt8] {
        Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: \(String(repeating: "a", count: bytes))\r\n\r\n".utf8)
    }

    static let plainGet = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)

    /// Before: two 200 KB heads kept every other request waiting about 19 s (the
    /// head was parsed in quadratic time with no limit). Now each gets 431 at once.
    @Test func hugeHeadersAre431AndDoNotDelayOthers() async throws {
        let (server, port, root) = try await Self.startServer()
        defer { try? FileManager.default.removeItem(at: root) }
        async let big1 = Self.exchange(Self.paddedHead(bytes: 200_000), port: port)
        async let big2 = Self.exchange(Self.paddedHead(bytes: 200_000), port: port)
        try await Task.sleep(nanoseconds: 100_000_000)
        let (plainStatus, plainSeconds) = await Self.exchange(Self.plainGet, port: port)
        #expect(plainStatus == "HTTP/1.1 200 OK")
        #expect(plainSeconds < 3, "a normal request waited \(plainSeconds) s")
        let results = await [big1, big2]
        for (status, seconds) in results {
            #expect(status == "HTTP/1.1 431 Request Header Fields Too Large")
            #expect(seconds < 5, "the 431 took \(seconds) s")
        }
        await server.stop()
    }

    @Test func aHeadJustUnderTheLimitIsServedAndOneByteOverIsRefused() async throws {
        let (server, port, root) = try await Self.startServer()
        defer { try? FileManager.default.removeItem(at: root) }
        let fits = Self.paddedHead(bytes: 0).count
        let limit = ServeLimits().maxHeadBytes
        #expect(await Self.exchange(Self.paddedHead(bytes: limit - fits), port: port).0 == "HTTP/1.1 200 OK")
        #expect(await Self.exchange(Self.paddedHead(bytes: limit - fits + 1), port: port).0
            == "HTTP/1.1 431 Request Header Fields Too Large")
        await server.stop()
    }

    @Test func aTooLongRequestLineIs414() async throws {
        let (server, port, root) = try await Self.startServer()
        defer { try? FileManager.default.removeItem(at: root) }
        let head = Array("GET /\(String(repeating: "a", count: 9_000)) HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        #expect(await Self.exchange(head, port: port).0 == "HTTP/1.1 414 URI Too Long")
        await server.stop()
    }

    @Test(arguments: [
        ("NONSENSE\r\n\r\n", "HTTP/1.1 400 Bad Request"),
        ("GET / HTTP/1.1\r\nno colon here\r\n\r\n", "HTTP/1.1 400 Bad Request"),
        ("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "HTTP/1.1 405 Method Not Allowed"),
        ("HEAD / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "HTTP/1.1 200 OK"),
        ("GET / HTTP/1.0\n\n", "HTTP/1.1 200 OK"),
    ])
    func malformedAndOtherMethods(head: String, status: String) async throws {
        let (server, port, root) = try await Self.startServer()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(await Self.exchange(Array(head.utf8), port: port).0 == status)
        await server.stop()
    }

    /// A client that dribbles its head a byte at a time is dropped at the head timeout (408),
    /// and a normal request made meanwhile is answered at once.
    @Test func aSlowClientIsDroppedAndDoesNotHoldTheServer() async throws {
        let (server, port, root) = try await Self.startServer(limits: ServeLimits(headTimeout: 1.5))
        defer { try? FileManager.default.removeItem(at: root) }
        let slow: (String, Double) = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                guard let client = RawClient(port: port) else { return continuation.resume(returning: ("", 0)) }
                let started = Date()
                var sent = 0
                let head = Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
                // Dribbles the head until the server answers; it must give up long
                // before the head is complete (27 bytes at 0.3 s each).
                while sent < head.count, !client.hasReplyWaiting(), client.sendAll([head[sent]]) {
                    sent += 1
                    Thread.sleep(forTimeInterval: 0.3)
                }
                let answered = Date().timeIntervalSince(started)
                let reply = client.readToClose(deadline: started.addingTimeInterval(20))
                continuation.resume(returning: (reply.split(separator: "\r\n").first.map(String.init) ?? "", answered))
            }
        }
        #expect(slow.0 == "HTTP/1.1 408 Request Timeout")
        #expect(slow.1 >= 1.4 && slow.1 < 6, "answered after \(slow.1) s")
        await server.stop()
    }

    // The tests below hold connections open across awaits; under the parallel suite a
    // task can sit unscheduled for tens of seconds, so their head timeout is long.

    /// Past `maxConnections` open connections, a new one gets 503 at once instead of
    /// queueing behind them.
    @Test func connectionsPastTheCapGet503() async throws {
        var limits = ServeLimits(headTimeout: 600)
        limits.maxConnections = 2
        let (server, port, root) = try await Self.startServer(limits: limits)
        defer { try? FileManager.default.removeItem(at: root) }
        let idle = [try #require(RawClient(port: port)), try #require(RawClient(port: port))]
        _ = idle.map { $0.sendAll(Array("GET".utf8)) }
        try await Task.sleep(nanoseconds: 200_000_000)
        let (status, seconds) = await Self.exchange(Self.plainGet, port: port)
        #expect(status == "HTTP/1.1 503 Service Unavailable")
        #expect(seconds < 3)
        // Kept open until here (ARC could otherwise close them after their last use).
        #expect(idle.allSatisfy { !$0.hasReplyWaiting() })
        await server.stop()
    }

    @Test func aNormalRequestIsServedWhileASlowClientDribbles() async throws {
        let (server, port, root) = try await Self.startServer(limits: ServeLimits(headTimeout: 600))
        defer { try? FileManager.default.removeItem(at: root) }
        let slow = try #require(RawClient(port: port))
        _ = slow.sendAll(Array("GET / HT".utf8))
        let (status, seconds) = await Self.exchange(Self.plainGet, port: port)
        #expect(status == "HTTP/1.1 200 OK")
        #expect(seconds < 3)
        // Still waiting on its head (and kept open until here).
        #expect(!slow.hasReplyWaiting())
        await server.stop()
    }
}

/// A blocking loopback client that sends raw bytes (however hostile) and reads the
/// reply until the server closes the connection.
final class RawClient {
    let fd: Int32

    init?(port: UInt16) {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { close(fd); return nil }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    /// False once the server stopped taking bytes (it answered and closed, or reset).
    @discardableResult
    func sendAll(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    /// Whether the server has sent something (without waiting).
    func hasReplyWaiting() -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) > 0
    }

    func readToClose(deadline: Date) -> String {
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 4096, 0) }
            if n == 0 { break }
            if n < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                break
            }
            reply.append(contentsOf: chunk[0..<n])
        }
        return String(decoding: reply, as: UTF8.self)
    }
}

/// The head reader on its own: any split of the bytes gives the same result, and the
/// limits are exact.
@Suite struct HTTPHeadReaderTests {
    static func feed(_ text: String, chunk: Int, limits: ServeLimits = ServeLimits()) -> HTTPRequestHead.Progress {
        var reader = HTTPHeadReader(limits: limits)
        let bytes = Array(text.utf8)
        var progress = HTTPRequestHead.Progress.needMore
        var at = 0
        while at < bytes.count, progress == .needMore {
            let piece = Array(bytes[at..<min(bytes.count, at + chunk)])
            progress = piece.withUnsafeBytes { reader.append($0) }
            at += chunk
        }
        return progress
    }

    @Test(arguments: [1, 2, 3, 7, 4096])
    func anySplitParsesTheSame(chunk: Int) {
        let head = "GET /a%20b?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Thing:  spaced value \t\r\nhost: again\r\n\r\nbody"
        #expect(Self.feed(head, chunk: chunk) == .complete(HTTPRequestHead(
            method: "GET", target: "/a%20b?x=1", version: "HTTP/1.1",
            headers: ["host": "again", "x-thing": "spaced value"])))
    }

    @Test func theRequestLineLimitIsExact() {
        var limits = ServeLimits()
        limits.maxRequestLineBytes = 20
        // "GET /123456 HTTP/1.1" is 20 bytes: fits; one more does not, and is refused
        // as soon as the 21st byte arrives without a line end.
        #expect(Self.feed("GET /123456 HTTP/1.1\r\n\r\n", chunk: 1, limits: limits)
            == .complete(HTTPRequestHead(method: "GET", target: "/123456", version: "HTTP/1.1", headers: [:])))
        #expect(Self.feed("GET /123456 HTTP/1.1\n\n", chunk: 1, limits: limits)
            == .complete(HTTPRequestHead(method: "GET", target: "/123456", version: "HTTP/1.1", headers: [:])))
        #expect(Self.feed("GET /1234567 HTTP/1.1", chunk: 1, limits: limits) == .refused(.uriTooLong))
        #expect(Self.feed("GET /1234567 HTTP/1.1\r\n\r\n", chunk: 100, limits: limits) == .refused(.uriTooLong))
    }

    @Test(arguments: ["GET /\r\n\r\n", "GET / HTTP/2\r\n\r\n", "GET  / HTTP/1.1\r\n\r\n", "\r\n\r\n",
                      "GET / HTTP/1.1\r\n folded: x\r\n\r\n", "GET / HTTP/1.1\r\n: empty\r\n\r\n",
                      "GET / HTTP/1.1\r\nbad name: x\r\n\r\n"])
    func malformedHeadsAreBadRequests(head: String) {
        #expect(Self.feed(head, chunk: 5) == .refused(.badRequest))
    }
}
