import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tiny blocking HTTP/1.1 client over a raw loopback socket, so tests can send
/// paths exactly as written (`/../`, `%2e%2e`) without a client normalising them,
/// and can read an endless event stream incrementally.
final class LoopbackHTTP {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(port: UInt16) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { close(fd); throw POSIXError(.ECONNREFUSED) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, bytes.count, 0) }
    }

    /// Reads until `marker` has arrived or `deadline` passes; returns everything read so far.
    func read(until marker: String, deadline: Date) -> String {
        let needle = Array(marker.utf8)
        while Date() < deadline {
            if contains(buffer, needle) { break }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 4096, 0) }
            if n <= 0 { break }
            buffer.append(contentsOf: chunk[0..<n])
        }
        return String(decoding: buffer, as: UTF8.self)
    }

    private func contains(_ hay: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= hay.count else { return false }
        for start in 0...(hay.count - needle.count) where hay[start] == needle[0] {
            if Array(hay[start..<start + needle.count]) == needle { return true }
        }
        return false
    }

    /// Forgets what was read so far, so the next `read(until:)` waits for new data.
    func consume() { buffer.removeAll() }

    /// One GET with `Connection: close`; returns (status code, headers+body text).
    static func get(_ path: String, port: UInt16) throws -> (Int, String) {
        let client = try LoopbackHTTP(port: port)
        client.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        // Reads until the server closes the connection; the deadline only bounds a hung
        // server (generous: CI runs this beside the whole parallel suite on 2 cores).
        let text = client.read(until: "\u{0}never", deadline: Date().addingTimeInterval(30))
        let statusLine = text.split(separator: "\r\n").first ?? ""
        let parts = statusLine.split(separator: " ")
        let code = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        return (code, text)
    }
}
