/// `index.html`: the gallery of every component (cards with thumbnails, tags and the
/// search index inlined), after the root index.md's own content as its intro.
struct GalleryIndex {
    let contexts: PageContexts

    /// The page's HTML; `searchJSON` is `SearchIndex.json` of `items`.
    func html(items: [GalleryItem], searchJSON: String) -> String {
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
        return contexts.theme.render("index", context)
    }

    /// A digest of everything `html` reads besides the templates and options (`shared`
    /// covers those): the nav, the intro doc's bytes, each card and each doc's entry. Same
    /// key, same page, so an edit that changes none of it skips rendering the gallery
    /// (the biggest page of a big site).
    func key(items: [GalleryItem], searchJSON: String, shared: String, docDigests: [String: String]) -> String {
        let site = contexts.site
        var material = "shared=\(shared)\ntitle=\(site.title)\ndiff=\(site.hasDiffPlaceholder)\n"
        material += "pages=" + contexts.theme.standalonePages.joined(separator: ",") + "\n"
        if let intro = site.intro { material += "intro=\(docDigests[intro.relativePath] ?? "?")\n" }
        for document in site.navOrder {
            material += "doc=\(document.pagePath)\t\(document.title)\t\(document.components.count)\t"
                + "\(document.frontMatter.description ?? "-")\t\(document.frontMatter.tags.joined(separator: ","))\n"
        }
        for item in items { material += "card=\(item.component.id)\t\(item.rendered.artifacts.width)x\(item.rendered.artifacts.height)\n" }
        material += searchJSON
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
