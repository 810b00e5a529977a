import Foundation
import SkelSite
import SkelsiteStore

/// Where the HTML report goes and how it replaces an older one.
///
/// Invariants: a folder is only ever replaced when it is empty or holds the marker
/// file an earlier report left, so `--output` pointed at the wrong folder cannot delete
/// anything else; the new report is written next to it and swapped in at the end.
extension DiffReportFolder {
    /// `../index.html` when `target` sits directly inside a built site (its parent has an
    /// `index.html`: the gallery), so that the report links back to it; else nil.
    public static func galleryLink(for target: String) -> String? {
        isSiteRoot((PNGPairing.absolutePath(target) as NSString).deletingLastPathComponent) ? "../index.html" : nil
    }

    /// The built site holding `current`: `current` itself or its parent, whichever
    /// has an `index.html` at its root (the gallery builder writes PNGs to `<site>/png/`).
    public static func site(containing current: String) -> String? {
        let folder = PNGPairing.absolutePath(current)
        return [folder, (folder as NSString).deletingLastPathComponent].first(where: isSiteRoot)
    }

    /// `--output` when given; otherwise `<site>/diff` when `current` is inside a built
    /// site; otherwise nil (no report).
    public static func target(output: String?, current: String) -> String? {
        if let output { return PNGPairing.absolutePath(output) }
        return site(containing: current).map { ($0 as NSString).appendingPathComponent(siteFolderName) }
    }

    /// Throws unless `target` is missing, or a real folder that is empty or holds an
    /// earlier report.
    public static func checkReplaceable(_ target: String) throws(DiffError) {
        let fm = FileManager.default
        var info = stat()
        if lstat(target, &info) == 0 {
            // lstat: a link is refused, not followed (site/reference/limits.md, "Files skelsite writes").
            if info.st_mode & S_IFMT == S_IFLNK {
                throw DiffError(path: target, message: "is a symbolic link; refusing to replace it")
            }
            guard info.st_mode & S_IFMT == S_IFDIR else { throw DiffError(path: target, message: "exists and is not a directory") }
            let contents = (try? fm.contentsOfDirectory(atPath: target)) ?? []
            guard contents.isEmpty || contents.contains(marker) else {
                throw DiffError(path: target, message: "not empty and not a skelsite diff report; refusing to replace it")
            }
        }
    }

    /// A fresh sibling folder to write the report into; checks the target can be replaced.
    public static func prepare(_ target: String) throws(DiffError) -> String {
        try checkReplaceable(target)
        let fm = FileManager.default
        let parent = (target as NSString).deletingLastPathComponent
        let temporary = (parent as NSString).appendingPathComponent(
            ".\((target as NSString).lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try? fm.removeItem(atPath: temporary)
            try fm.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        } catch {
            throw DiffError(path: target, message: "cannot create report folder: \(FileErrorText.describe(error, path: target))")
        }
        return temporary
    }

    /// Writes the page, script and marker into `temporary`, then swaps it in for `target`.
    public static func finish(_ temporary: String, target: String, page: String) throws(DiffError) {
        let fm = FileManager.default
        do {
            try UserFile.write(page, to: (temporary as NSString).appendingPathComponent("index.html"))
            try UserFile.write(DiffHTMLReport.script, to: (temporary as NSString).appendingPathComponent(DiffHTMLReport.scriptName))
            try UserFile.write("written by skelsite diff; the next run replaces this folder\n",
                               to: (temporary as NSString).appendingPathComponent(marker))
            if fm.fileExists(atPath: target) { try fm.removeItem(atPath: target) }
            try fm.moveItem(atPath: temporary, toPath: target)
        } catch {
            try? fm.removeItem(atPath: temporary)
            throw DiffError(path: target, message: "cannot write report: \(FileErrorText.describe(error, path: target))")
        }
    }

    /// Removes an unfinished report after an error.
    public static func abandon(_ temporary: String) {
        try? FileManager.default.removeItem(atPath: temporary)
    }
}
