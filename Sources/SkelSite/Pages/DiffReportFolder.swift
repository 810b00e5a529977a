import Foundation
import SkeletonWeb

/// The `diff/` folder of a built site: the build writes a placeholder there and
/// `skelsite diff` replaces it with its report (SkelsiteDiff's `DiffReportFolder`
/// extension places and swaps the report). The names here are the contract between them.
public enum DiffReportFolder {
    public static let marker = ".skelsite-diff-report"
    /// The folder of a built site that holds the report (or the build's placeholder).
    public static let siteFolderName = "diff"
    /// The command the build's placeholder page shows.
    public static let placeholderCommand = "skelsite diff BASELINE_DIR _site/png"
    /// The marker text of the placeholder the site build writes into `<site>/diff/`
    /// (why a marker: so that `diff` may replace the placeholder with its report).
    public static let placeholderMarkerText = "written by skelsite build; skelsite diff replaces this folder with its report\n"

    /// Whether `folder` has an `index.html` file at its root, as a built gallery does.
    package static func isSiteRoot(_ folder: String) -> Bool {
        var isFolder: ObjCBool = false
        let index = (folder as NSString).appendingPathComponent("index.html")
        return FileManager.default.fileExists(atPath: index, isDirectory: &isFolder) && !isFolder.boolValue
    }

    /// The placeholder page for a theme without `_diff-placeholder.mustache`: plain,
    /// but it says the same and links back to the gallery.
    public static func placeholderPage(siteTitle: String) -> String {
        let title = HTMLText.escape("Visual diff · " + siteTitle)
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title)</title>
            </head>
            <body>
            <p><a href="../index.html">\(HTMLText.escape(siteTitle))</a></p>
            <h1>Visual diff</h1>
            <p>No diff report yet. To make one:</p>
            <pre><code>\(HTMLText.escape(placeholderCommand))</code></pre>
            </body>
            </html>

            """
    }
}
