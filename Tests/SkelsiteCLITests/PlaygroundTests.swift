import Foundation
import SkeletonCore
import SkeletonWeb
import Testing

/// The playground page of a site built by `skelsite build`, driven in headless
/// Chromium by Tests/wasm/playground.test.mjs: the canvas must hold the native
/// painter's pixels (for the linked and typed specs, and after each of the theme,
/// scale and time controls is moved), animate while playing and hold still when
/// paused, the page must show the native emitter's HTML and CSS (and, once the code
/// panel opens, the native SwiftUI, React and web-component exports) and the parser's
/// diagnostics at their lines, the fragment must follow every change, and the
/// console must stay free of errors.
@Suite struct PlaygroundTests {
    /// A paused frame, mid-cycle, dark, at scale 2: every part of the pipeline matters.
    static let time = 0.4
    static let scale = 2
    static let theme = Theme.dark

    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: WasmHarness.root.appendingPathComponent("Tests/wasm/specs/\(name)"), encoding: .utf8)
    }

    /// Where the scrubber is moved to: another point of the typed spec's 1.6 s cycle.
    static let scrubbedTime = 1.1

    /// Native pixels (written to `directory/file`), HTML and CSS of one spec.
    static func expected(_ text: String, file: String, in directory: URL, inherit: String = "") throws -> [String: Any] {
        let settings = InheritedSettings.read(canonicalText: Array(inherit.utf8))
        #expect(settings.diagnostics.isEmpty)
        let spec = try #require(SpecParser.parse(Array(text.utf8), inheriting: settings.settings).spec)
        let layout = LayoutEngine.layout(spec)
        let image = Painter.paint(spec, layout: layout, time: time, scale: scale, theme: theme)
        try Data(image.pixels).write(to: directory.appendingPathComponent(file))
        let component = ComponentEmitter.emit(spec, layout: layout)
        let exported = [ExportedSpec(spec: spec, origin: "the playground")]
        return ["spec": text, "inherit": inherit, "width": image.width, "height": image.height, "rgba": file,
                "html": component.html, "css": component.css, "swiftui": SwiftUIExport.viewsFile(exported),
                "react": ReactExport.jsxFile(exported),
                "webComponent": WebComponentExport.moduleFile(exported, prefix: WebComponentExport.defaultPrefix,
                                                              command: "web-component")]
    }

    /// One native frame of `text` with the playground's controls moved away from the
    /// link's time, scale or theme (the pixels go to `directory/file`).
    static func frame(_ text: String, time: Double, scale: Int, theme: Theme,
                      file: String, in directory: URL) throws -> [String: Any] {
        let spec = try #require(SpecParser.parse(text).spec)
        let image = Painter.paint(spec, layout: LayoutEngine.layout(spec), time: time, scale: scale, theme: theme)
        try Data(image.pixels).write(to: directory.appendingPathComponent(file))
        return ["time": time, "scale": scale, "theme": theme == .dark ? "dark" : "light",
                "width": image.width, "height": image.height, "rgba": file]
    }

    /// What the controls must produce for the typed spec: each frame, and the canvas
    /// background of each theme (its top-left pixel: the spec has no shape there).
    static func controls(_ text: String, in directory: URL) throws -> [String: Any] {
        let appearance = try #require(SpecParser.parse(text).spec).appearance
        let rgba = { (c: RGBA) in [Int(c.r), Int(c.g), Int(c.b), Int(c.a)] }
        #expect(appearance.background != appearance.darkBackground, "the theme switch must be visible")
        return [
            "light": try frame(text, time: time, scale: scale, theme: .light, file: "light.rgba", in: directory),
            "scale1": try frame(text, time: time, scale: 1, theme: theme, file: "scale1.rgba", in: directory),
            "scrubbed": try frame(text, time: scrubbedTime, scale: scale, theme: theme, file: "scrubbed.rgba", in: directory),
            "background": ["light": rgba(appearance.background), "dark": rgba(appearance.darkBackground)],
        ]
    }

    static let chromium = WasmHarness.executable(named: "chromium") ?? WasmHarness.executable(named: "chromium-browser")

    /// A one-page docs folder in `work`, built with the freshly compiled module `wasm`;
    /// returns the site folder.
    static func buildOnePageSite(in work: URL, wasm: URL) throws -> URL {
        let docs = work.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        try Data("# Playground test\n".utf8).write(to: docs.appendingPathComponent("index.md"))
        let site = work.appendingPathComponent("site")
        let build = Process()
        build.executableURL = try CLIRunner.binary()
        build.arguments = ["build", docs.path, "--output", site.path, "--quiet"]
        var environment = ProcessInfo.processInfo.environment
        environment["SKELSITE_TEMPLATES"] = BuildCLIHarness.templates.path
        environment["SKELSITE_WASM"] = wasm.path
        build.environment = environment
        try build.run()
        build.waitUntilExit()
        #expect(build.terminationStatus == 0)
        return site
    }

    @Test(.enabled(if: WasmHarness.node != nil, "node is not installed"))
    func playgroundRendersLikeTheNativeCore() throws {
        let wasm = try WasmHarness.builtWasm.get()
        let chromium = try #require(Self.chromium, "chromium is required by the playground test")
        let work = try WasmHarness.scratchDirectory("playground")
        defer { try? FileManager.default.removeItem(at: work) }

        let site = try Self.buildOnePageSite(in: work, wasm: wasm)
        let installed = try Data(contentsOf: site.appendingPathComponent("assets/skelsite.wasm"))
        #expect(installed == (try Data(contentsOf: wasm)), "the site carries the module it was built with")
        let exporters = try Data(contentsOf: site.appendingPathComponent("assets/skelsite-exporters.wasm"))
        #expect(exporters == (try Data(contentsOf: wasm.deletingLastPathComponent()
            .appendingPathComponent("skelsite-exporters.wasm"))), "and the exporters module beside it")
        let page = try String(contentsOf: site.appendingPathComponent("playground.html"), encoding: .utf8)
        #expect(!page.contains("<script>"), "no inline script")
        #expect(page.contains("<script src=\"assets/playground-boot.js\" defer></script>"))

        let invalid = try Self.fixture("bad-attributes.skel")
        let diagnostics = SpecParser.parse(invalid).diagnostics
        #expect(diagnostics.count == 4)
        let cases: [String: Any] = [
            "time": Self.time, "scale": Self.scale, "theme": "dark",
            "linked": try Self.expected(try Self.fixture("article-row.skel"), file: "linked.rgba", in: work),
            "typed": try Self.expected(try Self.fixture("profile-pulse.skel"), file: "typed.rgba", in: work),
            // The linked spec as a page with front matter gives it (its own lines win).
            "inherited": try Self.expected(try Self.fixture("article-row.skel"), file: "inherited.rgba", in: work,
                                           inherit: "appearance base=#7A5C3E dark-base=#5C7A3E\nlang fr\n"),
            "controls": try Self.controls(try Self.fixture("profile-pulse.skel"), in: work),
            "invalid": ["spec": invalid, "diagnostics": diagnostics.map { d in
                ["line": d.position.line, "column": d.position.column, "message": d.message,
                 "severity": d.severity.label] as [String: Any]
            }],
        ]
        let casesFile = work.appendingPathComponent("cases.json")
        try JSONSerialization.data(withJSONObject: cases, options: [.sortedKeys]).write(to: casesFile)

        let node = try #require(WasmHarness.node)
        var run = try WasmHarness.run(node, ["Tests/wasm/playground.test.mjs", site.path, casesFile.path],
                                      environment: ["CHROMIUM": chromium.path])
        run.output = run.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output == "playground.test: linked, typed, themed, rescaled, scrubbed and inherited frames identical "
            + "to native, SwiftUI, React and web-component code from the exporters module once the code panel opened, "
            + "plays and pauses, 4 diagnostics at their lines, fragment kept, no console errors")
    }
}
