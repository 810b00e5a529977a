import Foundation

/// The library verify preloads into WebKit's browser so that its screenshots are
/// encoded fast (Sources/PNGWriteSpeed: no row filter, zlib level 1; the same pixels).
/// Found beside the running executable: a build's `.build/<configuration>/`, or an
/// install's `PREFIX/lib/skelsite/` beside `PREFIX/bin/` (scripts/install.sh). When it
/// is not there verify runs without it, with the same results and more CPU time.
public enum FastScreenshotEncoding {
    static let fileName = "libSkelsitePNGWriteSpeed.so"

    /// The library's path, or nil. A path with a space or colon is not used (LD_PRELOAD
    /// separates libraries by both).
    public static func library(beside executable: URL? = Bundle.main.executableURL) -> String? {
        guard let folder = executable?.resolvingSymlinksInPath().deletingLastPathComponent() else { return nil }
        let candidates = [folder.appendingPathComponent(fileName),
                          folder.deletingLastPathComponent().appendingPathComponent("lib/skelsite/" + fileName)]
        return candidates.map(\.standardizedFileURL.path).first { path in
            FileManager.default.isReadableFile(atPath: path) && !path.contains(" ") && !path.contains(":")
        }
    }

    /// `LD_PRELOAD` for a browser's driver: `library` ahead of what `existing` preloads.
    static func preload(_ library: String?, existing: String?) -> String? {
        guard let library else { return existing }
        guard let existing, !existing.isEmpty else { return library }
        return library + ":" + existing
    }
}
