import Foundation
import SkelsiteStore
/// `index.html`: the gallery of every component (cards with thumbnails, tags and the
/// search index inlined), after the root index.md's own content as its intro.
///
/// A gallery of more than `pageSize` components is paged (site/reference/limits.md,
/// "Gallery"): the page holds the first `pageSize` cards, the theme's script makes the
/// others from the inlined search index a page at a time and searches all of them, and
/// the docs list gives a nav section of many docs as one line.
struct GalleryIndex {
    let contexts: PageContexts

    /// Cards on the page as written, and on each page the script adds. 200 (why: a page
    /// of 5000 cards was 45,000 elements and took seconds to load; 200 cards are about
    /// 2000 elements, and every gallery up to 200 components is written whole, as before).
    static let pageSize = 200

    /// The page's bytes (`searchJSON` is `SearchIndex.bytes` of `items`), as the whole
    /// template renders them, and where each card lies in them (nil when the template
    /// cannot be cut at its cards, see `GalleryCardTemplate`). A card whose
    /// digest `previous` (the live page and its `.gallery.cards`) holds is taken from
    /// there, not rendered again.
    ///
    /// The search index, inlined raw (`{{{searchIndexJSON}}}`), is rendered as a marker and
    /// put in place of it afterwards (why: 1.7 MB on a big site, copied through every
    /// string the template engine appends to, and rendered twice to check the cut, it was
    /// most of the gallery's time on a one-spec rebuild). The marker holds a quote, so an
    /// escaped use of it does not match, and then the page is rendered with the index itself.
    func render(items: [GalleryItem], searchJSON: [UInt8], previous: (page: [UInt8], cards: GalleryCardsFile)?)
        -> (bytes: [UInt8], cards: [GalleryCardsFile.Card]?) {
        let name = "skelsite-search-index-\(UUID().uuidString)"
        let marker = Array("\u{1}\"\(name)\"\u{1}".utf8)
        let page = render(items: items, searchJSON: String(decoding: marker, as: UTF8.self), previous: previous)
        let raw = GalleryCardTemplate.occurrences(of: marker, in: page.bytes)
        guard raw.count == GalleryCardTemplate.occurrences(of: Array(name.utf8), in: page.bytes).count else {
            return render(items: items, searchJSON: String(decoding: searchJSON, as: UTF8.self), previous: previous)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(page.bytes.count + raw.count * (searchJSON.count - marker.count))
        var from = 0
        for at in raw {
            bytes += page.bytes[from..<at]
            bytes += searchJSON
            from = at + marker.count
        }
        bytes += page.bytes[from...]
        // A card after a marker lies further on by what the index adds.
        let cards = page.cards?.map { card in
            var card = card
            card.offset += raw.filter { $0 < card.offset }.count * (searchJSON.count - marker.count)
            return card
        }
        return (bytes, cards)
    }

    private func render(items: [GalleryItem], searchJSON: String, previous: (page: [UInt8], cards: GalleryCardsFile)?)
        -> (bytes: [UInt8], cards: [GalleryCardsFile.Card]?) {
        let cards = Parallel.chunks(Array(items.prefix(Self.pageSize))) { GalleryCard($0, fit: contexts.fitBadge($0)) }
        var context = context(items: items, searchJSON: searchJSON)
        let whole = { [contexts] (context: [String: Any]) -> (bytes: [UInt8], cards: [GalleryCardsFile.Card]?) in
            var context = context
            context["components"] = cards.map(\.context)
            return (Array(contexts.theme.render("index", context).utf8), nil)
        }
        guard !cards.isEmpty, let cut = GalleryCardTemplate(theme: contexts.theme), cut.isSelfContained(page: context)
        else { return whole(context) }
        // Cards' contexts are made only for the cards rendered, unless the page reads them;
        // else the page sees a list as empty as the cards are (for `{{^components}}`; a
        // partial that read more would fail the probe below, and the page be made whole).
        context["components"] = cut.pageReadsCards ? cards.map(\.context) : [true] as [Any]
        guard let around = cut.renderPage(context) else { return whole(context) }
        // The cut must give the whole template's bytes: a page of the first two cards, both ways.
        var probe = context
        probe["components"] = cards.prefix(2).map(\.context)
        let expected = Array(contexts.theme.render("index", probe).utf8)
        guard expected == around.before + cards.prefix(2).flatMap({ Array(cut.renderCard($0).utf8) }) + around.after else {
            return whole(context)
        }
        let old = previous.map { $0.cards.slices(in: $0.page) } ?? [:]
        let made = Parallel.map(Array(cards.indices)) { index -> (digest: String, fresh: [UInt8]?) in
            let digest = cut.digest(of: cards[index])
            if old[digest] != nil { return (digest, nil) }
            return (digest, Array(cut.renderCard(cards[index]).utf8))
        }
        var bytes = around.before
        bytes.reserveCapacity(previous?.page.count ?? (around.before.count + around.after.count + cards.count * 1500))
        var placed: [GalleryCardsFile.Card] = []
        placed.reserveCapacity(made.count)
        for (digest, fresh) in made {
            let start = bytes.count
            if let fresh { bytes += fresh } else if let slice = old[digest] { bytes += slice }
            placed.append(GalleryCardsFile.Card(digest: digest, offset: start, length: bytes.count - start))
        }
        bytes += around.after
        return (bytes, placed)
    }

    private func context(items: [GalleryItem], searchJSON: String) -> [String: Any] {
        let site = contexts.site
        var context = contexts.base(root: "", currentSlug: "index")
        context["pageTitle"] = site.title
        if let intro = site.intro {
            let content = contexts.content(of: intro, root: "")
            context["intro"] = content.html
            if !content.styles.isEmpty { context["styles"] = content.styles }
            if let description = intro.frontMatter.description { context["pageDescription"] = description }
        }
        context["componentCount"] = items.count
        let tags = Set(site.galleryDocuments.flatMap(\.frontMatter.tags))
        if !tags.isEmpty {
            context["allTags"] = tags.sorted()
            context["hasAllTags"] = true
        }
        context["searchIndexJSON"] = searchJSON
        if items.count > Self.pageSize {
            context["pagedCards"] = true
            context["pageSize"] = Self.pageSize
            context["cardSizesJSON"] = Self.sizesJSON(items)
        }
        let docs = { (document: SiteDocument) -> [String: Any] in
            var item: [String: Any] = ["title": document.title, "url": document.pagePath,
                                       "componentCount": document.components.count]
            if let description = document.frontMatter.description { item["docDescription"] = description }
            return item
        }
        guard site.navOrder.count > SiteNav.fullNavLimit else {
            context["docs"] = site.navOrder.map(docs)
            return context
        }
        // As the nav of a big site: root docs one by one, each folder's as one line
        // linking to its first doc, whose nav lists the folder's docs.
        context["docs"] = site.navGroups.flatMap { group -> [[String: Any]] in
            guard !group.folder.isEmpty, let first = group.documents.first else { return group.documents.map(docs) }
            let count = group.documents.count
            return [["title": group.label, "url": first.pagePath,
                     "componentCount": group.documents.reduce(0) { $0 + $1.components.count },
                     "docDescription": count == 1 ? "1 doc" : "\(count) docs"]]
        }
        return context
    }

    /// Each card's thumbnail size in CSS pixels, in gallery order (`[[width,height],…]`):
    /// what the script needs besides the search index to make a card.
    static func sizesJSON(_ items: [GalleryItem]) -> String {
        "[" + items.map { "[\($0.rendered.artifacts.width),\($0.rendered.artifacts.height)]" }.joined(separator: ",") + "]"
    }

    /// A digest of everything `render` reads besides the templates and options (`shared`
    /// covers those): the nav, the intro doc's bytes, each card and each doc's entry. Same
    /// key, same page, so an edit that changes none of it skips rendering the gallery
    /// (the biggest page of a big site).
    /// `searchDigest`: SHA-256 hex of the search index's bytes (hashed once a build).
    func key(items: [GalleryItem], searchDigest: String, shared: String, docDigests: [String: String]) -> String {
        let site = contexts.site
        var material = "shared=\(shared)\ntitle=\(site.title)\ndiff=\(site.hasDiffPlaceholder)\n"
        material += "pages=" + contexts.theme.standalonePages.joined(separator: ",") + "\n"
        if let intro = site.intro { material += "intro=\(docDigests[intro.relativePath] ?? "?")\n" }
        for document in site.navOrder {
            material += "doc=\(document.pagePath)\t\(document.title)\t\(document.components.count)\t"
                + "\(document.frontMatter.description ?? "-")\t\(document.frontMatter.tags.joined(separator: ","))\n"
        }
        for item in items {
            material += "card=\(item.component.id)\t\(item.rendered.artifacts.width)x\(item.rendered.artifacts.height)"
            // A card's fit badge changes with the results file and the content.
            if let badge = contexts.fitBadge(item) { material += "\tfit=" + badge.text }
            material += "\n"
        }
        material += "search=" + searchDigest + "\n"
        return SHA256.hex(Array(material.utf8))
    }
}
