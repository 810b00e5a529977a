import Foundation
import Testing
import SkelSite
import SkelsiteServe
#if canImport(Glibc)
import Glibc
#endif

/// `skelsite serve` answers only the host names it is bound to (site/reference/limits.md,
/// "Serve: host names"), prints an IPv6 address in brackets, and a clean stop removes the
/// temporary output and the other generation beside it.
@Suite(.serialized) struct ServeHostTests {
    /// A running `skelsite serve` and what its banner said.
    struct Served {
        let process: Process
        let url: String
        let port: UInt16

        func stop(_ signal: Int32 = SIGINT) {
            kill(process.processIdentifier, signal)
            let deadline = Date().addingTimeInterval(20)
            while process.isRunning, Date() < deadline { usleep(50_000) }
        }
    }

    /// A folder holding `docs/index.md`.
    static func project() throws -> URL {
        let root = try CLIRunner.temporaryFolder()
        let docs = root.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        try Data("# Served page\n".utf8).write(to: docs.appendingPathComponent("index.md"))
        return root
    }

    /// Starts `skelsite serve docs --port 0 ARGS` in `root` and reads its banner.
    static func serve(_ arguments: [String], in root: URL, environment: [String: String] = [:]) throws -> Served {
        let process = Process()
        process.executableURL = try CLIRunner.binary()
        process.arguments = ["serve", "docs", "--port", "0"] + arguments
        process.currentDirectoryURL = root
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        var banner = ""
        let deadline = Date().addingTimeInterval(60)
        while !banner.contains("\n"), Date() < deadline {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            banner += String(decoding: chunk, as: UTF8.self)
        }
        guard let match = banner.firstMatch(of: /Serving docs at (http:\/\/\S+:(\d+)\/) \(Ctrl-C to stop\)/),
              let port = UInt16(match.2) else {
            process.terminate()
            throw CLIRunner.Failure(description: "serve printed no banner: \(banner)")
        }
        return Served(process: process, url: String(match.1), port: port)
    }

