import Foundation
import Testing
@testable import SkelSite
@testable import SkelsiteServe

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


/// What `skelsite serve` watches: the docs and the theme in use, `assets/` included.
@Suite struct ServeWatchRootsTests {
    @Test func watchesTheDefaultThemeAndItsAssets() throws {
        let site = try TestSite(["index.md": "# Home\n"])
        defer { site.remove() }
        let builder = SiteBuilder(source: site.source, output: site.output)
        #expect(builder.templates == nil)
        let session = try ServeSession(builder: builder, host: "127.0.0.1", port: 0) { _ in }
        let theme = try TemplateSet.locate(explicit: nil)
        #expect(session.watchedRoots == [site.source, theme])
        let watched = Set(SourceWatcher(roots: session.watchedRoots).fingerprint().keys)
        #expect(watched.contains(site.source.appendingPathComponent("index.md").path))
        #expect(watched.contains(theme.appendingPathComponent("page.mustache").path))
        #expect(watched.contains(theme.appendingPathComponent("assets/gallery.css").path))
    }

    @Test func watchesTheGivenTemplatesFolderInsteadOfTheDefault() throws {
        let site = try TestSite(["index.md": "# Home\n"])
        defer { site.remove() }
        let mine = site.root.appendingPathComponent("theme")
        let extra = site.root.appendingPathComponent("extra")
        let builder = SiteBuilder(source: site.source, output: site.output, templates: mine)
        let session = try ServeSession(builder: builder, host: "127.0.0.1", port: 0, watching: [extra]) { _ in }
        // Watched even before it is a valid theme, so creating page.mustache rebuilds.
        #expect(session.watchedRoots == [site.source, mine, extra])
    }

    @Test func editingAThemeAssetChangesTheFingerprint() throws {
        let site = try TestSite(["index.md": "# Home\n"])
        defer { site.remove() }
        let theme = site.root.appendingPathComponent("theme")
        try FileManager.default.createDirectory(at: theme.appendingPathComponent("assets"), withIntermediateDirectories: true)
        let css = theme.appendingPathComponent("assets/gallery.css")
        try Data("body{}".utf8).write(to: css)
        let watcher = SourceWatcher(roots: [site.source, theme])
        let before = watcher.fingerprint()
        #expect(before.keys.sorted() == [site.source.appendingPathComponent("index.md").path, css.path].sorted())
        try Data("body{color:red}".utf8).write(to: css)
        #expect(watcher.fingerprint() != before)
    }
}

/// The watcher's baseline is fixed when it starts, not when its task first runs.
@Suite struct SourceWatcherStartTests {
    /// Waits up to `seconds` for `signal` to yield once; true if it did.
    static func fired(_ signal: AsyncStream<Void>, within seconds: Double) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask { for await _ in signal { return true }; return false }
            group.addTask { try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000)); return false }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    @Test func aChangeAfterTheGivenBaselineFires() async throws {
        let site = try TestSite(["index.md": "# One\n"])
        defer { site.remove() }
        let watcher = SourceWatcher(roots: [site.source], interval: 0.02)
        let baseline = watcher.fingerprint()
        // Saved after the baseline but before the watcher runs (as during serve's first build).
        try site.write("index.md", "# Two, longer\n")
        let (signal, continuation) = AsyncStream<Void>.makeStream()
        watcher.start(baseline: baseline) { continuation.yield() }
        defer { watcher.stop() }
        #expect(await Self.fired(signal, within: 20))
    }

    @Test func aSaveRightAfterStartFires() async throws {
        let site = try TestSite(["index.md": "# One\n"])
        defer { site.remove() }
        let watcher = SourceWatcher(roots: [site.source], interval: 0.02)
        let (signal, continuation) = AsyncStream<Void>.makeStream()
        watcher.start { continuation.yield() }
        defer { watcher.stop() }
        try site.write("index.md", "# Two, longer\n")
        #expect(await Self.fired(signal, within: 20))
    }

    @Test func nothingChangedDoesNotFire() async throws {
        let site = try TestSite(["index.md": "# One\n"])
        defer { site.remove() }
        let watcher = SourceWatcher(roots: [site.source], interval: 0.02)
        let (signal, continuation) = AsyncStream<Void>.makeStream()
        watcher.start { continuation.yield() }
        defer { watcher.stop() }
        #expect(await Self.fired(signal, within: 0.5) == false)
    }

    /// A save seen half done (the file truncated, its bytes written 30 ms later, as a
    /// loaded machine may show an editor's save) is one change: the watcher takes the
    /// files once they have stayed the same for `settle`. Run on a fake clock (why: with
    /// real sleeps, a test whose tasks wait on a cooperative pool that parallel tests keep
    /// busy saw its gap stretched past any settle). Before, the first scan's half-done
    /// state was taken, and the write was a second change.
    @Test func aSaveSeenHalfDoneIsOneChange() {
        let half = ["index.md": "0@1"], whole = ["index.md": "18@2"]
        var clock = Date(timeIntervalSince1970: 0)
        var scans: [(at: Double, state: [String: String])] = []
        // The write lands 25 ms after the half-done state was seen; scans come every 10 ms.
        let settled = SourceWatcher.settled(from: half, settle: 0.05, scan: {
            let state = clock.timeIntervalSince1970 >= 0.025 ? whole : half
            scans.append((clock.timeIntervalSince1970, state))
            return state
        }, now: { clock }, sleep: { clock += $0 })
        #expect(settled == whole)
        #expect(scans.prefix(3).map(\.state) == [half, half, whole])
        // It ended once the whole file had stayed so for the settle, not before.
        #expect(scans.dropFirst(2).allSatisfy { $0.state == whole })
        let firstWhole = scans[2].at
        #expect(clock.timeIntervalSince1970 - firstWhole >= 0.05 - 1e-9)
        #expect(clock.timeIntervalSince1970 - firstWhole < 0.07)
        // Steady changes still end, at twenty times the settle, with what was seen last.
        var count = 0
        clock = Date(timeIntervalSince1970: 0)
        let busy = SourceWatcher.settled(from: [:], settle: 0.05, scan: {
            count += 1
            return ["a": "\(count)"]
        }, now: { clock }, sleep: { clock += $0 })
        #expect(busy == ["a": "\(count)"])
        #expect(clock.timeIntervalSince1970 >= 1.0 - 1e-9 && clock.timeIntervalSince1970 < 1.02)
    }
}
