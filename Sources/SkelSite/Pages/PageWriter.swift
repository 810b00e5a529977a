import Foundation
import SkeletonCore

/// Steps 5 and 6: pages, PNGs and assets, then the gallery index, search index and
/// sitemap, all into the staging folder. Everything is written in a sorted, fixed
/// order from sorted data, with no timestamps, so output bytes are reproducible.
final class PageWriter: @unchecked Sendable {
    let theme: TemplateSet
    let staging: URL
    let cache: RenderCache
    let baseURL: String?
    private let lock = NSLock()
    private var written = 0
    /// `_nav` rendered once per root prefix (why: the nav lists every doc, so rendering
    /// it per page through Mustache is quadratic in the number of docs).
    private var navCache: [String: String] = [:]
    /// Unchanged pages to take from the previous output; nil renders every page.
    var reuse: PageReuse?
    /// CSS-vs-PNG figures from a verify run, by SHA-256 of the spec's text.
    var agreements: [String: ComponentAgreement] = [:]
    /// The site title from the project file; nil takes the root index.md's.
    var siteTitle: String?
    private var entries: [String: PageReuse.Entry] = [:]
    private var reusedCount = 0
    /// Whether the site gets the placeholder `diff/index.html` and the nav its "Visual
    /// diff" link; set by `writePages` before any page is rendered (see `writeDiffPlaceholder`).
    private(set) var hasDiffPlaceholder = false

    init(theme: TemplateSet, staging: URL, cache: RenderCache, baseURL: String?) {
        self.theme = theme
        self.staging = staging
        self.cache = cache
        self.baseURL = baseURL
    }

