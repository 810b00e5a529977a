import Foundation
import SkeletonCore
import SkeletonWeb
import Testing

/// The playground of a built site opened from disk (a `file:` URL), driven in headless
/// Chromium by Tests/wasm/playground-file.test.mjs (site/guides/playground-api.md): it renders a linked spec
/// with the native painter's pixels although the browser refuses ES modules and
/// fetch there, and with the module removed the page says why instead of loading forever.
@Suite struct PlaygroundFileURLTests {
    @Test(.enabled(if: WasmHarness.node != nil, "node is not installed"))
    func playgroundWorksFromAFileURL() throws {
        let wasm = try WasmHarness.builtWasm.get()
        let chromium = try #require(PlaygroundTests.chromium, "chromium is required by the playground test")
        let work = try WasmHarness.scratchDirectory("playground-file")
        defer { try? FileManager.default.removeItem(at: work) }
        let site = try PlaygroundTests.buildOnePageSite(in: work, wasm: wasm)

        // The module as a classic script carries exactly the module's bytes.
        let script = try String(contentsOf: site.appendingPathComponent("assets/skelsite.wasm.js"), encoding: .utf8)
        let base64 = try #require(script.split(separator: "'").dropFirst().first)
        #expect(Data(base64Encoded: String(base64)) == (try Data(contentsOf: wasm)))
        let exportersScript = try String(contentsOf: site.appendingPathComponent("assets/skelsite-exporters.wasm.js"), encoding: .utf8)
        let exportersBase64 = try #require(exportersScript.split(separator: "'").dropFirst().first)
        #expect(Data(base64Encoded: String(exportersBase64))
            == (try Data(contentsOf: wasm.deletingLastPathComponent().appendingPathComponent("skelsite-exporters.wasm"))))
        let bundle = try String(contentsOf: site.appendingPathComponent("assets/playground-file.js"), encoding: .utf8)
        #expect(!bundle.contains("\nimport "))
        #expect(!bundle.contains("\nexport "))
        #expect(!bundle.contains("import.meta"))

        let run = try Self.openFromDisk(site: site, work: work, chromium: chromium)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output == "playground-file.test: file: URL frame identical to native, SwiftUI view from the exporters "
            + "module; without the module the page says why")
    }

    /// Runs playground-file.test.mjs on `site` (a built site with its module) and on a copy
    /// of it without the module, in `work`; also used on the released binary's site
    /// (SelfContainedBinaryTests).
    static func openFromDisk(site: URL, work: URL, chromium: URL) throws -> (status: Int32, output: String) {
        let broken = work.appendingPathComponent("broken")
        try FileManager.default.copyItem(at: site, to: broken)
        try FileManager.default.removeItem(at: broken.appendingPathComponent("assets/skelsite.wasm"))
        try FileManager.default.removeItem(at: broken.appendingPathComponent("assets/skelsite.wasm.js"))

        let spec = try PlaygroundTests.fixture("article-row.skel")
        let parsed = try #require(SpecParser.parse(spec).spec)
        let image = Painter.paint(parsed, layout: LayoutEngine.layout(parsed), time: PlaygroundTests.time,
                                  scale: PlaygroundTests.scale, theme: PlaygroundTests.theme)
        try Data(image.pixels).write(to: work.appendingPathComponent("frame.rgba"))
        let expected: [String: Any] = [
            "spec": spec, "time": PlaygroundTests.time, "scale": PlaygroundTests.scale, "theme": "dark",
            "width": image.width, "height": image.height, "rgba": "frame.rgba",
            "swiftui": SwiftUIExport.viewsFile([ExportedSpec(spec: parsed, origin: "the playground")]),
            "missingStatus": "The renderer could not start: assets/skelsite.wasm did not load (a page opened from a "
                + "file: URL cannot fetch it), nor did its copy assets/skelsite.wasm.js (missing). "
                + "Build it with scripts/build-wasm.sh and rebuild the site.",
        ]
        let caseFile = work.appendingPathComponent("case.json")
        try JSONSerialization.data(withJSONObject: expected, options: [.sortedKeys]).write(to: caseFile)
        let node = try #require(WasmHarness.node)
        var run = try WasmHarness.run(node, ["Tests/wasm/playground-file.test.mjs", site.path, broken.path, caseFile.path],
                                      environment: ["CHROMIUM": chromium.path])
        run.output = run.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return (run.status, run.output)
    }
}
