import Foundation
import Testing

/// The playground's content panel (site/guides/fit-the-content.md, "In the gallery"),
/// driven in headless Chromium by Tests/wasm/playground-content.test.mjs: a link with a
/// spec's content fills the panel and shows the content over the shipped component, half
/// opaque, with the size difference; the toggle, an edit and a link to another spec work;
/// nothing in the content runs or loads.
@Suite struct PlaygroundContentTests {
    @Test(.enabled(if: WasmHarness.node != nil, "node is not installed"))
    func contentIsShownOverTheComponent() throws {
        let wasm = try WasmHarness.builtWasm.get()
        let chromium = try #require(PlaygroundTests.chromium, "chromium is required by the playground test")
        let work = try WasmHarness.scratchDirectory("playground-content")
        defer { try? FileManager.default.removeItem(at: work) }
        let site = try PlaygroundTests.buildOnePageSite(in: work, wasm: wasm)
        let page = try String(contentsOf: site.appendingPathComponent("playground.html"), encoding: .utf8)
        #expect(page.contains("<div class=\"pg-stage\"><div class=\"pg-overlay\"><div id=\"pg-live\"></div><div id=\"pg-content\" "
                              + "class=\"pg-content-layer\" hidden></div></div></div>"))
        let node = try #require(WasmHarness.node)
        var run = try WasmHarness.run(node, ["Tests/wasm/playground-content.test.mjs", site.path],
                                      environment: ["CHROMIUM": chromium.path])
        run.output = run.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output == "playground-content.test: linked content shown over the component with its size difference, "
            + "toggled, edited, sanitized and cleared, no console errors")
    }
}
