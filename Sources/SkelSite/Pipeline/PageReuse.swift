import Foundation
import SkelsiteStore

/// Keys of doc pages, so an unchanged page is taken from the live site instead of
/// rendered (`GenerationWriter.reuse`, with id `page:<key>`).
///
/// A page's key digests everything its bytes depend on: the shared inputs (templates,
/// renderer, options), its doc's bytes, the site's shape (every discovered path and
/// every doc's slug and title, in nav order: nav, links, site title) and its previous
/// and next docs.
struct PageReuse: Sendable {
    /// Page path -> key, for every doc page of this build.
    private(set) var keys: [String: String] = [:]

    init(shared: String, docDigests: [String: String], allPaths: [String], documents: [SiteDocument]) {
        let ordered = SiteNav.order(documents)
        var shape = "shared=\(shared)\n" + allPaths.sorted().map { "path=\($0)\n" }.joined()
        shape += documents.filter { $0.slug == "index" }.map { "index=\($0.title)\n" }.joined()
        shape += ordered.map { "doc=\($0.slug)\t\($0.title)\n" }.joined()
        let site = SHA256.hex(Array(shape.utf8))
        for (index, document) in ordered.enumerated() {
            let previousSlug = index > 0 ? ordered[index - 1].slug : "-"
            let nextSlug = index + 1 < ordered.count ? ordered[index + 1].slug : "-"
            let material = "\(site)\n\(document.relativePath)\n\(docDigests[document.relativePath] ?? "?")\n\(previousSlug)\n\(nextSlug)"
            keys[document.pagePath] = SHA256.hex(Array(material.utf8))
        }
    }
}
