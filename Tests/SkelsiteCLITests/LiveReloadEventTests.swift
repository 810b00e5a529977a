import Foundation
import Testing
@testable import SkelSite
@testable import SkelsiteServe
#if canImport(Glibc)
import Glibc
#endif

/// Live reload never shows a stale page (site/reference/command-line.md, "serve"): what
/// `skelsite serve` announces on its event stream after each save, and what the injected
/// client does with it (run in node with a stub page).
@Suite(.serialized) struct LiveReloadEventTests {
    static let guide = """
    ---
    title: Guide
    ---

    # Guide

    ```skeleton
    skeleton "Row" width=120
      row gap=8
        circle 24
        rect width=60 height=10
    ```

    """

    /// `docs/index.md` (the gallery's intro, no specs) and `docs/guide.md` (one spec).
    static func project() throws -> URL {
        let root = try CLIRunner.temporaryFolder()
        let docs = root.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        try Data("---\ntitle: Home\n---\n\n# Home\n\nWelcome.\n".utf8).write(to: docs.appendingPathComponent("index.md"))
        try Data(guide.utf8).write(to: docs.appendingPathComponent("guide.md"))
        return root
    }

    /// A running serve whose stderr goes to a file, with its event stream open.
    final class Served {
        let process: Process
        let port: UInt16
        let stderr: URL
        let events: LoopbackHTTP

