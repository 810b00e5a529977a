import Foundation
import SkeletonCore

/// Step 2: reads each doc, splits off its front matter and renders its Markdown once.
enum DocumentLoader {
    /// What became of one discovered file.
    enum Outcome: Sendable {
        /// Read and rendered; its front matter may still have diagnostics.
        case loaded(LoadedDocument, diagnostics: [FileDiagnostic])
        /// `draft: true`: not built.
        case draft(diagnostics: [FileDiagnostic])
        /// Unreadable or not UTF-8.
        case failed(FileDiagnostic)

        var diagnostics: [FileDiagnostic] {
            switch self {
            case .loaded(_, let diagnostics), .draft(let diagnostics): diagnostics
            case .failed(let diagnostic): [diagnostic]
            }
        }
    }

    /// The page path of a doc: each folder and the file name slugged; "index.md" at the
    /// root is the gallery's intro and keeps the slug "index". A file name whose page name
    /// ("NAME.html") would pass 255 bytes is cut to fit, with a hash of the whole
    /// (`NameLimits.fitted`, site/reference/limits.md, "Names skelsite makes").
    static func slug(for relativePath: String) -> String {
        var parts = relativePath.split(separator: "/").map(String.init)
        if let last = parts.last, let dot = last.lastIndex(of: ".") { parts[parts.count - 1] = String(last[..<dot]) }
        let slugged = parts.enumerated().map { index, part -> String in
            let slug = Slug.make(part)
            // A folder's slug is never longer than its name; the page adds ".html".
            return NameLimits.fitted(slug.isEmpty ? "doc" : slug, reserving: index == parts.count - 1 ? 5 : 0)
        }
        return slugged.joined(separator: "/")
    }

    static func load(relativePath: String, source: URL, displayPath: String, links: LinkRewriter,
                     allowRawHTML: Bool) -> Outcome {
        // Read through SourceReading: the real path stays inside the source, and invalid
        // UTF-8 is reported at its byte (site/reference/limits.md).
        let text: String
        do {
            text = try SourceReading.readText(relativePath, in: source)
        } catch {
            return .failed(error.diagnostic(path: displayPath))
        }
        // "\n", "\r\n" and a lone "\r" each end a line, as cmark and the front matter see them.
        let lines = SourceLines.split(text).map(String.init)
        let front = FrontMatterParser.parse(text)
        // Capped per severity like a spec's (site/reference/limits.md, "Diagnostics").
        let diagnostics = DiagnosticCap.apply(front.diagnostics).map { FileDiagnostic(path: displayPath, $0, lines: lines) }
        if front.frontMatter.draft { return .draft(diagnostics: diagnostics) }
        let slug = slug(for: relativePath)
        let pagePath = slug + ".html"
        // A path the output folder could not hold is the doc's error, found by check too
        // (site/reference/limits.md, "Names skelsite makes").
        if pagePath.utf8.count > NameLimits.pagePathMax {
            return .failed(FileDiagnostic(
                path: displayPath, line: 1, column: 1,
                message: "the page of this doc would have a path of \(pagePath.utf8.count) bytes in the site; "
                    + "the limit is \(NameLimits.pagePathMax); shorten its folder or file names"))
        }
        let markdown = MarkdownRenderer.render(front.body, allowRawHTML: allowRawHTML) { url in
            links.rewrite(url, from: relativePath, fromPage: pagePath)
        }
        let fileTitle = relativePath.split(separator: "/").last.map { name -> String in
            let base = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? String(name)
            return base.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        } ?? relativePath
        var document = LoadedDocument(relativePath: relativePath, displayPath: displayPath, slug: slug,
                                      frontMatter: front.frontMatter,
                                      title: front.frontMatter.title ?? markdown.firstHeading ?? fileTitle,
                                      markdown: markdown, lines: lines)
        // The content beside each spec (site/guides/fit-the-content.md); only a doc that
        // could have any is scanned. A bad reference is the doc's error, as in `fit`.
        var contentErrors: [FileDiagnostic] = []
        if !markdown.specs.isEmpty, text.contains("html") || text.contains("content=") {
            let prefix = String(displayPath.dropLast(relativePath.count))
            let found = SpecContentScanner.scan(markdown: text, relative: relativePath, source: source, displayPrefix: prefix)
            document.contents = found.content
            contentErrors = found.errors.map { error in
                guard error.path == displayPath, error.line >= 1, error.line <= lines.count else { return error }
                var located = error
                located.sourceLine = lines[error.line - 1]
                return located
            }
        }
        return .loaded(document, diagnostics: diagnostics + contentErrors)
    }
}