    /// Key and size of every doc page in staging, for the next build's `PageReuse`.
    var pageEntries: [String: PageReuse.Entry] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }

    var filesWritten: Int {
        lock.lock()
        defer { lock.unlock() }
        return written
    }

    /// The site title: the project file's, else the root index.md's title, else "Skeleton gallery".
    func siteTitle(_ documents: [SiteDocument]) -> String {
        siteTitle ?? documents.first(where: { $0.slug == "index" })?.title ?? "Skeleton gallery"
    }

    /// Nav order: docs grouped by top folder (root docs first, then folders by their
    /// smallest `order`, then name); within a group by front matter `order` (docs
    /// without one last), then title, then path. Previous/next links follow it too.
    static func navOrder(_ documents: [SiteDocument]) -> [SiteDocument] {
        navGroups(documents).flatMap(\.documents)
    }

    struct NavGroup {
        /// "" for docs at the root of the source folder.
        var folder: String
        var documents: [SiteDocument]
        var label: String {
            folder.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        }
    }

    static func navGroups(_ documents: [SiteDocument]) -> [NavGroup] {
        func before(_ a: SiteDocument, _ b: SiteDocument) -> Bool {
            let (oa, ob) = (a.frontMatter.order ?? Int.max, b.frontMatter.order ?? Int.max)
            if oa != ob { return oa < ob }
            if a.title != b.title { return a.title < b.title }
            return a.slug < b.slug
        }
        var byFolder: [String: [SiteDocument]] = [:]
        for document in documents where document.slug != "index" {
            let parts = document.slug.split(separator: "/")
            byFolder[parts.count > 1 ? String(parts[0]) : "", default: []].append(document)
        }
        let groups = byFolder.map { NavGroup(folder: $0.key, documents: $0.value.sorted(by: before)) }
        return groups.sorted { a, b in
            if a.folder.isEmpty != b.folder.isEmpty { return a.folder.isEmpty }
            let (oa, ob) = (a.documents.first?.frontMatter.order ?? Int.max, b.documents.first?.frontMatter.order ?? Int.max)
            if oa != ob { return oa < ob }
            return a.folder < b.folder
        }
    }

    // MARK: step 5

    struct PageCounts { var pages = 0, pngs = 0, assets = 0, reused = 0 }

    func writePages(_ documents: inout [SiteDocument], components: [String: RenderStep.Result]) throws(SiteBuildError) -> PageCounts {
        var counts = PageCounts()
        let ordered = Self.navOrder(documents)
        let title = siteTitle(documents)
        hasDiffPlaceholder = !documents.contains { $0.pagePath.hasPrefix(DiffReportFolder.siteFolderName + "/") }
        let pages = ordered.enumerated().map { index, document in
            (document, index > 0 ? ordered[index - 1] : nil, index + 1 < ordered.count ? ordered[index + 1] : nil)
        }
        let failures = Parallel.map(pages.map { PageJob(document: $0.0, previous: $0.1, next: $0.2) }) { job -> SiteBuildError? in
            let path = job.document.pagePath
            if let reuse = self.reuse, reuse.reuse(path, into: self.staging) {
                self.record(path, size: reuse.previous[path]!.size, reused: true)
                return nil
            }
            let html = self.renderPage(job, nav: ordered, siteTitle: title, components: components)
            do throws(SiteBuildError) { try self.write(html, to: path) } catch { return error }
            self.record(path, size: html.utf8.count, reused: false)
            return nil
        }
        if let failure = failures.compactMap({ $0 }).first { throw failure }
        counts.pages = pages.count
        counts.reused = reusedCount

        // PNGs: hard links into the cache entry (why: no copying of bytes; a rebuild
        // with nothing changed costs a link per file), falling back to a copy.
        let all = documents.flatMap { $0.specs }.compactMap { site in components[site.id].map { (site.id, $0) } }
        let linkFailures = Parallel.map(all) { id, result -> SiteBuildError? in
            do throws(SiteBuildError) { try self.linkPNGs(id: id, result: result) } catch { return error }
            return nil
        }
        if let failure = linkFailures.compactMap({ $0 }).first { throw failure }
        counts.pngs = all.reduce(0) { $0 + $1.1.artifacts.pngNames.count }

        for asset in theme.assetFiles() {
            let from = theme.directory.appendingPathComponent("assets").appendingPathComponent(asset)
            guard let data = FileManager.default.contents(atPath: from.path) else {
                throw .io("cannot read template asset \(from.path)")
            }
            try write(data, to: "assets/" + asset)
            counts.assets += 1
        }
        // The playground's renderer (scripts/build-wasm.sh) and its file:-URL forms, beside its scripts.
        if theme.standalonePages.contains("playground") {
            for file in try PlaygroundAssets.files(templates: theme.directory) {
                try write(file.data, to: "assets/" + file.name)
                counts.assets += 1
            }
        }
        for name in theme.standalonePages {
            var context = baseContext(siteTitle: title, root: "", nav: ordered, currentSlug: name)
            context["pageTitle"] = name.prefix(1).uppercased() + name.dropFirst()
            try write(theme.render(name, context), to: name + ".html")
            counts.pages += 1
        }
        if hasDiffPlaceholder { try writeDiffPlaceholder(siteTitle: title, nav: ordered) }
        return counts
    }

    /// `diff/index.html`, saying there is no diff report yet and how to make one, with
    /// `DiffReportFolder.marker` so that `skelsite diff` may replace the folder with its
    /// report (why a placeholder: the nav links there, so the link is never broken).
    /// Not in the sitemap. Skipped when docs already make pages in `diff/`: their folder
    /// must never look replaceable.
    private func writeDiffPlaceholder(siteTitle: String, nav: [SiteDocument]) throws(SiteBuildError) {
        let folder = DiffReportFolder.siteFolderName
        var context = baseContext(siteTitle: siteTitle, root: "../", nav: nav, currentSlug: folder + "/index")
        context["pageTitle"] = "Visual diff"
        context["diffCommand"] = DiffReportFolder.placeholderCommand
        var html = theme.render("_diff-placeholder", context)
        if html.isEmpty { html = DiffReportFolder.placeholderPage(siteTitle: siteTitle) }
        try write(html, to: folder + "/index.html")
        try write(DiffReportFolder.placeholderMarkerText, to: folder + "/" + DiffReportFolder.marker)
    }

    struct PageJob: Sendable {
        var document: SiteDocument
        var previous: SiteDocument?
        var next: SiteDocument?
    }

    private func renderPage(_ job: PageJob, nav: [SiteDocument], siteTitle: String,
                            components: [String: RenderStep.Result]) -> String {
        let document = job.document
        let root = document.rootPrefix
        var context = baseContext(siteTitle: siteTitle, root: root, nav: nav, currentSlug: document.slug)
        let (content, styles) = contentWithComponents(document, root: root, components: components)
        context["pageTitle"] = document.title
        if let description = document.frontMatter.description { context["pageDescription"] = description }
        if !document.frontMatter.tags.isEmpty {
            context["tags"] = document.frontMatter.tags
            context["hasTags"] = true
        }
        context["content"] = content
        if !styles.isEmpty { context["styles"] = styles }
        context["sourcePath"] = document.relativePath
        context["componentCount"] = document.specs.count
        if !document.specs.isEmpty { context["hasComponents"] = true }
        if let previous = job.previous { context["previous"] = ["title": previous.title, "url": root + previous.pagePath] }
        if let next = job.next { context["next"] = ["title": next.title, "url": root + next.pagePath] }
        return theme.render("page", context)
    }

    /// Context every template gets: site title, root prefix, nav with the current page.
    func baseContext(siteTitle: String, root: String, nav: [SiteDocument], currentSlug: String) -> [String: Any] {
        func item(_ document: SiteDocument) -> [String: Any] {
            var item: [String: Any] = ["title": document.title, "url": root + document.pagePath]
            if document.slug == currentSlug { item["current"] = true }
            return item
        }
        var context: [String: Any] = [
            "siteTitle": siteTitle, "root": root, "indexURL": root + "index.html",
            "playgroundURL": root + "playground.html", "generator": "skelsite \(SkelSiteInfo.version)",
        ]
        if hasDiffPlaceholder { context["diffURL"] = root + DiffReportFolder.siteFolderName + "/index.html" }
        if currentSlug == "index" { context["isIndex"] = true }
        context["navHTML"] = navHTML(context: context, nav: nav, root: root, currentSlug: currentSlug)
        return context
    }

    /// Above this many docs the nav shows only the current page's own section in full;
    /// every other section is its label linking to that section's first doc. 100 (why:
    /// below it a full nav is a few KB and lets readers jump anywhere; above it a nav of
    /// every doc on every page dominates the site's size and build time, quadratically).
    static let fullNavLimit = 100

    /// The top folder a slug belongs to in the nav ("" for root docs and the index).
    static func navFolder(ofSlug slug: String) -> String {
        let parts = slug.split(separator: "/")
        return parts.count > 1 ? String(parts[0]) : ""
    }

    /// The rendered `_nav` partial with the current page's link marked
    /// `aria-current="page"`: rendered once per root prefix and expanded section, then
    /// marked by replacing the link's exact `href="…">`.
    private func navHTML(context: [String: Any], nav: [SiteDocument], root: String, currentSlug: String) -> String {
        let collapses = nav.count > Self.fullNavLimit
        let expandedFolder = collapses ? Self.navFolder(ofSlug: currentSlug) : ""
        let cacheKey = root + "\u{0}" + expandedFolder
        lock.lock()
        var html = navCache[cacheKey]
        lock.unlock()
        if html == nil {
            let groups: [[String: Any]] = Self.navGroups(nav).map { group in
                var entry: [String: Any] = [:]
                if !collapses || group.folder.isEmpty || group.folder == expandedFolder {
                    entry["items"] = group.documents.map { ["title": $0.title, "url": root + $0.pagePath] }
                    entry["expanded"] = true
                } else if let first = group.documents.first {
                    entry["sectionURL"] = root + first.pagePath
                }
                if !group.folder.isEmpty { entry["label"] = group.label }
                return entry
            }
            var navContext = context
            navContext["navGroups"] = groups
            navContext["isIndex"] = nil
            let rendered = theme.render("_nav", navContext)
            lock.lock()
            navCache[cacheKey] = rendered
            lock.unlock()
            html = rendered
        }
        let current = currentSlug == "index" ? root + "index.html" : root + currentSlug + ".html"
        return TextSplice.replacingAll(in: html!, "href=\"\(HTMLEscape.text(current))\">",
                                       with: "href=\"\(HTMLEscape.text(current))\" aria-current=\"page\">")
    }

    /// The doc's HTML with each marker replaced by its component, and the page's CSS
    /// (each distinct component scope once, in page order).
    func contentWithComponents(_ document: SiteDocument, root: String,
                               components: [String: RenderStep.Result]) -> (String, String) {
        // Different components whose scope hashes collide get distinct scopes (PageScopes).
        var scopes = PageScopes()
        var fragments: [(marker: String, with: String)] = []
        for site in document.specs {
            guard let result = components[site.id] else { continue }
            let artifacts = scopes.place(result.artifacts, for: site)
            let fragment = theme.render("component", componentContext(site, document: document, artifacts: artifacts, root: root))
            fragments.append((site.marker, fragment))
        }
        let html = TextSplice.replacingFirst(in: document.markdown.html, fragments)
        // A "</style" inside CSS would end the element early; "<\/" means the same to CSS.
        return (html, TextSplice.replacingAll(in: scopes.styles.joined(separator: "\n"), "</", with: "<\\/"))
    }

    /// Everything `component.mustache` may show; see Templates/README.md.
    func componentContext(_ site: SiteSpec, document: SiteDocument, artifacts: ComponentArtifacts, root: String) -> [String: Any] {
        let png = root + "png/" + site.id + "/"
        var context: [String: Any] = [
            "id": site.id,
            "title": site.title,
            "permalink": root + document.pagePath + "#" + site.id,
            "docTitle": document.title,
            "scope": artifacts.scope,
            "liveHTML": artifacts.html,
            "css": artifacts.css,
            "htmlCode": artifacts.html,
            "cssCode": artifacts.css,
            "source": site.block.text,
            "sourceLine": site.block.fenceLine,
            "sourcePath": document.relativePath,
            "width": artifacts.width,
            "height": artifacts.height,
            "width2x": artifacts.width * 2,
            "height2x": artifacts.height * 2,
            "light1x": png + "light@1x.png",
            "light2x": png + "light@2x.png",
            "dark1x": png + "dark@1x.png",
            "dark2x": png + "dark@2x.png",
            "playgroundURL": root + "playground.html#spec=" + Base64URL.encode(Array(site.block.text.utf8)),
        ]
        if !agreements.isEmpty, let agreement = agreements[SHA256.hex(Array(site.block.text.utf8))] {
            context["agreement"] = AgreementTable.context(agreement)
        }
        if artifacts.animated {
            context["animated"] = true
            context["preview"] = png + "preview.png"
            context["strip"] = png + ComponentRenderer.stripName
            context["stripWidth"] = artifacts.width * artifacts.frameTimes.count
            context["frames"] = artifacts.frameTimes.enumerated().map { index, time -> [String: Any] in
                ["index": index, "time": Self.formatSeconds(time), "fraction": ["0", "¼", "½", "¾"][min(index, 3)]]
            }
        }
        return context
    }

    /// "0.375 s": up to three decimals, no trailing zeros.
    static func formatSeconds(_ seconds: Double) -> String {
        var text = String(format: "%.3f", seconds)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text + " s"
    }

    private func linkPNGs(id: String, result: RenderStep.Result) throws(SiteBuildError) {
        let folder = staging.appendingPathComponent("png").appendingPathComponent(id)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for name in result.artifacts.pngNames {
                let from = cache.pngURL(result.key, name), to = folder.appendingPathComponent(name)
                if link(from.path, to.path) != 0 {
                    try FileManager.default.copyItem(at: from, to: to)
                }
                count()
            }
        } catch {
            throw .io("cannot write PNGs of \(id): \(error.localizedDescription)")
        }
    }

    // MARK: step 6

    struct IndexCounts { var components = 0, urls = 0 }

    func writeIndexes(_ documents: [SiteDocument], components: [String: RenderStep.Result]) throws(SiteBuildError) -> IndexCounts {
        let ordered = Self.navOrder(documents)
        let title = siteTitle(documents)
        let intro = documents.first(where: { $0.slug == "index" })
        var context = baseContext(siteTitle: title, root: "", nav: ordered, currentSlug: "index")
        context["pageTitle"] = title
        if let intro {
            let (content, styles) = contentWithComponents(intro, root: "", components: components)
            context["intro"] = content
            if !styles.isEmpty { context["styles"] = styles }
            if let description = intro.frontMatter.description { context["pageDescription"] = description }
        }
        // Gallery order: the index's own components first, then docs in nav order.
        let galleryDocs = (intro.map { [$0] } ?? []) + ordered
        var cards: [[String: Any]] = []
        var entries: [String] = []
        var tags: Set<String> = []
        for document in galleryDocs {
            tags.formUnion(document.frontMatter.tags)
            for site in document.specs {
                guard let result = components[site.id] else { continue }
                let thumb = "png/\(site.id)/light@1x.png", darkThumb = "png/\(site.id)/dark@1x.png"
                let url = document.pagePath == "index.html" ? "index.html#\(site.id)" : document.pagePath + "#" + site.id
                var card: [String: Any] = [
                    "id": site.id, "title": site.title, "url": url, "docTitle": document.title,
                    "docURL": document.pagePath, "thumb": thumb, "darkThumb": darkThumb,
                    "thumb2x": "png/\(site.id)/light@2x.png", "darkThumb2x": "png/\(site.id)/dark@2x.png",
                    "width": result.artifacts.width, "height": result.artifacts.height,
                    "tagList": document.frontMatter.tags.joined(separator: " "),
                    "searchText": ([site.title, document.title] + document.frontMatter.tags).joined(separator: " ").lowercased(),
                ]
                if !document.frontMatter.tags.isEmpty {
                    card["tags"] = document.frontMatter.tags
                    card["hasTags"] = true
                }
                cards.append(card)
                entries.append(searchEntry(site: site, document: document, url: url, thumb: thumb, darkThumb: darkThumb))
            }
        }
        let searchJSON = entries.isEmpty ? "[]\n" : "[\n" + entries.joined(separator: ",\n") + "\n]\n"
        context["components"] = cards
        context["componentCount"] = cards.count
        if !tags.isEmpty {
            context["allTags"] = tags.sorted()
            context["hasAllTags"] = true
        }
        context["searchIndexJSON"] = searchJSON
        context["docs"] = ordered.map { document -> [String: Any] in
            var item: [String: Any] = ["title": document.title, "url": document.pagePath, "componentCount": document.specs.count]
            if let description = document.frontMatter.description { item["docDescription"] = description }
            return item
        }
        try write(theme.render("index", context), to: "index.html")
        try write(searchJSON, to: "search-index.json")

        let urls = ["index.html"] + ordered.map(\.pagePath) + theme.standalonePages.map { $0 + ".html" }
        try write(Self.sitemap(urls.sorted(), baseURL: baseURL), to: "sitemap.xml")
        return IndexCounts(components: cards.count, urls: urls.count)
    }

    /// One search record. Fixed key order (why: byte-stable JSON).
    private func searchEntry(site: SiteSpec, document: SiteDocument, url: String, thumb: String, darkThumb: String) -> String {
        let tags = "[" + document.frontMatter.tags.map(JSONString.quote).joined(separator: ",") + "]"
        return "{\"id\":\(JSONString.quote(site.id)),\"title\":\(JSONString.quote(site.title)),"
            + "\"doc\":\(JSONString.quote(document.title)),\"url\":\(JSONString.quote(url)),"
            + "\"tags\":\(tags),\"thumb\":\(JSONString.quote(thumb)),\"darkThumb\":\(JSONString.quote(darkThumb)),"
            + "\"description\":\(JSONString.quote(document.frontMatter.description ?? ""))}"
    }

    static func sitemap(_ paths: [String], baseURL: String?) -> String {
        var base = baseURL ?? ""
        if !base.isEmpty && !base.hasSuffix("/") { base += "/" }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for path in paths {
            out += "  <url><loc>\(HTMLEscape.text(base + path))</loc></url>\n"
        }
        return out + "</urlset>\n"
    }

    // MARK: files

    private func record(_ path: String, size: Int, reused: Bool) {
        guard let key = reuse?.keys[path] else { return }
        lock.lock()
        entries[path] = PageReuse.Entry(key: key, size: size)
        if reused {
            reusedCount += 1
            written += 1
        }
        lock.unlock()
    }

    private func count() {
        lock.lock()
        written += 1
        lock.unlock()
    }

    func write(_ text: String, to path: String) throws(SiteBuildError) {
        try write(Array(text.utf8), to: path)
    }

    func write<Bytes: ContiguousBytes>(_ data: Bytes, to path: String) throws(SiteBuildError) {
        let url = staging.appendingPathComponent(path)
        do {
            if path.contains("/") {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            }
            // Never write through a hard link into the previous output or the cache.
            unlink(url.path)
            try PlainFileWriter.write(data, to: url.path)
        } catch {
            throw .io("cannot write \(url.path): \(error.localizedDescription)")
        }
        count()
    }
}
