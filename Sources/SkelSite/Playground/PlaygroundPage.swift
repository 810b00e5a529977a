import Foundation

/// The playground's files that are not template assets: skelsite.wasm, the core
/// renderer compiled by scripts/build-wasm.sh, and skelsite-exporters.wasm beside it. The site builder renders
/// `Templates/playground.mustache` like any standalone page and copies
/// `Templates/assets/**`; then it asks `PlaygroundPage.wasmToInstall` for the module
/// and copies it next to the playground's scripts, to `<site>/assets/skelsite.wasm`,
/// with the forms a `file:` URL needs (`PlaygroundAssets`).
/// (playground-renderer.js loads it relative to itself and the page explains how to
/// build it when it is missing.)
public enum PlaygroundPage {
    public static let wasmName = "skelsite.wasm"
    /// The second module: the SwiftUI, React and web-component exporters, which the
    /// playground loads when it first shows them (site/guides/playground-api.md). It is
    /// always looked for beside the core module, where scripts/build-wasm.sh writes it.
    public static let exportersName = "skelsite-exporters.wasm"

    /// The exporters module that goes with `core`, when it exists.
    public static func exporters(beside core: URL) -> URL? {
        let url = core.deletingLastPathComponent().appendingPathComponent(exportersName)
        return FileManager.default.isReadableFile(atPath: url.path) ? url : nil
    }
    /// Overrides where the module is looked for.
    public static let environmentVariable = "SKELSITE_WASM"

    /// Where a built module is, in this order: `$SKELSITE_WASM`; `.build-wasm/` next to
    /// the templates folder (a checkout: `<repo>/Templates` and `<repo>/.build-wasm`);
    /// the module inside a released binary (`UnpackedPayload`); `.build-wasm/` in the
    /// current directory; beside the executable or up its tree
    /// (`share/skelsite/skelsite.wasm` for an installed tool). Nil when none exists.
    public static func locateWasm(templates: URL,
                                  environment: [String: String] = ProcessInfo.processInfo.environment,
                                  executable: URL? = Bundle.main.executableURL,
                                  embedded: URL? = UnpackedPayload.folder,
                                  currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) -> URL? {
        if let variable = environment[environmentVariable], !variable.isEmpty {
            return URL(fileURLWithPath: variable)
        }
        var candidates = [templates.deletingLastPathComponent().appendingPathComponent(".build-wasm").appendingPathComponent(wasmName)]
        if let embedded { candidates.append(embedded.appendingPathComponent(UnpackedPayload.wasmFile)) }
        candidates.append(currentDirectory.appendingPathComponent(".build-wasm").appendingPathComponent(wasmName))
        if let executable {
            var folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
            for _ in 0..<6 {
                candidates.append(folder.appendingPathComponent(".build-wasm").appendingPathComponent(wasmName))
                candidates.append(folder.appendingPathComponent("share/skelsite").appendingPathComponent(wasmName))
                folder = folder.deletingLastPathComponent()
            }
        }
        return candidates.first { FileManager.default.isReadableFile(atPath: $0.path) }
    }

    /// The module the site builder should copy to `<site>/assets/skelsite.wasm`: nil when
    /// the theme ships its own `assets/skelsite.wasm` (already copied with the assets)
    /// and no `$SKELSITE_WASM` overrides it, or when no module exists anywhere (the site
    /// still builds; its playground page then says how to build the module).
    public static func wasmToInstall(templates: URL,
                                     environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        let themeHasOne = FileManager.default.fileExists(
            atPath: templates.appendingPathComponent("assets").appendingPathComponent(wasmName).path)
        if themeHasOne && (environment[environmentVariable] ?? "").isEmpty { return nil }
        return locateWasm(templates: templates, environment: environment)
    }
}
