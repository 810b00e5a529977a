import Foundation
import Platform

/// A small HTTP/1.1 server on POSIX sockets: one thread accepts, each connection gets
/// its own thread, reads request heads within `ServeLimits`, refuses a `Host` not in
/// `hosts` and hands the rest to `handle`, which writes the reply; a persistent
/// connection (keep-alive) goes on to its next request.
///
/// Why not a library: the one used before parsed heads in quadratic time with no
/// size limit or read timeout, and offered no hook to add them
/// (site/reference/limits.md, "Serve: request limits and timeouts").
///
/// `@unchecked Sendable`: `open`, `started` and `stopped` are touched only under `lock`.
final class HTTPListener: @unchecked Sendable {
    /// Answers one request; the connection the reply is to announce is given, and the
    /// handler returns whether it wrote that whole reply (false: the connection ends,
    /// as after an event stream or an error).
    typealias Handler = @Sendable (HTTPRequestHead, ClientSocket, HTTPReply.Connection) -> Bool

    let limits: ServeLimits
    /// The names requests may carry in `Host`; others get 421 whatever their path.
    let hosts: HostAllowList
    private let listenFD: Int32
    private let handle: Handler
    private let lock = NSLock()
    private var open = 0
    private var started = false
    private var stopped = false

    /// Binds and listens on `host` (an IPv4 or IPv6 address) and `port` (0: any free one);
    /// `allowedHosts` are names accepted in `Host` besides the loopback ones and `host`.
    init(host: String, port: UInt16, limits: ServeLimits, allowedHosts: [String] = [], handle: @escaping Handler) throws {
        self.limits = limits
        self.handle = handle
        let fd = try Self.makeListeningSocket(host: host, port: port)
        listenFD = fd
        hosts = HostAllowList(boundHost: host, port: Self.boundPort(fd), extra: allowedHosts)
    }

    /// The port actually bound.
    var port: UInt16 { Self.boundPort(listenFD) }

