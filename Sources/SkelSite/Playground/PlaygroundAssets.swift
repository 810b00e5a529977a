import Foundation
import SkelsiteStore

/// The files the site builder writes to `<site>/assets/` for the playground besides the
/// theme's own assets: the renderer module and the exporters module, each also as a
/// classic script (`skelsite.wasm.js`, `skelsite-exporters.wasm.js`, for pages opened
/// from a `file:` URL, which cannot fetch them), the
/// modules joined into one classic script (`playground-file.js`, same reason). The
/// SwiftUI support file the playground and every component page link to is written by
/// `ThemeAssets` with every theme.
public enum PlaygroundAssets {
    public struct File: Sendable {
        public var name: String
        public var data: Data
    }

    public static let wasmScriptName = "skelsite.wasm.js"
    public static let exportersScriptName = "skelsite-exporters.wasm.js"

    /// Every file, in a fixed order. Without a built module the page still builds and
    /// says on the page how to build the module; without the exporters module beside it,
    /// the playground says so where the SwiftUI, React and web-component code would be.
    public static func files(templates: URL) throws(SiteBuildError) -> [File] {
        var files: [File] = []
        let themeModule = templates.appendingPathComponent("assets").appendingPathComponent(PlaygroundPage.wasmName)
        let installed = PlaygroundPage.wasmToInstall(templates: templates)
        if let module = installed ?? (FileManager.default.fileExists(atPath: themeModule.path) ? themeModule : nil) {
            let bytes = try read(module)
            if installed != nil { files.append(File(name: PlaygroundPage.wasmName, data: bytes)) }
            files.append(File(name: wasmScriptName, data: Data(wasmScript(bytes, name: PlaygroundPage.wasmName, global: "skelsiteWasmBase64").utf8)))
            if let exporters = PlaygroundPage.exporters(beside: module) {
                let bytes = try read(exporters)
                if installed != nil { files.append(File(name: PlaygroundPage.exportersName, data: bytes)) }
                files.append(File(name: exportersScriptName, data: Data(wasmScript(bytes, name: PlaygroundPage.exportersName, global: "skelsiteExportersWasmBase64").utf8)))
            }
        }
        if let bundle = PlaygroundClassicBundle.make(assets: templates.appendingPathComponent("assets")) {
            files.append(File(name: PlaygroundClassicBundle.fileName, data: Data(bundle.utf8)))
        }
        return files
    }

    private static func read(_ module: URL) throws(SiteBuildError) -> Data {
        guard let bytes = FileManager.default.contents(atPath: module.path) else {
            throw .io("cannot read \(module.path)")
        }
        return bytes
    }

    /// A module as a classic script: its bytes in base64, handed over in a global that
    /// playground-renderer.js reads once and deletes.
    static func wasmScript(_ bytes: Data, name: String, global: String) -> String {
        "// \(name) (\(bytes.count) bytes) as base64, for the playground opened from a file: URL,\n"
            + "// where the browser refuses to fetch the .wasm. Written by skelsite build; do not edit.\n"
            + "globalThis.\(global) = '\(bytes.base64EncodedString())';\n"
    }
}