        init(in root: URL, _ arguments: [String]) throws {
            stderr = root.appendingPathComponent("serve.err")
            _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
            let errors = try FileHandle(forWritingTo: stderr)
            process = Process()
            process.executableURL = try CLIRunner.binary()
            process.arguments = ["serve", "docs", "--port", "0", "--output", "out"] + arguments
            process.currentDirectoryURL = root
            let stdout = Pipe()
            process.standardOutput = stdout
            process.standardError = errors
            try process.run()
            try errors.close()
            do {
                port = try ServeProcess.boundPort(stdout)
                events = try LoopbackHTTP(port: port)
            } catch {
                process.terminate()
                throw error
            }
            events.send("GET /__skelsite/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            _ = events.read(until: ": connected", deadline: Date().addingTimeInterval(20))
            events.consume()
        }

        var log: String { (try? String(contentsOf: stderr, encoding: .utf8)) ?? "" }

        private var buffer: [UInt8] = []

        /// Reads the stream until `marker` has come, then `settle` seconds more (a second
        /// rebuild would land there); returns what came, less the idle pings, and forgets it.
        func read(until marker: String, settle: Double = 0) -> String {
            var deadline = Date().addingTimeInterval(30)
            var settling = false
            while true {
                let text = String(decoding: buffer, as: UTF8.self)
                if !settling, marker.isEmpty || text.contains(marker) {
                    settling = true
                    deadline = Date().addingTimeInterval(settle)
                }
                let left = deadline.timeIntervalSinceNow
                if left <= 0 { break }
                var poller = pollfd(fd: events.fd, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, Int32(min(left, 1) * 1000)) > 0 else { continue }
                var chunk = [UInt8](repeating: 0, count: 4096)
                let n = chunk.withUnsafeMutableBytes { recv(events.fd, $0.baseAddress, 4096, 0) }
                if n <= 0 { break }
                buffer += chunk[0..<n]
            }
            defer { buffer.removeAll() }
            return String(decoding: buffer, as: UTF8.self).replacingOccurrences(of: ": ping\n\n", with: "")
        }

        func stop() {
            kill(process.processIdentifier, SIGINT)
            let deadline = Date().addingTimeInterval(20)
            while process.isRunning, Date() < deadline { usleep(50_000) }
        }
    }

    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    static func save(_ text: String, in root: URL) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent("docs/guide.md"))
    }

    static let diagnostic = """
    event: error
    data: docs/guide.md:11:5: error: unknown node kind 'rectt'; did you mean 'rect'?
    data:     rectt width=60 height=10
    data:     ^


    """

    /// B3. Before: with the cache inside the docs, the first build and every failed save
    /// rebuilt twice (the build's own cache writes were seen as a save), so the overlay
    /// got two identical `error` events.
    @Test(arguments: [[], ["--cache-dir", "docs/cache"], ["--cache-dir", "docs/../docs/cache"]])
    func oneFailedSaveIsOneRebuildAndOneEvent(arguments: [String]) throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let served = try Served(in: root, arguments)
        defer { served.stop() }
        _ = served.read(until: "", settle: 1.5)
        #expect(Self.count("rebuilt:", in: served.log) == 1, "\(served.log)")

        try Self.save(Self.guide.replacingOccurrences(of: "rect width", with: "rectt width"), in: root)
        let broken = served.read(until: "did you mean", settle: 2)
        #expect(broken == Self.diagnostic)
        #expect(Self.count("build failed: 1 errors; still serving the last good site", in: served.log) == 1, "\(served.log)")
        #expect(Self.count("rebuilt:", in: served.log) == 1, "\(served.log)")

        // B1 on the wire: the fix restores the last good site, so nothing changed.
        try Self.save(Self.guide, in: root)
        #expect(served.read(until: "event: reload\ndata: ok\n\n", settle: 1) == "event: changed\ndata: \n\nevent: reload\ndata: ok\n\n")
        #expect(Self.count("rebuilt:", in: served.log) == 2, "\(served.log)")
    }

    static let pngs = ["dark@1x.png", "dark@2x.png", "light@1x.png", "light@2x.png", "preview.png", "strip-light@1x.png"]
        .map { "png/guide--row/" + $0 }

    /// B2: every file the rebuild wrote is listed; the gallery page only when it changed
    /// (a card of another size), its thumbnails whenever they did.
    @Test func theChangedListNamesEveryFileTheRebuildWrote() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let served = try Served(in: root, [])
        defer { served.stop() }

        // Same size: the gallery's HTML is the same, its thumbnails are not.
        try Self.save(Self.guide.replacingOccurrences(of: "height=10", with: "height=14"), in: root)
        let sameSize = served.read(until: "event: reload\ndata: ok\n\n")
        #expect(sameSize == "event: changed\n" + (["guide.html"] + Self.pngs).map { "data: \($0)\n" }.joined()
                + "\nevent: reload\ndata: ok\n\n")

        // Wider: the gallery's card changes too.
        try Self.save(Self.guide.replacingOccurrences(of: "width=120", with: "width=180"), in: root)
        let wider = served.read(until: "event: reload\ndata: ok\n\n")
        #expect(wider == "event: changed\n" + (["guide.html", "index.html"] + Self.pngs).map { "data: \($0)\n" }.joined()
                + "\nevent: reload\ndata: ok\n\n")
        let out = root.appendingPathComponent("out")
        let gallery = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(gallery.contains("src=\"png/guide--row/light@1x.png\""))
    }

    /// A deleted doc's page is announced too: a page open on it reloads (to the 404 serve
    /// now gives) instead of showing a page the site no longer has.
    @Test func aDeletedDocsPageIsInTheChangedList() throws {
        let root = try Self.project()
        try Data("# Other\n\nText.\n".utf8).write(to: root.appendingPathComponent("docs/other.md"))
        defer { try? FileManager.default.removeItem(at: root) }
        let served = try Served(in: root, [])
        defer { served.stop() }
        try FileManager.default.removeItem(at: root.appendingPathComponent("docs/other.md"))
        let gone = served.read(until: "event: reload\ndata: ok\n\n")
        // The other pages' nav lost its link (written); other.html is gone.
        #expect(gone.hasPrefix("event: changed\n"), "\(gone)")
        #expect(gone.contains("data: other.html\n"), "\(gone)")
        #expect(gone.contains("data: guide.html\n"), "\(gone)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("out/other.html").path))
    }

    /// The client's decisions, in node with a stub page: what each announcement does to
    /// the page (reloads, and whether the error overlay is up).
    static let harness = #"""
    import fs from 'node:fs';
    import vm from 'node:vm';
    const source = fs.readFileSync(process.argv[2], 'utf8');
    // A page at `href` holding `elements` ([tag, attributes]); returns its state and a way
    // to deliver server-sent events.
    function page(href, elements) {
      const listeners = {};
      const state = { reloads: 0, overlay: null };
      const make = (tag) => ({
        tag, style: {}, setAttribute() {}, append() {}, addEventListener() {},
        remove() { if (state.overlay === this) state.overlay = null; },
      });
      const nodes = elements.map(([tag, attributes]) => ({ tag, getAttribute: (name) => attributes[name] ?? null }));
      const url = new URL(href);
      vm.runInNewContext(source, {
        URL, decodeURIComponent,
        location: { href, pathname: url.pathname, origin: url.origin, reload() { state.reloads++; } },
        document: { createElement: make, body: { appendChild(node) { state.overlay = node; } }, querySelectorAll: () => nodes },
        EventSource: class { addEventListener(type, listener) { listeners[type] = listener; } },
      });
      return { state, send(type, data) { listeners[type]({ data }); } };
    }
    const site = 'http://127.0.0.1:4000';
    const thumbs = [['img', { src: 'png/guide--row/light@1x.png', srcset: 'png/guide--row/light@1x.png 1x, png/guide--row/light@2x.png 2x' }],
                    ['img', { src: 'png/guide--row/dark@1x.png', srcset: 'png/guide--row/dark@1x.png 1x, png/guide--row/dark@2x.png 2x' }],
                    ['link', { rel: 'stylesheet', href: 'assets/gallery.css' }]];
    const cases = [
      ['error, then a fix that changed nothing', `${site}/guide.html`, [], [['error', 'a.md:1:1: error: x'], ['changed', ''], ['reload', 'ok']]],
      ['error, then a fix that changed the page', `${site}/guide.html`, [], [['error', 'x'], ['changed', 'guide.html'], ['reload', 'ok']]],
      ['error only', `${site}/guide.html`, [], [['error', 'x']]],
      ['gallery, a thumbnail changed', `${site}/`, thumbs, [['changed', 'guide.html\npng/guide--row/dark@2x.png'], ['reload', 'ok']]],
      ['gallery, another page changed', `${site}/`, thumbs, [['changed', 'guide.html\npng/other--row/dark@2x.png'], ['reload', 'ok']]],
      ['gallery, itself changed', `${site}/`, thumbs, [['changed', 'index.html'], ['reload', 'ok']]],
      ['pretty URL, its page changed', `${site}/guide`, [], [['changed', 'guide.html'], ['reload', 'ok']]],
      ['a shared asset changed', `${site}/guide.html`, [], [['changed', 'assets/theme.js'], ['reload', 'ok']]],
      ['a stylesheet it loads changed', `${site}/diff/`, [['link', { rel: 'stylesheet', href: '../extra.css' }]], [['changed', 'extra.css'], ['reload', 'ok']]],
      ['an image in its folder changed', `${site}/diff/`, [['img', { src: 'a%20b.png' }]], [['changed', 'diff/a b.png'], ['reload', 'ok']]],
      ['an image of another origin', `${site}/guide.html`, [['img', { src: 'http://cdn.example/x.png' }]], [['changed', 'x.png'], ['reload', 'ok']]],
      ['a reload without a list', `${site}/guide.html`, [], [['reload', 'ok']]],
    ];
    for (const [name, href, elements, events] of cases) {
      const p = page(href, elements);
      for (const [type, data] of events) p.send(type, data);
      console.log(`${name}: reloads ${p.state.reloads}, overlay ${p.state.overlay ? 'shown' : 'none'}`);
    }
    """#

    /// B1 and B2 in the client. Before: the overlay stayed after a fix that changed
    /// nothing, and the gallery never reloaded for its thumbnails.
    @Test func theClientReloadsForTheFilesItShowsAndClearsTheOverlay() throws {
        let scratch = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let script = scratch.appendingPathComponent("live.js")
        let test = scratch.appendingPathComponent("live.test.mjs")
        try Data(LiveReloadScript.source.utf8).write(to: script)
        try Data(Self.harness.utf8).write(to: test)
        let run = try GalleryBrowserTests.node([test.path, script.path])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output == """
        error, then a fix that changed nothing: reloads 0, overlay none
        error, then a fix that changed the page: reloads 1, overlay shown
        error only: reloads 0, overlay shown
        gallery, a thumbnail changed: reloads 1, overlay none
        gallery, another page changed: reloads 0, overlay none
        gallery, itself changed: reloads 1, overlay none
        pretty URL, its page changed: reloads 1, overlay none
        a shared asset changed: reloads 1, overlay none
        a stylesheet it loads changed: reloads 1, overlay none
        an image in its folder changed: reloads 1, overlay none
        an image of another origin: reloads 0, overlay none
        a reload without a list: reloads 1, overlay none

        """)
    }
}