    private static func boundPort(_ listenFD: Int32) -> UInt16 {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listenFD, $0, &length) }
        }
        if Int32(storage.ss_family) == AF_INET6 {
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            }
        }
        return withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
    }

    /// A listener never started still holds its socket; the accept loop closes it otherwise.
    deinit {
        if !started { close(listenFD) }
    }

    /// Accepts connections on a background thread until `stop`.
    func start() {
        lock.lock()
        started = true
        lock.unlock()
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "skelsite-serve-accept"
        thread.start()
    }

    /// Stops accepting (connections already open finish within their timeouts).
    func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        lock.unlock()
        if !wasStopped {
            // Wakes the blocked accept(); the accept loop closes the socket.
            shutdown(listenFD, Int32(SHUT_RDWR))
        }
    }

    var openConnections: Int {
        lock.lock()
        defer { lock.unlock() }
        return open
    }

    private func acceptLoop() {
        defer { close(listenFD) }
        while true {
            let fd = accept(listenFD, nil, nil)
            lock.lock()
            let done = stopped
            lock.unlock()
            if done {
                if fd >= 0 { close(fd) }
                return
            }
            if fd < 0 {
                if errno == EINTR || errno == ECONNABORTED || errno == EMFILE || errno == ENFILE {
                    if errno == EMFILE || errno == ENFILE { usleep(10_000) }
                    continue
                }
                return
            }
            let client = ClientSocket(fd: fd, limits: limits)
            lock.lock()
            let admitted = open < limits.maxConnections
            if admitted { open += 1 }
            lock.unlock()
            guard admitted else {
                // Too busy: say so at once rather than queue behind slow clients.
                client.write(HTTPReply.text(.serviceUnavailable, "too many connections").serialized())
                continue
            }
            let thread = Thread { [self] in
                serve(client)
                lock.lock()
                open -= 1
                lock.unlock()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Reads a head within the limits and lets the handler answer, for as long as the
    /// connection persists (site/reference/command-line.md, "serve"): the handler says
    /// whether it does, after a reply in full whose request and reply both allow it.
    private func serve(_ client: ClientSocket) {
        // Bytes read past a head: the start of the next request (a pipelining client).
        var pending: [UInt8] = []
        var first = true
        while let head = nextHead(client, pending: &pending, first: first) {
            first = false
            lock.lock()
            let stopping = stopped
            lock.unlock()
            let connection = stopping ? .close : head.persistence
            guard handle(head, client, connection), connection != .close else { return }
        }
    }

    /// The next request's head, its absolute form adopted and its host checked; nil once
    /// the connection is to end (closed, idle past `keepAliveTimeout`, or refused: the
    /// refusal already written). The first request has `headTimeout` from the connection;
    /// a later one `keepAliveTimeout` to begin, then `headTimeout` from its first byte.
    private func nextHead(_ client: ClientSocket, pending: inout [UInt8], first: Bool) -> HTTPRequestHead? {
        var reader = HTTPHeadReader(limits: limits)
        var idle = !first && pending.isEmpty
        var deadline = Date().addingTimeInterval(idle ? limits.keepAliveTimeout : limits.headTimeout)
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let bytes: [UInt8]
            if !pending.isEmpty {
                bytes = pending
                pending = []
            } else {
                switch chunk.withUnsafeMutableBytes({ client.read(into: $0, deadline: deadline) }) {
                case .closed:
                    return nil
                case .timedOut:
                    if idle { return nil }
                    client.write(HTTPReply.text(.requestTimeout, "the request head took longer than \(limits.headTimeout) s").serialized())
                    client.finishAfterError()
                    return nil
                case .bytes(let n):
                    bytes = Array(chunk[0..<n])
                }
            }
            if idle {
                idle = false
                deadline = Date().addingTimeInterval(limits.headTimeout)
            }
            let room = reader.room
            let progress = bytes.withUnsafeBytes { reader.append($0) }
            switch progress {
            case .needMore:
                continue
            case .refused(let status):
                client.write(HTTPReply.text(status, Self.explanation(status, limits)).serialized())
                client.finishAfterError()
                return nil
            case .complete(var head):
                if let end = reader.headEnd {
                    pending = Array(reader.bytes[end...]) + bytes[min(room, bytes.count)...]
                }
                guard head.adoptAbsoluteForm() else {
                    client.write(HTTPReply.text(.badRequest, "malformed request").serialized(headOnly: head.method == "HEAD"))
                    client.finishAfterError()
                    return nil
                }
                if let refusal = Self.refusal(hosts.verdict(host: head.headers["host"], version: head.version)) {
                    client.write(refusal.serialized(headOnly: head.method == "HEAD"))
                    client.finishAfterError()
                    return nil
                }
                return head
            }
        }
    }

    /// The answer to a request whose `Host` is refused (site/reference/limits.md, "Serve:
    /// host names"); nil when it is allowed.
    static func refusal(_ verdict: HostAllowList.Verdict) -> HTTPReply? {
        switch verdict {
        case .allowed: return nil
        case .missing: return .text(.badRequest, "an HTTP/1.1 request needs a Host header")
        case .misdirected:
            return .text(.misdirectedRequest, "this server does not answer to that host name (skelsite serve --allow-host NAME adds one)")
        }
    }

    static func explanation(_ status: HTTPStatus, _ limits: ServeLimits) -> String {
        switch status {
        case .uriTooLong: return "the request line is longer than \(limits.maxRequestLineBytes) bytes"
        case .headerFieldsTooLarge: return "the request head is longer than \(limits.maxHeadBytes) bytes"
        default: return "malformed request"
        }
    }

    private static func makeListeningSocket(host: String, port: UInt16) throws -> Int32 {
        var v4 = sockaddr_in()
        var v6 = sockaddr_in6()
        let family: Int32
        if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
            family = AF_INET
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
        } else if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
            family = AF_INET6
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
        } else {
            throw ServeError.badAddress(host)
        }
        let fd = socket(family, streamSocketType, 0)
        guard fd >= 0 else { throw ServeError.socket(errno: errno) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound: Int32 = family == AF_INET
            ? withUnsafePointer(to: &v4) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            : withUnsafePointer(to: &v6) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        guard bound == 0, listen(fd, 128) == 0 else {
            let code = errno
            close(fd)
            throw ServeError.socket(errno: code)
        }
        return fd
    }
}
