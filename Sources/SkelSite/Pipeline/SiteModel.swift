import SkeletonCore
import SkelsiteStore

// What each build step hands to the next. Every record is complete when it is made
// and never changes afterwards: a step reads its input and makes a new output.

/// Step 2's output: one doc read, its front matter split off, its Markdown rendered.
struct LoadedDocument: Sendable {
    /// Path inside the source folder, "/"-separated, e.g. "guides/intro.md".
    let relativePath: String
    /// How diagnostics name the file (the source folder as the user typed it, joined).
    let displayPath: String
    /// Page path without extension, e.g. "guides/intro"; "index" for the root index.md.
    let slug: String
    let frontMatter: FrontMatter
    let title: String
    let markdown: RenderedMarkdown
    /// The file's lines, for the source line of diagnostics of later steps.
    let lines: [String]
    /// The content each spec stands in for, by its opening fence's line
    /// (site/guides/fit-the-content.md).
    var contents: [Int: SpecContent] = [:]
}

/// Step 3's output, a parsed doc: everything its page needs, each spec parsed and
/// named. (PageReuse keys pages by its slug, title and paths.) A doc taken from its memo
/// (`DocMemo`) holds its names but no HTML and no parsed specs; step 4 (`KeepStep`) parses
/// every such doc that has something to make, so later steps find what they read.
struct SiteDocument: Sendable {
    let relativePath: String
    let slug: String
    let frontMatter: FrontMatter
    let title: String
    /// The doc's specs in doc order.
    let components: [SiteComponent]
    /// The Markdown's HTML, with a marker where each component goes; nil for a doc from its
    /// memo whose page and PNGs the live site still holds (nothing of this build reads it).
    let html: String?

    init(relativePath: String, slug: String, frontMatter: FrontMatter, title: String, html: String?,
         components: [SiteComponent]) {
        self.relativePath = relativePath
        self.slug = slug
        self.frontMatter = frontMatter
        self.title = title
        self.components = components
        self.html = html
    }

    /// This doc from its memo with its HTML and specs, parsed by step 4: the same names
    /// (ids and titles were given when the site was named), `specs` in doc order.
    func parsed(html: String, specs: [Spec]) -> SiteDocument {
        let components = zip(self.components, specs).map { component, spec in
            SiteComponent(id: component.id, title: component.title, block: component.block, marker: component.marker,
                          parsedSpec: spec, inheriting: component.inheritedSettings, content: component.content)
        }
        return SiteDocument(relativePath: relativePath, slug: slug, frontMatter: frontMatter, title: title, html: html,
                            components: components)
    }

    /// The HTML of a doc whose page this build makes (step 4 parsed it if it came from its memo).
    var pageHTML: String {
        guard let html else { preconditionFailure("\(relativePath): a page is made from a doc step 4 did not parse") }
        return html
    }

    /// Output path of the page, e.g. "guides/intro.html".
    var pagePath: String { slug + ".html" }
    /// "../" per folder level: how the page reaches the site's root.
    var rootPrefix: String { SiteDocument.rootPrefix(ofSlug: slug) }

    static func rootPrefix(ofSlug slug: String) -> String {
        String(repeating: "../", count: slug.split(separator: "/").count - 1)
    }
}

/// One ```skeleton block of a doc, parsed and named.
struct SiteComponent: Sendable {
    /// Unique, stable id: doc slug ("/" as "-") + "--" + title slug or 1-based index,
    /// from its own doc alone, at most 255 bytes (`ComponentNaming`).
    let id: String
    /// The spec's own title, else "Component N".
    let title: String
    let block: SpecBlock
    /// The marker in the doc's HTML that the component replaces.
    let marker: String
    /// nil for a doc from its memo (`DocMemo`) until step 4 parses it, which it does for
    /// every doc with something to make.
    let parsedSpec: Spec?
    /// What the spec inherits (front matter over the project file): a memo's spec is
    /// parsed again over the same.
    let inheritedSettings: InheritedSettings
    /// The same as text, "" when nothing, with only the type presets the spec names: the
    /// render cache key covers it with the spec's text, and the playground link and the
    /// verify digest carry it.
    var inherited: String { inheritedSettings.canonicalText(forSpec: block.text) }
    /// The real markup the spec stands in for, when its doc gives it
    /// (site/guides/fit-the-content.md). A doc with content is never taken from its memo.
    let content: SpecContent?

    init(id: String, title: String, block: SpecBlock, marker: String, parsedSpec: Spec?,
         inheriting: InheritedSettings = InheritedSettings(), content: SpecContent? = nil) {
        self.id = id
        self.title = title
        self.block = block
        self.marker = marker
        self.parsedSpec = parsedSpec
        inheritedSettings = inheriting
        self.content = content
    }

    /// The parsed spec, for the steps that paint it or make its page: step 4 has parsed
    /// the doc of every component those steps reach.
    var spec: Spec {
        guard let parsedSpec else { preconditionFailure("\(id): a spec is read from a doc step 4 did not parse") }
        return parsedSpec
    }
}

/// Step 5's output for one component: its artifacts, and the digests of its PNGs, which
/// the work generation now holds (kept by step 4 or written by step 5).
/// A class, shared rather than copied (why: as a struct, each of the tables that hold a
/// big site's 5000 components retained and released its every string and array at each
/// copy, a third of a one-spec rebuild's render step). Nothing in it changes once made.
final class RenderedComponent: Sendable {
    /// The render cache key (identical specs share one).
    let key: String
    let artifacts: ComponentArtifacts
    /// SHA-256 hex of each PNG, by name (the output's record of what each PNG file holds).
    let pngDigests: [String: String]
    /// Whether it came from the cache rather than being painted this build.
    let fromCache: Bool

    init(key: String, artifacts: ComponentArtifacts, pngDigests: [String: String], fromCache: Bool) {
        self.key = key
        self.artifacts = artifacts
        self.pngDigests = pngDigests
        self.fromCache = fromCache
    }
}
