import Foundation
import SkelsiteStore

/// The site's pages: one per doc (or the live site's, when unchanged), one per
/// standalone theme page, and the placeholder `diff/index.html`.
struct DocPages {
    let contexts: PageContexts
    let staging: StagingFolder
    let reuse: PageReuse
    /// Doc pages step 4 kept from the live site.
    let kept: Set<String>

    struct Written {
        /// Doc pages and standalone pages (not the diff placeholder).
        var pages = 0
        /// Doc pages kept or linked from the live site instead of rendered.
        var reused = 0
        var files = 0
    }

    private struct PageFile: Sendable {
        var path: String
        var reused: Bool
    }

    func write() throws(SiteBuildError) -> Written {
        let site = contexts.site
        let outcomes = Parallel.map(site.pages) { page -> Result<PageFile, SiteBuildError> in
            let path = page.document.pagePath
            if kept.contains(path) { return .success(PageFile(path: path, reused: true)) }
            let id = reuse.keys[path].map { "page:" + $0 }
            let html = render(page)
            do throws(SiteBuildError) { try staging.writer.write(Array(html.utf8), to: path, id: id) } catch { return .failure(error) }
            return .success(PageFile(path: path, reused: false))
        }
        var written = Written()
        for outcome in outcomes {
            let file = try outcome.get()
            if file.reused { written.reused += 1 }
            written.files += 1
        }
        written.pages = site.pages.count
        for name in site.standalonePages {
            var context = contexts.base(root: "", currentSlug: name)
            context["pageTitle"] = name.prefix(1).uppercased() + name.dropFirst()
            try staging.write(contexts.theme.render(name, context), to: name + ".html")
            written.pages += 1
            written.files += 1
        }
        if site.hasDiffPlaceholder { written.files += try writeDiffPlaceholder() }
        return written
    }

    private func render(_ page: SitePage) -> String {
        let document = page.document
        let root = document.rootPrefix
        var context = contexts.base(root: root, currentSlug: document.slug)
        let content = contexts.content(of: document, root: root)
        context["pageTitle"] = document.title
        // The doc's own `lang:` over the project's.
        if let language = document.frontMatter.settings.language { context["lang"] = language }
        if let description = document.frontMatter.description { context["pageDescription"] = description }
        if !document.frontMatter.tags.isEmpty {
            context["tags"] = document.frontMatter.tags
            context["hasTags"] = true
        }
        context["content"] = content.html
        if !content.styles.isEmpty { context["styles"] = content.styles }
        context["sourcePath"] = document.relativePath
        context["componentCount"] = document.components.count
        if !document.components.isEmpty { context["hasComponents"] = true }
        if let previous = page.previous {
            context["previous"] = ["title": previous.title, "url": root + previous.pagePath] as [String: Any]
        }
        if let next = page.next { context["next"] = ["title": next.title, "url": root + next.pagePath] as [String: Any] }
        return contexts.theme.render("page", context)
    }

    /// `diff/index.html`, saying there is no diff report yet and how to make one, with
    /// `DiffReportFolder.marker` so that `skelsite diff` may replace the folder with its
    /// report (why a placeholder: the nav links there, so the link is never broken).
    /// Not in the sitemap. Returns the number of files written.
    private func writeDiffPlaceholder() throws(SiteBuildError) -> Int {
        let folder = DiffReportFolder.siteFolderName
        var context = contexts.base(root: "../", currentSlug: folder + "/index")
        context["pageTitle"] = "Visual diff"
        context["diffCommand"] = DiffReportFolder.placeholderCommand
        var html = contexts.theme.render("_diff-placeholder", context)
        if html.isEmpty { html = DiffReportFolder.placeholderPage(siteTitle: contexts.site.title) }
        try staging.write(html, to: folder + "/index.html")
        try staging.write(DiffReportFolder.placeholderMarkerText, to: folder + "/" + DiffReportFolder.marker)
        return 2
    }
}
