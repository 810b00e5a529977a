import Foundation
import Testing
@testable import SkelSite

@Suite(.serialized) struct DevServerTests {
    @Test func servesPagesRefusesTraversalAndStreamsEvents() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("devserver-\(UUID().uuidString)")
        let root = base.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("<html><body>hello</body></html>".utf8).write(to: root.appendingPathComponent("index.html"))
        try Data("secret".utf8).write(to: base.appendingPathComponent("secret.txt"))

        let server = try DevServer(root: root, port: 0)
        let port = try await server.start()

        let (status, page) = try LoopbackHTTP.get("/", port: port)
        #expect(status == 200)
        #expect(page.contains("hello<script src=\"/__skelsite/live.js\" defer></script>"))
        let dotDot = try LoopbackHTTP.get("/../secret.txt", port: port)
        #expect([403, 404].contains(dotDot.0))
        #expect(!dotDot.1.contains("secret\n") && !dotDot.1.hasSuffix("secret"))
        #expect(try LoopbackHTTP.get("/%2e%2e/secret.txt", port: port).0 == 403)
        #expect(try LoopbackHTTP.get("/missing.html", port: port).0 == 404)
        #expect(try LoopbackHTTP.get("/__skelsite/live.js", port: port).1.contains("new EventSource('/__skelsite/events')"))

        let events = try LoopbackHTTP(port: port)
        events.send("GET /__skelsite/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(events.read(until: ": connected", deadline: Date().addingTimeInterval(20)).contains("text/event-stream"))
        server.announce(RebuildOutcome(succeeded: false, diagnostics: "doc.md:4:7: error: oops"))
        server.announce(RebuildOutcome(succeeded: true))
        let text = events.read(until: "event: reload", deadline: Date().addingTimeInterval(20))
        #expect(text.contains("event: error\ndata: doc.md:4:7: error: oops\n\n"))
        #expect(text.contains("event: reload\ndata: ok\n\n"))
        await server.stop()
    }
}
