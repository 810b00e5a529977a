import SkeletonCore

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
/// named. (PageReuse keys pages by its slug, title and paths.) A doc taken from its
/// memo (`DocMemo`) holds no HTML and no parsed specs until `loaded()` parses it again.
struct SiteDocument: Sendable {
    /// Parses the doc again: its Markdown's HTML and each spec (nil: did not parse).
    typealias Reparse = @Sendable () -> (html: String, specs: [Spec?])?

    let relativePath: String
    let slug: String
    let frontMatter: FrontMatter
    let title: String
    /// The doc's specs in doc order.
    let components: [SiteComponent]
    private let storedHTML: String?
    private let reparse: Reparse?

    init(relativePath: String, slug: String, frontMatter: FrontMatter, title: String, html: String,
         components: [SiteComponent]) {
        self.relativePath = relativePath
        self.slug = slug
        self.frontMatter = frontMatter
        self.title = title
        self.components = components
        storedHTML = html
        reparse = nil
    }

    /// A doc from its memo: `reparse` gives its HTML and specs when a page needs them.
    init(relativePath: String, slug: String, frontMatter: FrontMatter, title: String, components: [SiteComponent],
         reparse: @escaping Reparse) {
        self.relativePath = relativePath
        self.slug = slug
        self.frontMatter = frontMatter
        self.title = title
        self.components = components
        storedHTML = nil
        self.reparse = reparse
    }

    /// The Markdown's HTML, with a marker where each component goes (parsed again for
    /// a doc from its memo; call `loaded()` once instead when reading it repeatedly).
    var html: String { storedHTML ?? loaded().storedHTML ?? "" }

    /// This doc with its HTML and parsed specs: itself, or for a doc from its memo, the
    /// doc parsed again (same ids and titles: they were named when the site was).
    func loaded() -> SiteDocument {
        guard storedHTML == nil, let reparse, let again = reparse() else { return self }
        var components = self.components
        if again.specs.count == components.count {
            components = zip(components, again.specs).map { component, spec in
                SiteComponent(id: component.id, title: component.title, block: component.block, marker: component.marker,
                              parsedSpec: spec)
            }
        }
        return SiteDocument(relativePath: relativePath, slug: slug, frontMatter: frontMatter, title: title,
                            html: again.html, components: components)
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
    /// nil for a doc from its memo (`DocMemo`): `spec` parses the block again.
    private let parsedSpec: Spec?
    /// What the spec inherits (front matter over the project file): a memo's spec is
    /// parsed again over the same.
    let inheritedSettings: InheritedSettings
    /// The same as text, "" when nothing: the render cache key covers it with the spec's text.
    var inherited: String { inheritedSettings.canonicalText }
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

    var spec: Spec { parsedSpec ?? SpecStep.parseAgain(block, inheriting: inheritedSettings) }
}

/// Step 4's output for one component: its artifacts and the cache entry holding its PNGs.
struct RenderedComponent: Sendable {
    /// The render cache key (identical specs share one).
    let key: String
    let artifacts: ComponentArtifacts
    /// SHA-256 hex of each PNG, by name (the output's record of what each PNG file holds).
    let pngDigests: [String: String]
    /// Whether it came from the cache rather than being painted this build.
    let fromCache: Bool
    /// Whether the cache's PNG files were checked against their digests (false when the
    /// live site held them all; `ComponentImages` checks before it copies one).
    var pngsChecked = true
    /// The cache entry's file as this build stored, checked or found it indexed (nil when
    /// not known), and each PNG's byte count: its PNGs are read from the file's end while
    /// it keeps that stamp (`RenderCache.pngs(_:unchangedSince:names:sizes:)`).
    var entryStamp: GenerationFiles.Stamp? = nil
    var pngSizes: [String: Int] = [:]
}

/// What a rendered component left behind: its markup and the names of its PNGs, which
/// live in the cache entry until they are copied into the output.
struct ComponentArtifacts: Sendable, Equatable {
    /// The HTML and CSS, or how to read them when first needed (why: a component the
    /// cache index vouches for is not read unless a page that shows it is made, see
    /// `RenderCacheIndex`).
    enum Body: Sendable {
        case loaded(html: String, css: String)
        case deferred(@Sendable () -> (html: String, css: String))

        var text: (html: String, css: String) {
            switch self {
            case .loaded(let html, let css): (html, css)
            case .deferred(let read): read()
            }
        }
    }

    var scope: String
    var body: Body
    var html: String {
        get { body.text.html }
        set { body = .loaded(html: newValue, css: css) }
    }
    var css: String {
        get { body.text.css }
        set { body = .loaded(html: html, css: newValue) }
    }
    /// Image size in points (rounded up, as the PNGs are).
    var width: Int
    var height: Int
    /// PNG file names, sorted: dark@1x.png, …, preview.png, strip-light@1x.png.
    var pngNames: [String]
    /// Shimmer and pulse move; none and gradient do not (no frames, no preview).
    var animated: Bool
    /// Times (seconds) of the frame strip, for captions.
    var frameTimes: [Double]

    init(scope: String, html: String, css: String, width: Int, height: Int, pngNames: [String], animated: Bool,
         frameTimes: [Double]) {
        self.init(scope: scope, body: .loaded(html: html, css: css), width: width, height: height, pngNames: pngNames,
                  animated: animated, frameTimes: frameTimes)
    }

    init(scope: String, body: Body, width: Int, height: Int, pngNames: [String], animated: Bool, frameTimes: [Double]) {
        self.scope = scope
        self.body = body
        self.width = width
        self.height = height
        self.pngNames = pngNames
        self.animated = animated
        self.frameTimes = frameTimes
    }

    /// These artifacts with the HTML and CSS read (once, for a page that shows them).
    func loaded() -> ComponentArtifacts {
        guard case .deferred = body else { return self }
        var copy = self
        let text = body.text
        copy.body = .loaded(html: text.html, css: text.css)
        return copy
    }

    static func == (a: ComponentArtifacts, b: ComponentArtifacts) -> Bool {
        a.scope == b.scope && a.width == b.width && a.height == b.height && a.pngNames == b.pngNames
            && a.animated == b.animated && a.frameTimes == b.frameTimes && a.html == b.html && a.css == b.css
    }
}
