import Foundation
import SkelsiteStore

/// The folders a build reads besides its docs and writes besides its output, for what
/// watches them (`skelsite serve`'s session, in SkelsiteServe): package, not public.
extension SiteBuilder {
    /// The theme folder a build uses: `templates` when given (even if it is broken, so
    /// fixing it rebuilds), else the located default theme; nil when there is none (the
    /// build reports that).
    package var themeFolder: URL? {
        if let templates { return templates }
        return try? TemplateSet.locate(explicit: nil)
    }

    /// The render cache: `options.cacheDirectory`, else `SOURCE/.skelsite-cache`.
    package var cacheFolder: URL {
        options.cacheDirectory ?? source.appendingPathComponent(".skelsite-cache")
    }

    /// The output's other generation beside it (`.NAME.skelsite/`,
    /// site/reference/output-folder.md).
    package var generationStore: URL {
        OutputGenerations.storeURL(for: output)
    }
}
