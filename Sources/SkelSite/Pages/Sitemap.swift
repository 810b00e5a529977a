import SkeletonWeb

/// `sitemap.xml`: the gallery, every doc page and every standalone page, sorted.
enum Sitemap {
    /// The site-relative URLs it lists.
    static func paths(of site: SiteContent) -> [String] {
        (["index.html"] + site.navOrder.map(\.pagePath) + site.standalonePages.map { $0 + ".html" }).sorted()
    }

    /// `baseURL` prefixes every URL ("https://example.org/docs/"); nil leaves them
    /// site-relative.
    static func xml(_ paths: [String], baseURL: String?) -> String {
        var base = baseURL ?? ""
        if !base.isEmpty && !base.hasSuffix("/") { base += "/" }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for path in paths {
            out += "  <url><loc>\(HTMLText.escape(base + path))</loc></url>\n"
        }
        return out + "</urlset>\n"
    }
}
