import Foundation
import SkeletonCore
import SkeletonWeb
import Testing

/// One spec, two renderers: the native core and the same core compiled to WebAssembly
/// must agree on every pixel, every diagnostic and every byte of emitted HTML/CSS.
/// The native side writes its results here; Tests/wasm/render.test.mjs renders the
/// same cases through the JS API and compares.
@Suite struct WasmParityTests {
    /// Times, scales and themes each valid fixture is rendered at: the solid first
    /// frame, mid-cycle frames at each scale and theme, a frame past one duration
    /// (the cycle repeats), and a large time (where `t mod T` needs an exact fmod).
    static let frames: [(time: Double, scale: Int, theme: Theme)] = [
        (0, 1, .light), (0.4, 2, .light), (0.75, 1, .dark), (1.1, 3, .dark),
        (2.35, 2, .light), (123.456, 1, .dark),
    ]

    static let specsDirectory = WasmHarness.root.appendingPathComponent("Tests/wasm/specs")

    /// Fixture files; the ones named bad-* or not-* must fail to parse.
    static func fixtures() throws -> [(name: String, text: String)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: specsDirectory.path)
            .filter { $0.hasSuffix(".skel") }.sorted()
        return try names.map { name in
            (name, try String(contentsOf: specsDirectory.appendingPathComponent(name), encoding: .utf8))
        }
    }

    @Test(.enabled(if: WasmHarness.node != nil, "node is not installed"))
    func wasmMatchesNativeRenderer() throws {
        let wasm = try WasmHarness.builtWasm.get()
        let out = try WasmHarness.scratchDirectory("wasm-parity")
        defer { try? FileManager.default.removeItem(at: out) }

        var frames: [[String: Any]] = []
        var diagnostics: [[String: Any]] = []
        var html: [[String: Any]] = []
        let fixtures = try Self.fixtures()
        for (name, text) in fixtures {
            let expectInvalid = name.hasPrefix("bad-") || name.hasPrefix("not-")
            // Within bounds, as the playground parses: fills are counted.
            let parsed = SpecParser.parseWithinBounds(text)
            guard let spec = parsed.spec else {
                #expect(expectInvalid, "\(name) should parse: \(parsed.diagnostics)")
                #expect(!parsed.diagnostics.isEmpty)
                diagnostics.append(["spec": text, "diagnostics": parsed.diagnostics.map { d in
                    ["line": d.position.line, "column": d.position.column,
                     "message": d.message, "severity": d.severity.label] as [String: Any]
                }])
                continue
            }
            #expect(!expectInvalid, "\(name) should not parse")
            let layout = LayoutEngine.layout(spec)
            for (index, frame) in Self.frames.enumerated() {
                let image = Painter.paint(spec, layout: layout, time: frame.time, scale: frame.scale, theme: frame.theme)
                let file = "\(name)-\(index).rgba"
                try Data(image.pixels).write(to: out.appendingPathComponent(file))
                frames.append(["spec": text, "time": frame.time, "scale": frame.scale,
                               "theme": frame.theme == .light ? "light" : "dark",
                               "width": image.width, "height": image.height, "rgba": file])
            }
            let component = ComponentEmitter.emit(spec, layout: layout)
            let exported = [ExportedSpec(spec: spec, origin: "the playground")]
            let swiftui = SwiftUIExport.viewsFile(exported)
            html.append(["spec": text, "scope": component.scope, "html": component.html, "css": component.css,
                         "swiftui": swiftui, "react": ReactExport.jsxFile(exported),
                         "webComponent": WebComponentExport.moduleFile(exported, prefix: "sk", command: "web-component")])
        }
        // The same spec under a page's settings (the `inherit` option): the native side
        // parses with the settings the build would give it.
        let inherit = "appearance base=#F1E4D8 dark-base=#3A2F27\nanimation pulse duration=1.2s from=1 to=0.4\nlang fr\n"
        let settings = InheritedSettings.read(canonicalText: Array(inherit.utf8))
        #expect(settings.diagnostics.isEmpty)
        #expect(settings.settings.canonicalText == inherit)
        var inherited: [[String: Any]] = []
        for (name, text) in fixtures where !(name.hasPrefix("bad-") || name.hasPrefix("not-")) {
            let spec = try #require(SpecParser.parseWithinBounds(Array(text.utf8), inheriting: settings.settings).spec)
            let layout = LayoutEngine.layout(spec)
            let image = Painter.paint(spec, layout: layout, time: 0.3, scale: 2, theme: .dark)
            let file = "\(name)-inherited.rgba"
            try Data(image.pixels).write(to: out.appendingPathComponent(file))
            let component = ComponentEmitter.emit(spec, layout: layout)
            inherited.append(["spec": text, "inherit": inherit, "time": 0.3, "scale": 2, "theme": "dark",
                              "width": image.width, "height": image.height, "rgba": file,
                              "scope": component.scope, "html": component.html, "css": component.css])
        }
        let manifest = ["frames": frames, "diagnostics": diagnostics, "html": html, "inherited": inherited]
        try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys])
            .write(to: out.appendingPathComponent("cases.json"))

        // The fixture set is what the summary below counts: 9 valid specs, 5 invalid.
        #expect(html.count == 9)
        #expect(diagnostics.count == 5)
        let node = try #require(WasmHarness.node)
        let run = try WasmHarness.run(node, ["Tests/wasm/render.test.mjs", wasm.path, out.path])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output == "render.test: 54 frames, 5 diagnostic lists, 9 components identical to native; "
            + "9 specs under inherited settings identical; 10 sources load, 4 refused; 12 bad arguments throw\n")
    }

    /// The allocator under a random workload (Tests/wasm/alloc.test.mjs).
    @Test(.enabled(if: WasmHarness.node != nil, "node is not installed"))
    func allocatorKeepsBlocksApartAndCoalesces() throws {
        let wasm = try WasmHarness.builtWasm.get()
        let node = try #require(WasmHarness.node)
        let run = try WasmHarness.run(node, ["Tests/wasm/alloc.test.mjs", wasm.path])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output == "alloc: ok (20000 random steps, frame reuse, heap returns to empty, posix_memalign)\n")
    }

    /// Each gzipped module stays within the 160 KB budget the build script enforces
    /// (site/guides/playground-api.md, "Size budget"), and the core module carries none
    /// of the framework exporters: it has no `frameworks` export, the exporters module
    /// no `render` or `html`.
    @Test
    func modulesAreWithinSizeBudgetAndSplit() throws {
        let core = try WasmHarness.builtWasm.get()
        let exporters = core.deletingLastPathComponent().appendingPathComponent("skelsite-exporters.wasm")
        for wasm in [core, exporters] {
            let bytes = try Data(contentsOf: wasm)
            #expect(bytes.prefix(4) == Data([0x00, 0x61, 0x73, 0x6D]), "not a wasm module")
            let gzip = try #require(WasmHarness.executable(named: "gzip"))
            let process = Process()
            process.executableURL = gzip
            process.arguments = ["-9", "-c", wasm.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let zipped = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(zipped.count > 0 && zipped.count < 160 * 1024, "\(wasm.lastPathComponent): gzipped size \(zipped.count)")
        }
        #expect(try WasmExports.names(in: Data(contentsOf: core)) == ["alloc", "free", "html", "inherit", "memory",
                                                                      "posix_memalign", "release", "render",
                                                                      "skelsite_heap_extent"])
        #expect(try WasmExports.names(in: Data(contentsOf: exporters)) == ["alloc", "frameworks", "free", "inherit",
                                                                           "memory", "posix_memalign", "release",
                                                                           "skelsite_heap_extent"])
    }
}

/// The names a wasm module exports, read from its export section (id 7), sorted.
enum WasmExports {
    static func names(in module: Data) -> [String] {
        let bytes = [UInt8](module)
        var at = 8 // magic and version
        func leb() -> Int {
            var value = 0, shift = 0
            while at < bytes.count {
                let byte = bytes[at]
                at += 1
                value |= Int(byte & 0x7F) << shift
                if byte & 0x80 == 0 { break }
                shift += 7
            }
            return value
        }
        while at < bytes.count {
            let id = bytes[at]
            at += 1
            let size = leb()
            let end = at + size
            if id == 7 {
                var names: [String] = []
                for _ in 0..<leb() {
                    let length = leb()
                    names.append(String(decoding: bytes[at..<at + length], as: UTF8.self))
                    at += length + 1 // the name, then the kind byte
                    _ = leb()        // the index
                }
                return names.sorted()
            }
            at = end
        }
        return []
    }
}
