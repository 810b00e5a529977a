/// The nav's order and sections.
///
/// Docs are grouped by top folder (root docs first, then folders by their smallest
/// `order`, then name); within a group by front matter `order` (docs without one last),
/// then title, then path. Titles and folder names sort naturally ("Page 2" before
/// "Page 10", "apple" before "Banana": `NaturalOrder`). Previous/next links follow the
/// same order.
enum SiteNav {
    struct Group: Sendable {
        /// "" for docs at the root of the source folder.
        var folder: String
        var documents: [SiteDocument]
        var label: String {
            folder.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        }
    }

    /// Above this many docs the nav shows only the current page's own section in full;
    /// every other section is its label linking to that section's first doc. 100 (why:
    /// below it a full nav is a few KB and lets readers jump anywhere; above it a nav of
    /// every doc on every page dominates the site's size and build time, quadratically).
    static let fullNavLimit = 100

    static func order(_ documents: [SiteDocument]) -> [SiteDocument] {
        groups(documents).flatMap(\.documents)
    }

    /// Every doc but the gallery's intro (`index`), in sections.
    static func groups(_ documents: [SiteDocument]) -> [Group] {
        func before(_ a: SiteDocument, _ b: SiteDocument) -> Bool {
            let (oa, ob) = (a.frontMatter.order ?? Int.max, b.frontMatter.order ?? Int.max)
            if oa != ob { return oa < ob }
            if a.title != b.title { return NaturalOrder.before(a.title, b.title) }
            return a.slug < b.slug
        }
        var byFolder: [String: [SiteDocument]] = [:]
        for document in documents where document.slug != "index" {
            byFolder[folder(ofSlug: document.slug), default: []].append(document)
        }
        let groups = byFolder.map { Group(folder: $0.key, documents: $0.value.sorted(by: before)) }
        return groups.sorted { a, b in
            if a.folder.isEmpty != b.folder.isEmpty { return a.folder.isEmpty }
            let (oa, ob) = (a.documents.first?.frontMatter.order ?? Int.max, b.documents.first?.frontMatter.order ?? Int.max)
            if oa != ob { return oa < ob }
            return NaturalOrder.before(a.folder, b.folder)
        }
    }

    /// The top folder a slug belongs to in the nav ("" for root docs and the index).
    static func folder(ofSlug slug: String) -> String {
        let parts = slug.split(separator: "/")
        return parts.count > 1 ? String(parts[0]) : ""
    }
}
