import Foundation
import SkelSite
import SkelsiteVerify
import SkelsiteServe
import Testing

/// The playground in Firefox and WebKit (Tests/wasm/playground-engines.test.mjs), as
/// PlaygroundTests and PlaygroundFileURLTests check it in Chromium: opened from a file:
/// URL and from serve's server, a link's spec renders the native frame byte for byte,
/// a typed spec renders its own, and without its module the page says why.
@Suite struct PlaygroundEnginesTests {
    static let firefox = ProcessInfo.processInfo.environment["FIREFOX"] ?? "/usr/bin/firefox-esr"
    static let webKitDriver = ProcessInfo.processInfo.environment["WEBKIT_WEBDRIVER"] ?? "/usr/bin/WebKitWebDriver"

    @Test(.enabled(if: WasmHarness.node != nil, "node is not installed"))
    func playgroundWorksInFirefoxAndWebKit() async throws {
        for program in [Self.firefox, Self.webKitDriver, "/usr/bin/Xvfb"] {
            try #require(FileManager.default.isExecutableFile(atPath: program),
                         "\(program) is missing: scripts/setup.sh --for test installs firefox-esr, webkit2gtk-driver and xvfb")
        }
        let wasm = try WasmHarness.builtWasm.get()
        let work = try WasmHarness.scratchDirectory("playground-engines")
        defer { try? FileManager.default.removeItem(at: work) }
        let site = try PlaygroundTests.buildOnePageSite(in: work, wasm: wasm)
        let broken = work.appendingPathComponent("broken")
        try FileManager.default.copyItem(at: site, to: broken)
        try FileManager.default.removeItem(at: broken.appendingPathComponent("assets/skelsite.wasm"))
        try FileManager.default.removeItem(at: broken.appendingPathComponent("assets/skelsite.wasm.js"))
        // serve's own server, as `skelsite serve` runs it.
        let server = try DevServer(root: site, port: 0)
        let brokenServer = try DevServer(root: broken, port: 0)
        let port = try await server.start(), brokenPort = try await brokenServer.start()
        defer { Task { await server.stop(); await brokenServer.stop() } }

        let brokenOrigin = "http://127.0.0.1:\(brokenPort)"
        let missing = { (fetchProblem: String) in
            "The renderer could not start: assets/skelsite.wasm did not load (\(fetchProblem)), nor did its copy "
                + "assets/skelsite.wasm.js (missing). Build it with scripts/build-wasm.sh and rebuild the site."
        }
        let cases: [String: Any] = [
            "time": PlaygroundTests.time, "scale": PlaygroundTests.scale, "theme": "dark",
            "linked": try PlaygroundTests.expected(try PlaygroundTests.fixture("article-row.skel"), file: "linked.rgba", in: work),
            "typed": try PlaygroundTests.expected(try PlaygroundTests.fixture("profile-pulse.skel"), file: "typed.rgba", in: work),
            "engines": ["firefox", "webkit"],
            "missingStatus": [
                "file": missing("a page opened from a file: URL cannot fetch it"),
                "served": missing("skelsite.wasm: HTTP 404 for \(brokenOrigin)/assets/skelsite.wasm"),
            ],
        ]
        let caseFile = work.appendingPathComponent("case.json")
        try JSONSerialization.data(withJSONObject: cases, options: [.sortedKeys]).write(to: caseFile)
        let node = try #require(WasmHarness.node)
        let run = try WasmHarness.run(node, ["Tests/wasm/playground-engines.test.mjs", site.path, broken.path,
                                             "http://127.0.0.1:\(port)", brokenOrigin, caseFile.path],
                                      environment: ["FIREFOX": Self.firefox, "WEBKIT_WEBDRIVER": Self.webKitDriver])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.hasSuffix("playground-engines: ok\n"), "\(run.output)")
        for label in ["firefox file", "firefox served", "webkit file", "webkit served"] {
            #expect(run.output.contains("\n\(label): load to first frame ") || run.output.hasPrefix("\(label): load"), "\(label)")
        }
        print(run.output)
    }
}
