import Foundation
import Testing

/// `skelsite serve` with a real browser: Tests/browser/serve.test.mjs opens the served
/// page in headless Chromium, saves edits to the doc and checks the reload, the error
/// overlay over the last good page, and the recovery.
@Suite struct ServeBrowserTests {
    @Test func reloadsAndShowsTheErrorOverlayInABrowser() throws {
        try #require(FileManager.default.isExecutableFile(atPath: GalleryBrowserTests.chromium),
                     "\(GalleryBrowserTests.chromium) is missing: install it (apt-get install chromium) or set CHROMIUM")
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let docs = root.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        let doc = docs.appendingPathComponent("index.md")
        try Data(ServeCommandTests.goodDoc.utf8).write(to: doc)

        let (process, port) = try ServeProcess.start(in: root)
        defer { if process.isRunning { process.terminate() } }
        let origin = "http://127.0.0.1:\(port)"

        let run = try GalleryBrowserTests.node(["Tests/browser/serve.test.mjs", origin, doc.path])
        #expect(run.status == 0, "serve.test.mjs exited \(run.status):\n\(run.output)")
        #expect(run.output.contains("\"failures\":[]"), "\(run.output)")
    }
}
