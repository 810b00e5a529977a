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

