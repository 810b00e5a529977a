import SkelSite
import Foundation
import Platform

/// A blocking TCP connection to a port on 127.0.0.1 where every read has a deadline,
/// so a stuck browser is an error, never a hang.
final class LoopbackSocket {
    private let fd: Int32
    private var closed = false

    init(port: Int) throws {
        fd = socket(AF_INET, streamSocketType, 0)
        guard fd >= 0 else { throw BrowserFailure("cannot create a socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            Platform.close(fd)
            throw BrowserFailure("cannot connect to 127.0.0.1:\(port): \(reason)")
        }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Whether something listens on `port` (a connection is made and closed).
    static func accepts(port: Int) -> Bool {
        guard let probe = try? LoopbackSocket(port: port) else { return false }
        probe.close()
        return true
    }

    /// A port no one listens on now, as the kernel hands them out.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, streamSocketType, 0)
        guard fd >= 0 else { throw BrowserFailure("cannot create a socket") }
        defer { Platform.close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw BrowserFailure("cannot find a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Platform.send(fd, $0.baseAddress, $0.count, noSignalOnSend) }
            if written < 0 {
                if errno == EINTR { continue }
                throw BrowserFailure("the connection to the browser closed")
            }
            offset += written
        }
    }

    /// Appends what arrives to `buffer`; false at end of stream. Throws at the deadline.
    func receive(into buffer: inout [UInt8], until deadline: Date, waitingFor what: String) throws -> Bool {
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw BrowserFailure("the browser did not answer \(what) in time") }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining, 5) * 1000) + 1)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 18)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw BrowserFailure("the connection to the browser failed: \(String(cString: strerror(errno)))") }
            if count == 0 { return false }
            buffer.append(contentsOf: chunk[..<count])
            return true
        }
    }

    func close() {
        guard !closed else { return }
        closed = true
        Platform.close(fd)
    }

    deinit { close() }
}
