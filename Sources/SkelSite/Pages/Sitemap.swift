import SkeletonWeb

/// `sitemap.xml`: the gallery, every doc page and every standalone page, sorted. The
/// sitemaps.org schema wants absolute URLs, so the file is written only for a site with
/// an absolute base URL (`--base-url`, or `base_url` in skelsite.toml; see
/// site/reference/command-line.md); without one there is no sitemap.
public enum Sitemap {
    /// The site-relative URLs it lists.
    static func paths(of site: SiteContent) -> [String] {
        (["index.html"] + site.navOrder.map(\.pagePath) + site.standalonePages.map { $0 + ".html" }).sorted()
    }

    /// `baseURL` ending in "/" when it is an absolute http or https URL with a host
    /// ("https://example.org/docs" gives "https://example.org/docs/"); nil otherwise.
    public static func absoluteBase(_ baseURL: String?) -> String? {
        guard var base = baseURL else { return nil }
        let lower = base.lowercased()
        guard let scheme = ["https://", "http://"].first(where: { lower.hasPrefix($0) }) else { return nil }
        let host = base.dropFirst(scheme.count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !host.isEmpty, !base.contains(where: { $0 == " " || $0 == "?" || $0 == "#" }) else { return nil }
        if !base.hasSuffix("/") { base += "/" }
        return base
    }

    /// The file for `paths` under `base`, an absolute base from `absoluteBase`.
    static func xml(_ paths: [String], base: String) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for path in paths {
            out += "  <url><loc>\(HTMLText.escape(base + path))</loc></url>\n"
        }
        return out + "</urlset>\n"
    }

    /// What `skelsite build` says on standard error when it writes no sitemap.
    public static func missingNote(baseURL: String?) -> String {
        if let baseURL, !baseURL.isEmpty {
            return "note: no sitemap.xml: the base URL \(baseURL) is not an absolute http:// or https:// URL"
        }
        return "note: no sitemap.xml: set a base URL (--base-url or base_url in skelsite.toml)"
    }
}
