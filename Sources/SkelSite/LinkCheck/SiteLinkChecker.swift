import Foundation
import SkelsiteStore

/// Checks that every local reference in a built site resolves, offline.
///
/// Reads every `.html` (href, src, srcset, poster, url() in `<style>`/`style=""`) and `.css`
/// (url()) under the folder. A local target must be a file inside the folder, or a folder
/// with an `index.html`; a `#fragment` on an `.html` target must name an `id` (or anchor
/// `name`) on that page, unless it is `key=value` state for a script. `http:`, `https:` and `//` references are listed apart as external;
/// `data:`, `mailto:`, `tel:`, `javascript:` and `blob:` need no file and are skipped.
public enum SiteLinkChecker {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The broken local references, sorted by file, line, then target.
    public static func check(siteFolder: URL) throws -> [BrokenLink] {
        try scan(siteFolder: siteFolder).broken
    }

    /// Broken and external references of the whole site.
    public static func scan(siteFolder: URL) throws -> LinkCheckReport {
        let root = siteFolder.standardizedFileURL.resolvingSymlinksInPath()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw Failure(description: "\(siteFolder.path): not a folder")
        }
        let files = try siteFiles(root)
        var idCache: [String: Set<String>] = [:]
        func ids(of page: String) -> Set<String> {
            if let cached = idCache[page] { return cached }
            let text = (try? String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)) ?? ""
            let found = ReferenceScanner.ids(text)
            idCache[page] = found
            return found
        }

        var broken: [BrokenLink] = []
        var external: [ExternalReference] = []
        var checked = 0
        for file in files {
            let text: String
            do {
                text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            } catch {
                throw Failure(description: "\(file): cannot read as UTF-8 (\(FileErrorText.describe(error, path: file)))")
            }
            let references = file.hasSuffix(".css")
                ? ReferenceScanner.cssReferences(text) : ReferenceScanner.htmlReferences(text)
            for reference in references {
                switch classify(reference.target) {
                case .skip:
                    continue
                case .external:
                    external.append(ExternalReference(file: file, line: reference.line,
                                                      attribute: reference.attribute, target: reference.target))
                case .local(let path, let fragment):
                    checked += 1
                    if let reason = problem(path: path, fragment: fragment, from: file, root: root, ids: ids) {
                        broken.append(BrokenLink(file: file, line: reference.line, attribute: reference.attribute,
                                                 target: reference.target, reason: reason))
                    }
                }
            }
        }
        broken.sort { ($0.file, $0.line, $0.target) < ($1.file, $1.line, $1.target) }
        external.sort { ($0.file, $0.line, $0.target) < ($1.file, $1.line, $1.target) }
        return LinkCheckReport(broken: broken, external: external, checkedCount: checked, fileCount: files.count)
    }

    enum Kind: Equatable {
        case skip
        case external
        /// `path` is percent-decoded and may be empty (same page); `fragment` is nil when absent.
        case local(path: String, fragment: String?)
    }

    static func classify(_ raw: String) -> Kind {
        let target = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if target.isEmpty { return .skip }
        if target.hasPrefix("//") { return .external }
        if let colon = target.firstIndex(of: ":"),
           !target[..<colon].contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) {
            let scheme = target[..<colon].lowercased()
            return scheme == "http" || scheme == "https" ? .external : .skip
        }
        var rest = Substring(target)
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...]).removingPercentEncoding
            rest = rest[..<hash]
        }
        // `#key=value` is state for the page's script (the playground's `#spec=`), not an id.
        if fragment?.contains("=") == true { fragment = nil }
        if let query = rest.firstIndex(of: "?") { rest = rest[..<query] }
        let path = String(rest).removingPercentEncoding ?? String(rest)
        // A bare "#" is "top of this page", which always exists.
        if path.isEmpty && (fragment ?? "").isEmpty { return .skip }
        return .local(path: path, fragment: fragment)
    }

    private static func problem(path: String, fragment: String?, from file: String, root: URL,
                                ids: (String) -> Set<String>) -> BrokenLink.Reason? {
        guard let resolved = resolve(path, from: file) else { return .outsideSite }
        // A folder stands for its index page, as every static server serves it.
        let page: String
        if resolved.isEmpty || resolved.hasSuffix("/") {
            page = resolved + "index.html"
        } else if kind(root.appendingPathComponent(resolved)) == .folder {
            page = resolved + "/index.html"
        } else {
            page = resolved
        }
        guard kind(root.appendingPathComponent(page)) == .file else { return .missingFile(resolved: page) }
        if let fragment, !fragment.isEmpty, page.hasSuffix(".html"), !ids(page).contains(fragment) {
            return .missingFragment(page: page, fragment: fragment)
        }
        return nil
    }

    private enum EntryKind { case file, folder, none }

    private static func kind(_ url: URL) -> EntryKind {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return .none }
        return isFolder.boolValue ? .folder : .file
    }

    /// `path` resolved against the folder of `file` (both relative to the site root); nil
    /// if it climbs above the root. An empty path is `file` itself.
    static func resolve(_ path: String, from file: String) -> String? {
        if path.isEmpty { return file }
        var parts: [Substring] = path.hasPrefix("/") ? [] : file.split(separator: "/").dropLast()
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                if parts.isEmpty { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return path.hasSuffix("/") && !joined.isEmpty ? joined + "/" : joined
    }

    /// Every .html and .css file under `root`, relative, sorted for a stable report.
    private static func siteFiles(_ root: URL) throws -> [String] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            throw Failure(description: "\(root.path): cannot list")
        }
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        var files: [String] = []
        for case let url as URL in walker {
            let ext = url.pathExtension.lowercased()
            guard ext == "html" || ext == "css" else { continue }
            let path = url.standardizedFileURL.resolvingSymlinksInPath().path
            guard path.hasPrefix(prefix) else { continue }
            files.append(String(path.dropFirst(prefix.count)))
        }
        return files.sorted()
    }
}
