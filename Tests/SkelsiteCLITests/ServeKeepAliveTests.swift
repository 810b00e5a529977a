import Foundation
import Testing
@testable import SkelSite
@testable import SkelsiteServe
#if canImport(Glibc)
import Glibc
#endif

/// `skelsite serve` keeps connections open between requests as HTTP/1.1 expects
/// (RFC 9112 §9.3; site/reference/limits.md, "Serve: request limits and timeouts"):
/// an HTTP/1.1 connection persists unless `Connection: close`, an HTTP/1.0 one only when
/// it asks for `keep-alive`; pipelined requests are answered in order; an idle connection
/// is closed after `keepAliveTimeout`; a later head still has `headTimeout`; a request
/// with a body, an error and the event stream end the connection; idle connections count
/// against the cap. Each exchange goes over a raw socket to a server in this process.
@Suite struct ServeKeepAliveTests {
    static let page = "<html><body><p>Page</p></body></html>"
    static let pageBody = "<html><body><p>Page</p><script src=\"/__skelsite/live.js\" defer></script>\n</body></html>"

    /// A served folder with `page.html` and `style.css`, on a free port.
    static func start(_ configure: (inout ServeLimits) -> Void = { _ in }) async throws -> (DevServer, UInt16, URL) {
        let root = try CLIRunner.temporaryFolder()
        try Data(page.utf8).write(to: root.appendingPathComponent("page.html"))
        try Data("p { color: red }\n".utf8).write(to: root.appendingPathComponent("style.css"))
        var limits = ServeLimits()
        configure(&limits)
        let server = try DevServer(root: root, port: 0, limits: limits)
        return (server, try await server.start(), root)
    }

    /// A blocking loopback connection that reads one reply at a time (its head, then as
    /// many bytes as `Content-Length` says), so it can go on to the next request.
    final class Connection {
        /// The socket, connected as LoopbackHTTP connects (and closed with it).
        private let link: LoopbackHTTP
        var fd: Int32 { link.fd }
        private var buffer: [UInt8] = []

        init(port: UInt16) throws { link = try LoopbackHTTP(port: port) }

        func send(_ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
        }

