/// Everything the outputs (pages, assets, gallery index, search index, sitemap) read,
/// worked out once before any of them writes, so none depends on another having run.
struct SiteContent: Sendable {
    /// The parsed docs in discovery order.
    let documents: [SiteDocument]
    /// Rendered components by id.
    let components: [String: RenderedComponent]
    let navGroups: [SiteNav.Group]
    /// Every doc but the intro, in nav order.
    let navOrder: [SiteDocument]
    /// The root index.md: the gallery's intro.
    let intro: SiteDocument?
    /// The project file's title, else the root index.md's, else "Skeleton gallery".
    let title: String
    /// Theme pages besides docs and the gallery (`playground`), sorted.
    let standalonePages: [String]
    /// Whether the site gets the placeholder `diff/index.html` and the nav its "Visual
    /// diff" link: only when no doc makes a page in `diff/` (that folder must never look
    /// replaceable by `skelsite diff`).
    let hasDiffPlaceholder: Bool
    /// The doc pages, in nav order.
    let pages: [SitePage]
    /// `<html lang>` of pages without a language of their own: the project file's
    /// `lang`, else "en".
    let language: String

    init(documents: [SiteDocument], components: [String: RenderedComponent], standalonePages: [String],
         title: String? = nil, language: String? = nil) {
        self.language = language ?? "en"
        self.documents = documents
        self.components = components
        navGroups = SiteNav.groups(documents)
        navOrder = navGroups.flatMap(\.documents)
        intro = documents.first { $0.slug == "index" }
        self.title = title ?? intro?.title ?? "Skeleton gallery"
        self.standalonePages = standalonePages
        hasDiffPlaceholder = !documents.contains { $0.pagePath.hasPrefix(DiffReportFolder.siteFolderName + "/") }
        let ordered = navOrder
        pages = ordered.indices.map { index in
            SitePage(document: ordered[index], previous: index > 0 ? ordered[index - 1] : nil,
                     next: index + 1 < ordered.count ? ordered[index + 1] : nil)
        }
    }

    /// The gallery's components: the intro's own first, then every doc's in nav order.
    var galleryItems: [GalleryItem] {
        // Sized once (why: grown by doubling, the list of a big site's 5000 items was
        // copied a dozen times, into memory touched for the first time).
        let documents = galleryDocuments
        var items: [GalleryItem] = []
        items.reserveCapacity(documents.reduce(0) { $0 + $1.components.count })
        for document in documents {
            for component in document.components {
                guard let rendered = components[component.id] else { continue }
                items.append(GalleryItem(document: document, component: component, rendered: rendered))
            }
        }
        return items
    }

    /// The intro, then the docs in nav order.
    var galleryDocuments: [SiteDocument] { (intro.map { [$0] } ?? []) + navOrder }

    /// `galleryDocuments` of a site of `documents`, before its components are rendered.
    static func galleryDocuments(of documents: [SiteDocument]) -> [SiteDocument] {
        (documents.first { $0.slug == "index" }.map { [$0] } ?? []) + SiteNav.groups(documents).flatMap(\.documents)
    }
}

/// One doc page and its neighbours in nav order.
struct SitePage: Sendable {
    let document: SiteDocument
    let previous: SiteDocument?
    let next: SiteDocument?
}

/// A component as the gallery and the search index list it.
struct GalleryItem: Sendable {
    let document: SiteDocument
    let component: SiteComponent
    let rendered: RenderedComponent
    let files: ComponentFiles

    init(document: SiteDocument, component: SiteComponent, rendered: RenderedComponent) {
        self.document = document
        self.component = component
        self.rendered = rendered
        files = ComponentFiles(id: component.id)
    }

    /// Site-relative link to the component on its page.
    var url: String { document.pagePath + "#" + component.id }
}
