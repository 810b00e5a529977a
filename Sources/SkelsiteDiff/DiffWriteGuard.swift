import SkelSite
import Foundation

/// `diff` never writes into BASELINE_DIR (only `baseline update` does:
/// site/reference/command-line.md) and never replaces the folder it reads the current
/// PNGs from. A report folder inside the baselines would be compared as "removed"
/// images by the next run; one that is or contains either folder would delete it.
/// Paths are compared with symbolic links resolved, so a link cannot hide the overlap
/// (site/reference/limits.md, "Files skelsite writes").
public enum DiffWriteGuard {
    /// Throws when the report folder `target` (shown as `shown`) overlaps BASELINE_DIR, or
    /// is or contains CURRENT_DIR. A report inside CURRENT_DIR is allowed: a built site's
    /// `diff/` folder sits beside its `png/`, and the run leaves the report out of the
    /// comparison.
    public static func checkReportFolder(_ target: String, shown: String,
                                         baseline: String, current: String) throws(DiffError) {
        let folder = realPath(target)
        let base = realPath(baseline)
        let now = realPath(current)
        let reason: String?
        if folder == base {
            reason = "the report folder is BASELINE_DIR (\(baseline)); diff never writes to the baseline folder"
        } else if isInside(folder, base) {
            reason = "the report folder is inside BASELINE_DIR (\(baseline)); diff never writes to the baseline folder"
        } else if isInside(base, folder) {
            reason = "the report folder contains BASELINE_DIR (\(baseline)); diff never writes to the baseline folder"
        } else if folder == now {
            reason = "the report folder is CURRENT_DIR (\(current)); replacing it would delete the images compared"
        } else if isInside(now, folder) {
            reason = "the report folder contains CURRENT_DIR (\(current)); replacing it would delete the images compared"
        } else {
            reason = nil
        }
        if let reason { throw DiffError(path: shown, message: reason) }
    }

    /// Throws when `file` (`--json`, `--junit`) would be written inside BASELINE_DIR.
    public static func checkFile(_ file: String, baseline: String) throws(DiffError) {
        if isInside(realPath(file), realPath(baseline)) {
            throw DiffError(path: file, message: "the file is inside BASELINE_DIR (\(baseline)); "
                            + "diff never writes to the baseline folder")
        }
    }

    /// Whether `path` lies strictly below `folder`.
    static func isInside(_ path: String, _ folder: String) -> Bool {
        path != folder && path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// `path` made absolute with every symbolic link resolved; for a path that does not
    /// exist yet, its deepest existing ancestor is resolved and the rest appended.
    static func realPath(_ path: String) -> String {
        // An existing path is resolved as the system walks it, so `link/..` is the
        // link target's parent, not the folder holding the link.
        let joined = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        if let resolved = realpath(joined, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        let absolute = PNGPairing.absolutePath(path)
        var parts = (absolute as NSString).pathComponents.filter { $0 != "/" }
        var missing: [String] = []
        while true {
            let prefix = "/" + parts.joined(separator: "/")
            if let resolved = realpath(prefix, nil) {
                defer { free(resolved) }
                return missing.reversed().reduce(String(cString: resolved)) { ($0 as NSString).appendingPathComponent($1) }
            }
            guard let last = parts.popLast() else { return absolute }
            missing.append(last)
        }
    }
}
