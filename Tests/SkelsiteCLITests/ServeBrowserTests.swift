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

        let process = Process()
        process.executableURL = try CLIRunner.binary()
        process.arguments = ["serve", "docs", "--port", "0", "--output", "out"]
        process.currentDirectoryURL = root
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        var banner = ""
        let deadline = Date().addingTimeInterval(60)
        while !banner.contains("\n"), Date() < deadline {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            banner += String(decoding: chunk, as: UTF8.self)
        }
        let match = banner.firstMatch(of: /Serving docs at (http:\/\/127\.0\.0\.1:\d+)\//)
        let origin = try #require(match.map { String($0.1) }, "no banner: \(banner)")

        let run = try GalleryBrowserTests.node(["Tests/browser/serve.test.mjs", origin, doc.path])
        #expect(run.status == 0, "serve.test.mjs exited \(run.status):\n\(run.output)")
        #expect(run.output.contains("\"failures\":[]"), "\(run.output)")
    }
}