        /// Waits up to `seconds` for more bytes; false when the server closed or none came.
        private func fill(_ seconds: Double) -> Bool {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(seconds * 1000)) > 0 else { return false }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 4096, 0) }
            guard n > 0 else { return false }
            buffer += chunk[0..<n]
            return true
        }

        /// The next reply: status line, header lines (Date's value as `DATE`), body;
        /// nil when the connection ended first. `headOnly`: a reply to HEAD (no body).
        func reply(headOnly: Bool = false, within seconds: Double = 20) -> (status: String, headers: [String], body: String)? {
            let deadline = Date().addingTimeInterval(seconds)
            while true {
                if let end = Self.find([13, 10, 13, 10], in: buffer) {
                    var lines = String(decoding: buffer[..<end], as: UTF8.self).components(separatedBy: "\r\n")
                    let status = lines.removeFirst()
                    lines = lines.map { $0.hasPrefix("Date: ") ? "Date: DATE" : $0 }
                    let length = headOnly ? 0 : lines.first { $0.hasPrefix("Content-Length: ") }.flatMap { Int($0.dropFirst(16)) } ?? 0
                    while buffer.count < end + 4 + length {
                        guard fill(deadline.timeIntervalSinceNow) else { return nil }
                    }
                    let body = String(decoding: buffer[(end + 4)..<(end + 4 + length)], as: UTF8.self)
                    buffer.removeFirst(end + 4 + length)
                    return (status, lines, body)
                }
                guard Date() < deadline, fill(deadline.timeIntervalSinceNow) else { return nil }
            }
        }

        /// Seconds until the server closed the connection, sending nothing more; nil when
        /// it sent bytes or was still open after `seconds`.
        func closed(within seconds: Double) -> Double? {
            let started = Date()
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(seconds * 1000)) > 0 else { return nil }
            var byte: UInt8 = 0
            return recv(fd, &byte, 1, 0) == 0 && buffer.isEmpty ? Date().timeIntervalSince(started) : nil
        }

        static func find(_ needle: [UInt8], in hay: [UInt8]) -> Int? {
            guard hay.count >= needle.count else { return nil }
            return (0...(hay.count - needle.count)).first { Array(hay[$0..<($0 + needle.count)]) == needle }
        }
    }

    @Test func anHTTP11ConnectionCarriesRequestsUntilConnectionClose() async throws {
        let (server, port, root) = try await Self.start()
        defer { try? FileManager.default.removeItem(at: root) }
        let connection = try Connection(port: port)
        connection.send("GET /page.html HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let first = try #require(connection.reply())
        #expect(first.status == "HTTP/1.1 200 OK")
        #expect(first.body == Self.pageBody)
        // Persistent by default: no Connection header, the length given.
        #expect(!first.headers.contains { $0.hasPrefix("Connection:") })
        #expect(first.headers.contains("Content-Length: \(Self.pageBody.utf8.count)"))
        connection.send("HEAD /style.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let second = try #require(connection.reply(headOnly: true))
        #expect(second.status == "HTTP/1.1 200 OK")
        #expect(second.headers.first { $0.hasPrefix("Content-Type:") } == "Content-Type: text/css; charset=utf-8")
        connection.send("GET /missing HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let missing = try #require(connection.reply())
        #expect(missing.status == "HTTP/1.1 404 Not Found")
        #expect(missing.body == "404 not found\n")
        connection.send("GET /style.css HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let last = try #require(connection.reply())
        #expect(last.status == "HTTP/1.1 200 OK")
        #expect(last.body == "p { color: red }\n")
        #expect(last.headers.last == "Connection: close")
        #expect(connection.closed(within: 5) != nil)
        await server.stop()
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        let (server, port, root) = try await Self.start()
        defer { try? FileManager.default.removeItem(at: root) }
        let connection = try Connection(port: port)
        connection.send("GET /style.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /page.html HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                        + "GET /style.css HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let replies = [connection.reply(), connection.reply(), connection.reply()]
        #expect(replies.map { $0?.body } == ["p { color: red }\n", Self.pageBody, "p { color: red }\n"])
        #expect(replies.map { $0?.headers.last } == ["Content-Length: 17", "Content-Length: \(Self.pageBody.utf8.count)", "Connection: close"])
        #expect(connection.closed(within: 5) != nil)
        await server.stop()
    }

    @Test func http10ClosesUnlessItAsksForKeepAlive() async throws {
        let (server, port, root) = try await Self.start()
        defer { try? FileManager.default.removeItem(at: root) }
        let plain = try Connection(port: port)
        plain.send("GET /style.css HTTP/1.0\r\n\r\n")
        #expect(try #require(plain.reply()).headers.last == "Connection: close")
        #expect(plain.closed(within: 5) != nil)

        let kept = try Connection(port: port)
        kept.send("GET /style.css HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n")
        #expect(try #require(kept.reply()).headers.last == "Connection: keep-alive")
        kept.send("GET /page.html HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        let second = try #require(kept.reply())
        #expect(second.body == Self.pageBody)
        #expect(second.headers.last == "Connection: keep-alive")
        kept.send("GET /style.css HTTP/1.0\r\n\r\n")
        #expect(try #require(kept.reply()).headers.last == "Connection: close")
        #expect(kept.closed(within: 5) != nil)
        await server.stop()
    }

    @Test func anIdleConnectionIsClosedAfterTheKeepAliveTimeout() async throws {
        let (server, port, root) = try await Self.start { $0.keepAliveTimeout = 1 }
        defer { try? FileManager.default.removeItem(at: root) }
        let connection = try Connection(port: port)
        connection.send("GET /style.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(connection.reply()?.status == "HTTP/1.1 200 OK")
        // Closed without a reply (no request was begun), about a second later.
        let seconds = try #require(connection.closed(within: 20))
        #expect(seconds >= 0.8 && seconds < 10, "closed after \(seconds) s")
        await server.stop()
    }

    /// A later request has `headTimeout` from its first byte, as the first has from the
    /// connection: a client dribbling its second head gets 408.
    @Test func aSlowSecondHeadGets408() async throws {
        let (server, port, root) = try await Self.start { $0.headTimeout = 1; $0.keepAliveTimeout = 30 }
        defer { try? FileManager.default.removeItem(at: root) }
        let connection = try Connection(port: port)
        connection.send("GET /style.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(connection.reply()?.status == "HTTP/1.1 200 OK")
        let started = Date()
        connection.send("GET /st")
        let reply = try #require(connection.reply(within: 20))
        let seconds = Date().timeIntervalSince(started)
        #expect(reply.status == "HTTP/1.1 408 Request Timeout")
        #expect(reply.headers.last == "Connection: close")
        #expect(seconds >= 0.9 && seconds < 10, "answered after \(seconds) s")
        await server.stop()
    }

    @Test func aRequestWithABodyAnErrorOrTheEventStreamEndsTheConnection() async throws {
        let (server, port, root) = try await Self.start()
        defer { try? FileManager.default.removeItem(at: root) }
        for request in ["GET /style.css HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhello",
                        "GET /style.css HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
                        "POST /style.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
                        "GET /style.css HTTP/1.1\r\nHost: attacker.example\r\n\r\n"] {
            let connection = try Connection(port: port)
            connection.send(request)
            let reply = try #require(connection.reply(), "\(request)")
            #expect(reply.headers.last == "Connection: close", "\(request)")
            #expect(connection.closed(within: 5) != nil, "\(request)")
        }
        let events = try Connection(port: port)
        events.send("GET /__skelsite/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let stream = try #require(events.reply(headOnly: true))
        #expect(stream.headers == ["Date: DATE", "Content-Type: text/event-stream", "Cache-Control: no-store", "Connection: close"])
        await server.stop()
    }

    /// An idle persistent connection still holds its place under `maxConnections`.
    @Test func idleConnectionsCountAgainstTheCap() async throws {
        let (server, port, root) = try await Self.start { $0.maxConnections = 1; $0.keepAliveTimeout = 60 }
        defer { try? FileManager.default.removeItem(at: root) }
        let kept = try Connection(port: port)
        kept.send("GET /style.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(kept.reply()?.status == "HTTP/1.1 200 OK")
        let other = try Connection(port: port)
        other.send("GET /style.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(other.reply()?.status == "HTTP/1.1 503 Service Unavailable")
        // The kept one goes on.
        kept.send("GET /style.css HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        #expect(kept.reply()?.body == "p { color: red }\n")
        await server.stop()
    }

    @Test(arguments: [
        ("HTTP/1.1", [:], HTTPReply.Connection.persistent),
        ("HTTP/1.1", ["connection": "close"], .close),
        ("HTTP/1.1", ["connection": "keep-alive, Close"], .close),
        ("HTTP/1.1", ["content-length": "0"], .persistent),
        ("HTTP/1.1", ["content-length": "3"], .close),
        ("HTTP/1.1", ["transfer-encoding": "chunked"], .close),
        ("HTTP/1.0", [:], .close),
        ("HTTP/1.0", ["connection": "Keep-Alive"], .keepAlive),
        ("HTTP/1.0", ["connection": "keep-alive, close"], .close),
    ] as [(String, [String: String], HTTPReply.Connection)])
    func persistenceFollowsVersionAndConnection(version: String, headers: [String: String], expected: HTTPReply.Connection) {
        let head = HTTPRequestHead(method: "GET", target: "/", version: version, headers: headers)
        #expect(head.persistence == expected)
    }

    @Test func theConnectionHeaderIsWrittenAsAnnounced() {
        let reply = HTTPReply(.ok, headers: [("Content-Type", "text/plain")], body: Array("hi".utf8))
        let date = "Sun, 06 Nov 1994 08:49:37 GMT"
        let head = "HTTP/1.1 200 OK\r\nDate: \(date)\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n"
        #expect(String(decoding: reply.serialized(date: date), as: UTF8.self) == head + "Connection: close\r\n\r\nhi")
        #expect(String(decoding: reply.serialized(date: date, connection: .keepAlive), as: UTF8.self)
            == head + "Connection: keep-alive\r\n\r\nhi")
        #expect(String(decoding: reply.serialized(date: date, connection: .persistent), as: UTF8.self) == head + "\r\nhi")
    }
}
