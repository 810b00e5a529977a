/// `index.html`: the gallery of every component (cards with thumbnails, tags and the
/// search index inlined), after the root index.md's own content as its intro.
struct GalleryIndex {
    let contexts: PageContexts

    /// The page's bytes (`searchJSON` is `SearchIndex.json` of `items`), as the whole
    /// template renders them, and where each card lies in them (nil when the template
    /// cannot be cut at its cards, see `GalleryCardTemplate`). A card whose
    /// digest `previous` (the live page and its `.gallery.cards`) holds is taken from
    /// there, not rendered again.
    func render(items: [GalleryItem], searchJSON: String, previous: (page: [UInt8], cards: GalleryCardsFile)?)
        -> (bytes: [UInt8], cards: [GalleryCardsFile.Card]?) {
        let context = context(items: items, searchJSON: searchJSON)
        let whole = { (Array(contexts.theme.render("index", context).utf8), nil as [GalleryCardsFile.Card]?) }
        let cards = Cards(context["components"] as? [[String: Any]] ?? [])
        guard !cards.all.isEmpty, let cut = GalleryCardTemplate(theme: contexts.theme), cut.isSelfContained(page: context),
              let around = cut.renderPage(context) else { return whole() }
        // The cut must give the whole template's bytes: a page of the first two cards, both ways.
        var probe = context
        probe["components"] = Array(cards.all.prefix(2))
        let expected = Array(contexts.theme.render("index", probe).utf8)
        guard expected == around.before + cards.all.prefix(2).flatMap({ Array(cut.renderCard($0).utf8) }) + around.after else {
            return whole()
        }
        let old = previous.map { $0.cards.slices(in: $0.page) } ?? [:]
        let made = Parallel.map(Array(cards.all.indices)) { index -> (digest: String?, fresh: [UInt8]?) in
            let digest = cut.digest(of: cards.all[index])
            if let digest, old[digest] != nil { return (digest, nil) }
            return (digest, Array(cut.renderCard(cards.all[index]).utf8))
        }
        var bytes = around.before
        bytes.reserveCapacity(previous?.page.count ?? (around.before.count + around.after.count + cards.all.count * 1500))
        var placed: [GalleryCardsFile.Card] = []
        placed.reserveCapacity(made.count)
        for (digest, fresh) in made {
            let start = bytes.count
            if let fresh { bytes += fresh } else if let digest, let slice = old[digest] { bytes += slice }
            if let digest { placed.append(GalleryCardsFile.Card(digest: digest, offset: start, length: bytes.count - start)) }
        }
        bytes += around.after
        return (bytes, placed)
    }

    /// The card contexts, shared read-only with the threads that render them.
    private final class Cards: @unchecked Sendable {
        let all: [[String: Any]]
        init(_ all: [[String: Any]]) { self.all = all }
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
        context["components"] = items.map(card)
        context["componentCount"] = items.count
        let tags = Set(site.galleryDocuments.flatMap(\.frontMatter.tags))
        if !tags.isEmpty {
            context["allTags"] = tags.sorted()
            context["hasAllTags"] = true
        }
        context["searchIndexJSON"] = searchJSON
        context["docs"] = site.navOrder.map { document -> [String: Any] in
            var item: [String: Any] = ["title": document.title, "url": document.pagePath,
                                       "componentCount": document.components.count]
            if let description = document.frontMatter.description { item["docDescription"] = description }
            return item
        }
        return context
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
        for item in items { material += "card=\(item.component.id)\t\(item.rendered.artifacts.width)x\(item.rendered.artifacts.height)\n" }
        material += "search=" + searchDigest + "\n"
        return SHA256.hex(Array(material.utf8))
    }

    private func card(_ item: GalleryItem) -> [String: Any] {
        let document = item.document, component = item.component, files = item.files
        var card: [String: Any] = [
            "id": component.id, "title": component.title, "url": item.url, "docTitle": document.title,
            "docURL": document.pagePath,
            "thumb": files.link(ComponentFiles.light1x), "darkThumb": files.link(ComponentFiles.dark1x),
            "thumb2x": files.link(ComponentFiles.light2x), "darkThumb2x": files.link(ComponentFiles.dark2x),
            "width": item.rendered.artifacts.width, "height": item.rendered.artifacts.height,
            "tagList": document.frontMatter.tags.joined(separator: " "),
            "searchText": ([component.title, document.title] + document.frontMatter.tags).joined(separator: " ").lowercased(),
        ]
        if !document.frontMatter.tags.isEmpty {
            card["tags"] = document.frontMatter.tags
            card["hasTags"] = true
        }
        return card
    }
}
