import Foundation
import SkeletonWeb
import SkelsiteStore

/// The Mustache contexts of every page the site has: the base every template gets
/// (site title, root prefix, nav), a doc's content with its components, and each
/// component's own (see Templates/README.md for what each template may show).
struct PageContexts: Sendable {
    let theme: TemplateSet
    let site: SiteContent
    /// CSS-vs-PNG figures from a verify run, by SHA-256 of the spec's text.
    let agreements: [String: ComponentAgreement]
    /// Figures from a fit run (`--fit-results`), by doc path relative to the source,
    /// then spec fence line.
    let fits: [String: [Int: ComponentFit]]
    private let nav: NavMenu

    init(theme: TemplateSet, site: SiteContent, agreements: [String: ComponentAgreement],
         fits: FitResults = FitResults()) {
        self.theme = theme
        self.site = site
        self.agreements = agreements
        self.fits = fits.isEmpty ? [:] : fits.byDocument(site.documents.map(\.relativePath))
        var slugs = ["index"] + site.navOrder.map(\.slug) + site.standalonePages
        if site.hasDiffPlaceholder { slugs.append(DiffReportFolder.siteFolderName + "/index") }
        nav = NavMenu(theme: theme, site: site, slugs: slugs)
    }

    /// Context every template gets: site title, root prefix, nav with the current page.
    func base(root: String, currentSlug: String) -> [String: Any] {
        var context = Self.siteContext(site, root: root)
        if currentSlug == "index" { context["isIndex"] = true }
        context["navHTML"] = nav.html(root: root, currentSlug: currentSlug)
        return context
    }

    /// The part of the base context that depends only on the page's depth.
    fileprivate static func siteContext(_ site: SiteContent, root: String) -> [String: Any] {
        var context: [String: Any] = [
            "siteTitle": site.title, "root": root, "indexURL": root + "index.html",
            "playgroundURL": root + "playground.html", "generator": "skelsite \(SkelSiteInfo.version)",
            "lang": site.language,
        ]
        if site.hasDiffPlaceholder { context["diffURL"] = root + DiffReportFolder.siteFolderName + "/index.html" }
        return context
    }

    /// A doc's HTML with its components in place, and the page's CSS.
    struct Content {
        var html: String
        /// Each distinct component scope once, in page order; "" when none.
        var styles: String
    }

    /// The doc's HTML with each marker replaced by its component, and the page's CSS.
    func content(of document: SiteDocument, root: String) -> Content {
        // A doc from its memo was parsed by step 4 (`KeepStep`) when its page is made.
        let markdownHTML = document.pageHTML
        // Different components whose scope hashes collide have distinct scopes already
        // (`ScopeAssignment`, step 5); each scope's CSS once.
        var scopes = PageScopes()
        var fragments: [(marker: String, with: String)] = []
        let levels = Self.headingLevels(before: document.components.map(\.marker), in: markdownHTML)
        for (index, component) in document.components.enumerated() {
            guard let rendered = site.components[component.id] else { continue }
            let artifacts = rendered.artifacts
            scopes.place(artifacts)
            var context = self.component(component, in: document, artifacts: artifacts, root: root)
            context["headingLevel"] = levels[index]
            fragments.append((component.marker, theme.render("component", context)))
        }
        // A code block wider than the page scrolls: keyboard users reach it by Tab
        // (site/guides/accessibility.md). cmark writes every code block as `<pre><code`,
        // and a doc's own text cannot, since it is escaped.
        let docHTML = TextSplice.replacingAll(in: markdownHTML, "<pre><code",
                                              with: "<pre tabindex=\"0\" role=\"group\" aria-label=\"Code\"><code")
        let html = TextSplice.replacingFirst(in: docHTML, fragments)
        // A "</style" inside CSS would end the element early; "<\/" means the same to CSS.
        return Content(html: html, styles: TextSplice.replacingAll(in: scopes.styles.joined(separator: "\n"), "</", with: "<\\/"))
    }

