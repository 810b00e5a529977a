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
}

/// Step 3's output, a parsed doc: everything its page needs, each spec parsed and
/// named. (PageReuse keys pages by its slug, title and paths.)
struct SiteDocument: Sendable {
    let relativePath: String
    let slug: String
    let frontMatter: FrontMatter
    let title: String
    /// The Markdown's HTML, with a marker where each component goes.
    let html: String
    /// The doc's specs in doc order.
    let components: [SiteComponent]

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
    /// Unique, stable id: doc slug ("/" as "-") + "--" + title slug or 1-based index.
    let id: String
    /// The spec's own title, else "Component N".
    let title: String
    let block: SpecBlock
    /// The marker in the doc's HTML that the component replaces.
    let marker: String
    let spec: Spec
    /// What the spec inherited (front matter, project file) as text, "" when nothing:
    /// the render cache key covers it with the spec's text.
    var inherited: String = ""
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
}

/// What a rendered component left behind: its markup and the names of its PNGs, which
/// live in the cache entry until they are copied into the output.
struct ComponentArtifacts: Sendable, Equatable {
    var scope: String
    var html: String
    var css: String
    /// Image size in points (rounded up, as the PNGs are).
    var width: Int
    var height: Int
    /// PNG file names, sorted: dark@1x.png, …, preview.png, strip-light@1x.png.
    var pngNames: [String]
    /// Shimmer and pulse move; none and gradient do not (no frames, no preview).
    var animated: Bool
    /// Times (seconds) of the frame strip, for captions.
    var frameTimes: [Double]
}
