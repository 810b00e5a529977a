import Foundation
import Platform
import SkelsiteStore

/// A folder whose path a user named (`export --output`, `verify --failures`,
/// `verify --keep-pages`), checked before any work so that a path that cannot be a
/// folder is told in plain words (site/reference/limits.md, "Files skelsite writes")
/// rather than as Foundation's "file exists" or `NSCocoaErrorDomain` error 512.
public enum UserFolder {
    /// Why `path` cannot be (or be made) a folder, naming the part of it in the way:
    /// `docs/a.md is not a folder` for `docs/a.md/x`; nil when it is a folder or can be
    /// created as far as looking tells. Links in the path are followed.
    public static func problem(_ path: String) -> String? {
        var trimmed = path
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard !trimmed.isEmpty else { return "the path is empty" }
        // Each leading part in turn, shortest first: "docs", "docs/a.md", "docs/a.md/x".
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: true)
        var prefix = trimmed.hasPrefix("/") ? "/" : ""
        for part in parts {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
            var info = stat()
            guard stat(prefix, &info) == 0 else {
                // Missing: the rest is created; another reason (permission denied) is told.
                return errno == ENOENT ? nil : "\(prefix): \(FilePaths.errnoText(errno))"
            }
            guard (info.st_mode & S_IFMT) == S_IFDIR else { return "\(prefix) is not a folder" }
        }
        return nil
    }
}
