import SkeletonCore

/// One doc of the source folder after parsing (steps 2 and 3).
struct SiteDocument: Sendable {
    /// Path inside the source folder, "/"-separated, e.g. "guides/intro.md".
    var relativePath: String
    /// Page path without extension, e.g. "guides/intro"; "index" for the root index.md.
    var slug: String
    var frontMatter: FrontMatter
    var title: String
    var markdown: RenderedMarkdown
    var specs: [SiteSpec]

    /// Output path of the page, e.g. "guides/intro.html".
    var pagePath: String { slug + ".html" }
    /// "../" per folder level: how the page reaches the site's root.
    var rootPrefix: String { String(repeating: "../", count: slug.split(separator: "/").count - 1) }
}

/// One ```skeleton block of a doc.
struct SiteSpec: Sendable {
    var block: SpecBlock
    var marker: String
    /// Unique, stable id: doc slug ("/" as "-") + "--" + title slug or 1-based index.
    var id: String
    var title: String
    var spec: Spec?
}

/// What a rendered component left behind: its markup and the names of its PNGs, which
/// live in the cache entry folder until they are linked into the output.
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
