import Foundation

/// Reuse of unchanged doc pages from the previous output when only some docs changed.
///
/// A page's key digests everything its bytes depend on: the shared inputs (templates,
/// renderer, options), its doc's bytes, the site's shape (every discovered path and
/// every doc's slug and title, in nav order: nav, links, site title) and its previous
/// and next docs. Same key, and the previous file still has its recorded size: the
/// file is hard-linked into staging (copied where links fail) instead of rendered.
/// Linking never writes to the previous output, so a failed build leaves it as it was.
struct PageReuse: Sendable {
    struct Entry: Sendable, Equatable {
        var key: String
        var size: Int
    }

    var previousOutput: URL
    var previous: [String: Entry]
    /// `previousOutput` with every link resolved; nil when there is none.
    private let realOutput: String?
    /// Page path -> key, for every doc page of this build.
    private(set) var keys: [String: String] = [:]

    init(previousOutput: URL, previous: [String: Entry], shared: String, docDigests: [String: String],
         allPaths: [String], documents: [SiteDocument]) {
        self.previousOutput = previousOutput
        self.previous = previous
        realOutput = SourceReading.realPath(previousOutput)
        let ordered = SiteNav.order(documents)
        var shape = "shared=\(shared)\n" + allPaths.sorted().map { "path=\($0)\n" }.joined()
        shape += documents.filter { $0.slug == "index" }.map { "index=\($0.title)\n" }.joined()
        shape += ordered.map { "doc=\($0.slug)\t\($0.title)\n" }.joined()
        let site = SHA256.hex(Array(shape.utf8))
        for (index, document) in ordered.enumerated() {
            let previousSlug = index > 0 ? ordered[index - 1].slug : "-"
            let nextSlug = index + 1 < ordered.count ? ordered[index + 1].slug : "-"
            let material = "\(site)\n\(document.relativePath)\n\(docDigests[document.relativePath] ?? "?")\n\(previousSlug)\n\(nextSlug)"
            keys[document.pagePath] = SHA256.hex(Array(material.utf8))
        }
    }

    /// Links the previous output's page into `staging` when its key and size match.
    func reuse(_ pagePath: String, into staging: URL) -> Bool {
        guard let key = keys[pagePath], let old = previous[pagePath], old.key == key else { return false }
        // The real file must lie in the real previous output: a folder of the old output
        // replaced by a link elsewhere must not bring a foreign file into the site.
        guard let realOutput, let from = SourceReading.realPath(previousOutput.appendingPathComponent(pagePath).path),
              SourceReading.isInside(from, root: realOutput) else { return false }
        var info = stat()
        guard lstat(from, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == old.size else { return false }
        let to = staging.appendingPathComponent(pagePath)
        try? FileManager.default.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
        if link(from, to.path) == 0 { return true }
        return (try? FileManager.default.copyItem(atPath: from, toPath: to.path)) != nil
    }
}
