import Foundation
import SkeletonWeb
import SkelsiteStore

/// The theme's `assets/` folder, and the playground's renderer (built by
/// scripts/build-wasm.sh) and its file:-URL forms beside its scripts when the theme has a
/// playground (`PlaygroundAssets`); and the SwiftUI support file component pages link to.
struct ThemeAssets {
    let theme: TemplateSet
    let staging: StagingFolder

    /// Writes them; returns the number of files.
    func write() throws(SiteBuildError) -> Int {
        // The build stops at these errors before writing anything; this only makes sure
        // no caller copies through a link that leaves the theme (site/reference/limits.md).
        if let problem = theme.linkProblems.first { throw .templates(problem.description) }
        var count = 0
        for asset in theme.assetFiles() {
            let from = theme.directory.appendingPathComponent("assets").appendingPathComponent(asset)
            guard let data = FileManager.default.contents(atPath: from.path) else {
                throw .io("cannot read template asset \(from.path)")
            }
            try staging.write(data, to: "assets/" + asset)
            count += 1
        }
        // Every component page's SwiftUI view needs it (site/reference/swiftui-export.md).
        try staging.write(Data(SwiftUIExport.supportSource.utf8), to: "assets/" + SwiftUIExport.supportFileName)
        count += 1
        // The playground's renderer (scripts/build-wasm.sh) and its file:-URL forms, beside its scripts.
        if theme.standalonePages.contains("playground") {
            for file in try PlaygroundAssets.files(templates: theme.directory) {
                try staging.write(file.data, to: "assets/" + file.name)
                count += 1
            }
        }
        return count
    }
}