    /// Everything `component.mustache` may show.
    func component(_ component: SiteComponent, in document: SiteDocument, artifacts: ComponentArtifacts,
                   root: String) -> [String: Any] {
        let files = ComponentFiles(id: component.id)
        let exported = [ExportedSpec(spec: component.spec,
                                     origin: document.relativePath + ":" + String(component.spec.position.line) + ":"
                                        + String(component.spec.position.column))]
        let element = WebComponentExport.elementNames(exported, prefix: WebComponentExport.defaultPrefix)[0]
        var context: [String: Any] = [
            "id": component.id,
            "title": component.title,
            "permalink": root + document.pagePath + "#" + component.id,
            "docTitle": document.title,
            "scope": artifacts.scope,
            "liveHTML": artifacts.html,
            "css": artifacts.css,
            "htmlCode": artifacts.html,
            "cssCode": artifacts.css,
            // The same spec as a SwiftUI view (site/reference/swiftui-export.md); it needs
            // the SkeletonSupport.swift the site ships beside the playground.
            "swiftuiSupportURL": root + "assets/" + SwiftUIExport.supportFileName,
            "swiftuiCode": SwiftUIExport.viewsFile(exported),
            // The same spec as `export --format react` and `--format web-component` write it
            // (site/guides/react-and-web-components.md): the React component uses the CSS
            // above; the module carries its own.
            "reactCode": ReactExport.jsxFile(exported),
            "webComponentCode": WebComponentExport.moduleFile(exported, prefix: WebComponentExport.defaultPrefix,
                                                              command: "web-component"),
            "elementName": element,
            "source": component.block.text,
            "sourceLine": component.block.fenceLine,
            "sourcePath": document.relativePath,
            "width": artifacts.width,
            "height": artifacts.height,
            "width2x": artifacts.width * 2,
            "height2x": artifacts.height * 2,
            "light1x": files.link(ComponentFiles.light1x, root: root),
            "light2x": files.link(ComponentFiles.light2x, root: root),
            "dark1x": files.link(ComponentFiles.dark1x, root: root),
            "dark2x": files.link(ComponentFiles.dark2x, root: root),
            "playgroundURL": Self.playgroundLink(root: root, spec: component.block.text, inherited: component.inherited),
        ]
        if let listed = ListedWidthImages.context(component.spec, files: files, root: root) {
            context["referenceWidth"] = VerifyReport.number(component.spec.width)
            context["listedWidths"] = listed
        }
        if let mirrored = RightToLeftImages.context(component.spec, files: files, root: root) {
            context["rightToLeft"] = mirrored
        }
        if let content = Self.content(of: component) {
            addFit(content, of: component, in: document, artifacts: artifacts, to: &context)
        }
        if !agreements.isEmpty, let agreement = agreements[SHA256.hex(Array(VerifySpecs.digestSource(component.block.text, inherited: component.inherited).utf8))] {
            context["agreement"] = AgreementTable.context(agreement)
        }
        if artifacts.animated {
            context["animated"] = true
            context["preview"] = files.link(ComponentFiles.preview, root: root)
            context["strip"] = files.link(ComponentFiles.strip, root: root)
            context["stripWidth"] = artifacts.width * artifacts.frameTimes.count
            context["frames"] = artifacts.frameTimes.enumerated().map { index, time -> [String: Any] in
                ["index": index, "time": Self.formatSeconds(time), "fraction": ["0", "¼", "½", "¾"][min(index, 3)]]
            }
        }
        return context
    }

    /// What a fit run measured of this component's spec: nil when the build has no
    /// results for it, or they name another version of the spec (`cases[].spec`).
    func fit(of component: SiteComponent, in document: SiteDocument) -> ComponentFit? {
        guard let found = fits[document.relativePath]?[component.block.fenceLine] else { return nil }
        return found.measuring(digest: SHA256.hex(Array(VerifySpecs.digestSource(component.block.text,
                                                                                 inherited: component.inherited).utf8)))
    }

    /// The content beside the component's spec, if it has any.
    static func content(of component: SiteComponent) -> SpecContent? {
        component.content
    }

    /// The gallery card's fit badge: for a component with content only.
    func fitBadge(_ item: GalleryItem) -> FitSection.Badge? {
        guard Self.content(of: item.component) != nil else { return nil }
        return FitSection.badge(fit(of: item.component, in: item.document))
    }

    /// The `fit` section and the playground link with the content, for a component with
    /// content (site/guides/fit-the-content.md, "In the gallery").
    func addFit(_ content: SpecContent, of component: SiteComponent, in document: SiteDocument,
                artifacts: ComponentArtifacts, to context: inout [String: Any]) {
        let language = document.frontMatter.settings.language ?? site.language
        context["fit"] = FitSection.context(spec: component.spec, height: artifacts.height, content: content,
                                            fit: fit(of: component, in: document), language: language)
        if let link = context["playgroundURL"] as? String {
            context["playgroundURL"] = Self.playgroundContent(link, content)
        }
    }

    /// The playground link with the content to overlay: `&html=` and, when it has CSS,
    /// `&css=`, each base64url of its UTF-8 (site/guides/playground-api.md).
    static func playgroundContent(_ link: String, _ content: SpecContent) -> String {
        var link = link + "&html=" + Base64URL.encode(Array(content.html.utf8))
        if !content.css.isEmpty { link += "&css=" + Base64URL.encode(Array(content.css.utf8)) }
        return link
    }

