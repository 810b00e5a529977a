import Foundation
import Testing

/// `[serve] allowed_hosts` in skelsite.toml adds host names as `serve --allow-host`
/// does (site/reference/command-line.md, "Project file").
@Suite struct ServeProjectHostsTests {
    @Test func theProjectFileAddsHostNames() throws {
        let root = try ServeHostTests.project()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("[serve]\nallowed_hosts = [\"preview.test\"]\n".utf8).write(to: root.appendingPathComponent("skelsite.toml"))
        let served = try ServeHostTests.serve(["--output", "out", "--allow-host", "flag.test"], in: root)
        defer { served.process.terminate(); served.process.waitUntilExit() }
        for host in ["preview.test", "flag.test", "127.0.0.1:\(served.port)"] {
            let reply = try ServeHostTests.get(host: host, port: served.port)
            #expect(reply.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(host): \(reply.prefix(60))")
        }
        #expect(try ServeHostTests.get(host: "other.test", port: served.port) == ServeHostTests.misdirected)
    }

    @Test func aBadNameIsLocated() throws {
        let root = try ServeHostTests.project()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("[serve]\nallowed_hosts = [\"ok.test\", \"*.test\"]\n".utf8).write(to: root.appendingPathComponent("skelsite.toml"))
        let result = try CLIRunner.run(["serve", "docs", "--port", "0"], cwd: root)
        #expect(result.status == 2)
        #expect(result.stderr == """
            skelsite.toml:2:17: error: serve.allowed_hosts: must be a host name (letters, digits, '-' and '.') or an IP address, without a port, got '*.test'

            """)
    }
}
