import Foundation

/// The theme's `assets/` folder, and the playground's renderer (built by
/// scripts/build-wasm.sh) beside its scripts when the theme has a playground.
struct ThemeAssets {
    let theme: TemplateSet
    let staging: StagingFolder

    /// Writes them; returns the number of files.
    func write() throws(SiteBuildError) -> Int {
        var count = 0
        for asset in theme.assetFiles() {
            let from = theme.directory.appendingPathComponent("assets").appendingPathComponent(asset)
            guard let data = FileManager.default.contents(atPath: from.path) else {
                throw .io("cannot read template asset \(from.path)")
            }
            try staging.write(data, to: "assets/" + asset)
            count += 1
        }
        if theme.standalonePages.contains("playground"), let wasm = PlaygroundPage.wasmToInstall(templates: theme.directory) {
            guard let data = FileManager.default.contents(atPath: wasm.path) else {
                throw .io("cannot read \(wasm.path)")
            }
            try staging.write(data, to: "assets/" + PlaygroundPage.wasmName)
            count += 1
        }
        return count
    }
}