    /// Sends `head` to `address` (IPv4 or IPv6) and reads the reply until the server closes.
    static func exchange(_ head: String, address: String = "127.0.0.1", port: UInt16) throws -> String {
        var v4 = sockaddr_in(), v6 = sockaddr_in6()
        let isV6 = address.contains(":")
        let fd = socket(isV6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        let connected: Int32
        if isV6 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
            inet_pton(AF_INET6, address, &v6.sin6_addr)
            connected = withUnsafePointer(to: &v6) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        } else {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
            inet_pton(AF_INET, address, &v4.sin_addr)
            connected = withUnsafePointer(to: &v4) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(head.utf8)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 4096, 0) }
            if n <= 0 { break }
            reply += chunk[0..<n]
        }
        return String(decoding: reply, as: UTF8.self)
    }

    static func get(_ path: String = "/", host: String?, version: String = "HTTP/1.1", method: String = "GET",
                    address: String = "127.0.0.1", port: UInt16) throws -> String {
        // Without the Date every reply carries (ServeHTTPTests checks it), so replies compare byte for byte.
        ServeHTTPTests.undated(try exchange("\(method) \(path) \(version)\r\n" + (host.map { "Host: \($0)\r\n" } ?? "")
                                            + "Connection: close\r\n\r\n", address: address, port: port))
    }

    static let misdirected = "HTTP/1.1 421 Misdirected Request\r\nContent-Type: text/plain; charset=utf-8\r\n"
        + "Content-Length: 94\r\nConnection: close\r\n\r\n"
        + "421 this server does not answer to that host name (skelsite serve --allow-host NAME adds one)\n"

    @Test func onlyTheBoundNamesAndAllowedOnesAreAnswered() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let served = try Self.serve(["--output", "out", "--allow-host", "dev.test", "--allow-host", "Preview.Example"], in: root)
        defer { served.stop() }
        let port = served.port
        #expect(served.url == "http://127.0.0.1:\(port)/")

        // Before: every one of these got the page, a DNS-rebinding page included.
        for host in ["attacker.example", "attacker.example:\(port)", "localhost:\(port + 1)", "127.0.0.1:1",
                     "localhost.", "dev.test.evil", "localhost:", "localhost:x", "::1", "[::1", "", "127.0.0.2"] {
            for path in ["/", "/index.html", "/__skelsite/live.js", "/__skelsite/events", "/missing"] {
                #expect(try Self.get(path, host: host, port: port) == Self.misdirected, "Host: \(host) \(path)")
            }
        }
        // HEAD: the same status and headers, no body; HTTP/1.0 with a foreign name too.
        let headers = try #require(Self.misdirected.range(of: "\r\n\r\n"))
        #expect(try Self.get(host: "attacker.example", method: "HEAD", port: port) == Self.misdirected[..<headers.upperBound])
        #expect(try Self.get(host: "attacker.example", version: "HTTP/1.0", port: port) == Self.misdirected)

        for host in ["localhost", "localhost:\(port)", "LOCALHOST:\(port)", "127.0.0.1", "127.0.0.1:\(port)",
                     "[::1]", "[::1]:\(port)", "dev.test", "dev.test:\(port)", "preview.example:\(port)"] {
            let page = try Self.get(host: host, port: port)
            #expect(page.hasPrefix("HTTP/1.1 200 OK\r\n"), "Host: \(host)")
            #expect(page.contains("Served page"), "Host: \(host)")
        }

        // The event stream: refused for a foreign name, open for a known one.
        let events = try LoopbackHTTP(port: port)
        events.send("GET /__skelsite/events HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n")
        #expect(events.read(until: ": connected", deadline: Date().addingTimeInterval(20)).contains(": connected"))

        // No Host: 400 for HTTP/1.1; HTTP/1.0 had none and is answered.
        #expect(try Self.get(host: nil, port: port) == "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: 44\r\nConnection: close\r\n\r\n400 an HTTP/1.1 request needs a Host header\n")
        #expect(try Self.get(host: nil, version: "HTTP/1.0", port: port).hasPrefix("HTTP/1.1 200 OK\r\n"))
    }

    @Test func theBoundAddressItselfIsAName() throws {
        // All of 127.0.0.0/8 is loopback on Linux.
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let served = try Self.serve(["--output", "out", "--host", "127.0.0.2"], in: root)
        defer { served.stop() }
        #expect(try Self.get(host: "127.0.0.2:\(served.port)", address: "127.0.0.2", port: served.port).hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(try Self.get(host: "127.0.0.3", address: "127.0.0.2", port: served.port) == Self.misdirected)
    }

    @Test func aBadAllowHostIsAUsageError() throws {
        for name in ["dev.test:4000", "*.test", "a b", "", "http://dev.test", "[127.0.0.1]"] {
            let result = try CLIRunner.run(["serve", "--allow-host", name])
            #expect(result.status == 2, "\(name)")
            #expect(result.stderr == "error: --allow-host must be a host name (letters, digits, '-' and '.') or an IP address, "
                    + "without a port, got '\(name)'\n")
        }
    }

    @Test func theNamesAndThePortAreCompared() {
        let list = HostAllowList(boundHost: "0:0::1", port: 4000, extra: ["Dev.Test", "10.0.0.5", "fe80::1"])
        #expect(list.names == ["localhost", "127.0.0.1", "[::1]", "dev.test", "10.0.0.5", "[fe80::1]"])
        for host in ["[0:0:0:0:0:0:0:1]:4000", "DEV.test", "10.0.0.5:4000", "[FE80::1]"] {
            #expect(list.verdict(host: host, version: "HTTP/1.1") == .allowed, "\(host)")
        }
        for host in ["dev.test:4001", "dev.test:04000x", "dev.test:99999", "10.0.0.6", "[::2]:4000", "fe80::1", "@localhost"] {
            #expect(list.verdict(host: host, version: "HTTP/1.1") == .misdirected, "\(host)")
        }
        #expect(list.verdict(host: nil, version: "HTTP/1.1") == .missing)
        #expect(list.verdict(host: nil, version: "HTTP/1.0") == .allowed)
    }

    /// Before: `http://::1:4000/`, which no browser opens.
    @Test func anIPv6AddressIsPrintedInBrackets() throws {
        #expect(DevServer.url(host: "::1", port: 4000) == "http://[::1]:4000/")
        #expect(DevServer.url(host: "[::1]", port: 4000) == "http://[::1]:4000/")
        #expect(DevServer.url(host: "127.0.0.1", port: 4000) == "http://127.0.0.1:4000/")
    }

    @Test(.enabled(if: ServeHostTests.hasIPv6Loopback)) func serveOnIPv6PrintsABracketedURLAndAnswersIt() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let served = try Self.serve(["--output", "out", "--host", "::1"], in: root)
        defer { served.stop() }
        #expect(served.url == "http://[::1]:\(served.port)/")
        #expect(try Self.get(host: "[::1]:\(served.port)", address: "::1", port: served.port).hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(try Self.get(host: "attacker.example", address: "::1", port: served.port) == Self.misdirected)
    }

    static var hasIPv6Loopback: Bool {
        let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        inet_pton(AF_INET6, "::1", &address.sin6_addr)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
        } == 0
    }

    /// Before: `.skelsite-serve-PID.skelsite/` stayed in the temporary folder after every stop.
    @Test(arguments: [SIGINT, SIGTERM])
    func aCleanStopLeavesNothingInTheTemporaryFolder(signal: Int32) throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let temporary = root.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let served = try Self.serve([], in: root, environment: ["TMPDIR": temporary.path])
        let pid = served.process.processIdentifier
        let made = try FileManager.default.contentsOfDirectory(atPath: temporary.path).sorted()
        #expect(made == [".skelsite-serve-\(pid).skelsite", "skelsite-serve-\(pid)"])
        served.stop(signal)
        #expect(ServeProcess.stoppedCleanly(served.process), "serve did not exit with 0 within 20 s of signal \(signal)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    }
}
