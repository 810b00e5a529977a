/// Rewrites relative links between docs (`../guide.md#install`) to the pages they
/// become (`../guide.html#install`), so docs link to each other the same way on GitHub
/// and on the site. Links to anything else are left alone.
struct LinkRewriter: Sendable {
    /// Doc relative path -> page path, e.g. "Guides/Intro.md" -> "guides/intro.html".
    let pages: [String: String]

    func rewrite(_ url: String, from documentPath: String, fromPage pagePath: String) -> String? {
        if url.isEmpty || url.hasPrefix("/") || url.hasPrefix("#") || url.contains("://") || url.hasPrefix("mailto:") { return nil }
        var path = url
        var fragment = ""
        if let hash = url.firstIndex(of: "#") {
            path = String(url[..<hash])
            fragment = String(url[hash...])
        }
        let lower = path.lowercased()
        guard lower.hasSuffix(".md") || lower.hasSuffix(".markdown") else { return nil }
        let folder = documentPath.split(separator: "/").dropLast().map(String.init)
        guard let resolved = Self.normalize(folder + path.split(separator: "/").map(String.init)),
              let target = pages[resolved.joined(separator: "/")] else { return nil }
        return Self.relative(from: pagePath, to: target) + fragment
    }

    /// Resolves "." and ".."; nil when ".." climbs out of the source folder.
    static func normalize(_ parts: [String]) -> [String]? {
        var out: [String] = []
        for part in parts where part != "." && !part.isEmpty {
            if part == ".." {
                if out.isEmpty { return nil }
                out.removeLast()
            } else {
                out.append(part)
            }
        }
        return out
    }

    /// The URL of `target` as seen from `page` (both paths from the site root).
    static func relative(from page: String, to target: String) -> String {
        let depth = page.split(separator: "/").count - 1
        return String(repeating: "../", count: depth) + target
    }
}