    /// The level of each component's title heading: one below the doc's last heading
    /// before its marker (2 with none), at most 6, so headings never skip a level
    /// (site/guides/accessibility.md). cmark writes headings as `<h1>`…`<h6>`.
    static func headingLevels(before markers: [String], in html: String) -> [Int] {
        let bytes = Array(html.utf8)
        var starts: [(offset: Int, index: Int)] = []
        var cursor = 0
        for (index, marker) in markers.enumerated() {
            let needle = Array(marker.utf8)
            var found: Int?
            var at = cursor
            while !needle.isEmpty, at + needle.count <= bytes.count {
                if bytes[at] == needle[0] && bytes[at..<at + needle.count].elementsEqual(needle) { found = at; break }
                at += 1
            }
            if let found { cursor = found + needle.count }
            starts.append((found ?? bytes.count, index))
        }
        var levels = Array(repeating: 2, count: markers.count)
        var last = 1
        var at = 0
        for (offset, index) in starts.sorted(by: { $0.offset < $1.offset }) {
            while at + 3 < offset {
                if bytes[at] == UInt8(ascii: "<"), bytes[at + 1] == UInt8(ascii: "h"),
                   (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[at + 2]),
                   bytes[at + 3] == UInt8(ascii: ">") || bytes[at + 3] == UInt8(ascii: " ") {
                    last = Int(bytes[at + 2] - UInt8(ascii: "0"))
                }
                at += 1
            }
            levels[index] = min(last + 1, 6)
        }
        return levels
    }

    /// "0.375 s": up to three decimals, no trailing zeros.
    /// "Open in playground": the spec, and what it inherits from its page (front matter,
    /// project file), so the playground paints what the gallery shows
    /// (site/guides/playground-api.md, "Inherited settings").
    static func playgroundLink(root: String, spec: String, inherited: String) -> String {
        var link = root + "playground.html#spec=" + Base64URL.encode(Array(spec.utf8))
        if !inherited.isEmpty { link += "&inherit=" + Base64URL.encode(Array(inherited.utf8)) }
        return link
    }

    static func formatSeconds(_ seconds: Double) -> String {
        var text = String(format: "%.3f", seconds)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text + " s"
    }
}

/// The rendered `_nav` partial of every page, made before any page is written: once
/// per root prefix and expanded section (why: the nav lists every doc, so rendering it
/// per page through Mustache is quadratic in the number of docs). A page's copy marks
/// its own link `aria-current="page"` by replacing the link's exact `href="…">`.
private struct NavMenu: Sendable {
    private struct Variant: Hashable, Sendable {
        var root: String
        /// The section shown in full when the nav collapses; "" when it does not.
        var expandedFolder: String
    }

    private let collapses: Bool
    private let rendered: [Variant: String]

    init(theme: TemplateSet, site: SiteContent, slugs: [String]) {
        let collapses = site.navOrder.count > SiteNav.fullNavLimit
        self.collapses = collapses
        let variants = Set(slugs.map {
            Variant(root: SiteDocument.rootPrefix(ofSlug: $0), expandedFolder: collapses ? SiteNav.folder(ofSlug: $0) : "")
        }).sorted { ($0.root, $0.expandedFolder) < ($1.root, $1.expandedFolder) }
        let html = Parallel.map(variants) { variant in
            Self.render(theme: theme, site: site, variant: variant, collapses: collapses)
        }
        rendered = Dictionary(uniqueKeysWithValues: zip(variants, html))
    }

    private static func render(theme: TemplateSet, site: SiteContent, variant: Variant, collapses: Bool) -> String {
        let root = variant.root
        let groups: [[String: Any]] = site.navGroups.map { group in
            var entry: [String: Any] = [:]
            if !collapses || group.folder.isEmpty || group.folder == variant.expandedFolder {
                entry["items"] = group.documents.map { ["title": $0.title, "url": root + $0.pagePath] as [String: Any] }
                entry["expanded"] = true
            } else if let first = group.documents.first {
                entry["sectionURL"] = root + first.pagePath
            }
            if !group.folder.isEmpty { entry["label"] = group.label }
            return entry
        }
        var context = PageContexts.siteContext(site, root: root)
        context["navGroups"] = groups
        return theme.render("_nav", context)
    }

    func html(root: String, currentSlug: String) -> String {
        let variant = Variant(root: root, expandedFolder: collapses ? SiteNav.folder(ofSlug: currentSlug) : "")
        guard let html = rendered[variant] else { preconditionFailure("no nav made for \(currentSlug) at \(root)") }
        let current = currentSlug == "index" ? root + "index.html" : root + currentSlug + ".html"
        return TextSplice.replacingAll(in: html, "href=\"\(HTMLText.escape(current))\">",
                                       with: "href=\"\(HTMLText.escape(current))\" aria-current=\"page\">")
    }
}
