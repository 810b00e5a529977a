import Foundation

/// Maps a request path onto a file inside the served folder, or refuses it.
///
/// Invariant: a returned URL is a regular file whose real path (symlinks resolved)
/// lies inside the real path of `root`. Anything else is `.forbidden` (an attempt to
/// leave the folder: `..`, encoded `%2e%2e`, NUL, backslashes, a symlink out) or
/// `.notFound`.
public enum SafePath {
    public enum Resolution: Equatable, Sendable {
        case file(URL)
        case forbidden
        case notFound
    }

    /// True when `requestPath` names a folder of `root` (which `resolve` answers with its
    /// `index.html`) without ending in "/": the page's relative links would then resolve
    /// against the folder's parent, so serve redirects to the path with the slash.
    public static func needsTrailingSlash(_ requestPath: String, in root: URL) -> Bool {
        let raw = String(requestPath.prefix { $0 != "?" && $0 != "#" })
        guard !raw.hasSuffix("/"), let decoded = raw.removingPercentEncoding else { return false }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: true)
        guard !segments.isEmpty else { return false }
        var candidate = root.resolvingSymlinksInPath().standardizedFileURL
        for segment in segments { candidate.appendPathComponent(String(segment)) }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    public static func resolve(_ requestPath: String, in root: URL) -> Resolution {
        // Drop the query and fragment, then percent-decode once; a decode failure or a
        // path that still holds '%' after decoding (double encoding) is refused.
        var raw = requestPath
        if let cut = raw.firstIndex(where: { $0 == "?" || $0 == "#" }) { raw = String(raw[..<cut]) }
        guard let decoded = raw.removingPercentEncoding else { return .forbidden }
        if decoded.contains("\0") || decoded.contains("\\") || decoded.contains("%") { return .forbidden }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: true)
        if segments.contains(where: { $0 == ".." || $0 == "." }) { return .forbidden }

        let rootReal = root.resolvingSymlinksInPath().standardizedFileURL
        var candidate = rootReal
        for segment in segments { candidate.appendPathComponent(String(segment)) }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue {
            candidate.appendPathComponent("index.html")
        } else if !FileManager.default.fileExists(atPath: candidate.path),
                  FileManager.default.fileExists(atPath: candidate.path + ".html") {
            // Pretty URLs: /guide serves guide.html.
            candidate = URL(fileURLWithPath: candidate.path + ".html")
        }
        let real = candidate.resolvingSymlinksInPath().standardizedFileURL
        let prefix = rootReal.path.hasSuffix("/") ? rootReal.path : rootReal.path + "/"
        guard real.path.hasPrefix(prefix) else { return .forbidden }
        guard FileManager.default.fileExists(atPath: real.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return .notFound
        }
        return .file(real)
    }
}
