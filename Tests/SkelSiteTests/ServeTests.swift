import Foundation
import Testing
@testable import SkelSite

@Suite struct SafePathTests {
    let root: URL
    let outside: URL

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("safepath-\(UUID().uuidString)")
        root = base.appendingPathComponent("site")
        outside = base.appendingPathComponent("secret")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("home".utf8).write(to: root.appendingPathComponent("index.html"))
        try Data("guide".utf8).write(to: root.appendingPathComponent("docs/guide.html"))
        try Data("secret".utf8).write(to: outside.appendingPathComponent("passwd"))
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("escape"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("link.html"),
                                                   withDestinationURL: outside.appendingPathComponent("passwd"))
    }

    @Test(arguments: [
        ("/", "index.html"),
        ("/index.html", "index.html"),
        ("/docs/", "docs/index.html?"),
        ("/docs/guide.html", "docs/guide.html"),
        ("/docs/guide", "docs/guide.html"),
        ("/docs/guide.html?x=1#top", "docs/guide.html"),
    ])
    func servesFilesInside(path: String, expected: String) {
        let result = SafePath.resolve(path, in: root)
        if expected.hasSuffix("?") {
            #expect(result == .notFound)
        } else {
            #expect(result == .file(root.resolvingSymlinksInPath().appendingPathComponent(expected)))
        }
    }

    @Test(arguments: [
        "/../secret/passwd", "/docs/../../secret/passwd", "/%2e%2e/secret/passwd", "/%2E%2E/secret/passwd",
        "/docs/%2e%2e/%2e%2e/secret/passwd", "/%252e%252e/secret/passwd", "/..%2fsecret%2fpasswd",
        "/escape/passwd", "/link.html", "/docs/..%5c..%5csecret", "/index.html%00.png",
    ])
    func refusesEverythingThatLeaves(path: String) {
        #expect(SafePath.resolve(path, in: root) == .forbidden)
    }

    @Test func missingFileIsNotFound() {
        #expect(SafePath.resolve("/nope.html", in: root) == .notFound)
    }
}

@Suite struct LiveReloadTests {
    @Test func injectsScriptBeforeBodyEnd() {
        #expect(LiveReloadScript.inject(into: "<html><body><p>x</p></body></html>")
            == "<html><body><p>x</p><script src=\"/__skelsite/live.js\" defer></script>\n</body></html>")
        #expect(LiveReloadScript.inject(into: "<p>bare</p>") == "<p>bare</p>\n<script src=\"/__skelsite/live.js\" defer></script>\n")
    }

    @Test func hubWritesServerSentEventsAndReplaysErrors() async {
        let hub = LiveReloadHub()
        hub.publish(event: "error", data: "a.md:3:5: error: bad\nline two")
        var iterator = hub.subscribe().makeAsyncIterator()
        #expect(await iterator.next().map { String(decoding: $0, as: UTF8.self) } == ": connected\n\n")
        #expect(await iterator.next().map { String(decoding: $0, as: UTF8.self) }
            == "event: error\ndata: a.md:3:5: error: bad\ndata: line two\n\n")
        hub.publish(event: "reload", data: "ok")
        #expect(await iterator.next().map { String(decoding: $0, as: UTF8.self) } == "event: reload\ndata: ok\n\n")
        #expect(hub.subscriberCount == 1)
        hub.close()
        #expect(await iterator.next() == nil)
    }
}

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
        #expect(events.read(until: ": connected", deadline: Date().addingTimeInterval(3)).contains("text/event-stream"))
        server.announce(RebuildOutcome(succeeded: false, diagnostics: "doc.md:4:7: error: oops"))
        server.announce(RebuildOutcome(succeeded: true))
        let text = events.read(until: "event: reload", deadline: Date().addingTimeInterval(2))
        #expect(text.contains("event: error\ndata: doc.md:4:7: error: oops\n\n"))
        #expect(text.contains("event: reload\ndata: ok\n\n"))
        await server.stop()
    }
}
