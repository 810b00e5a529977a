import Foundation
import SkeletonCore

/// Step 2: reads each doc, splits off its front matter and renders its Markdown once.
enum DocumentLoader {
    struct Loaded: Sendable {
        var document: SiteDocument?
        var diagnostics: [BuildDiagnostic]
        var isDraft: Bool
        /// The file's lines, kept for diagnostics of later steps.
        var lines: [String]
    }

    /// The page path of a doc: each folder and the file name slugged; "index.md" at the
    /// root is the gallery's intro and keeps the slug "index".
    static func slug(for relativePath: String) -> String {
        var parts = relativePath.split(separator: "/").map(String.init)
        if let last = parts.last, let dot = last.lastIndex(of: ".") { parts[parts.count - 1] = String(last[..<dot]) }
        let slugged = parts.map { part -> String in
            let slug = Slug.make(part)
            return slug.isEmpty ? "doc" : slug
        }
        return slugged.joined(separator: "/")
    }

    static func load(relativePath: String, source: URL, displayPath: String, links: LinkRewriter,
                     allowRawHTML: Bool) -> Loaded {
        let url = source.appendingPathComponent(relativePath)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            let diagnostic = BuildDiagnostic(path: displayPath, message: "cannot read file", line: 1, column: 1, sourceLine: nil)
            return Loaded(document: nil, diagnostics: [diagnostic], isDraft: false, lines: [])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            let diagnostic = BuildDiagnostic(path: displayPath, message: "file is not valid UTF-8", line: 1, column: 1, sourceLine: nil)
            return Loaded(document: nil, diagnostics: [diagnostic], isDraft: false, lines: [])
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.hasSuffix("\r") ? line.dropLast() : line)
        }
        let lineSubstrings = lines.map { Substring($0) }
        let front = FrontMatterParser.parse(text)
        // Capped per severity like a spec's (site/reference/limits.md, "Diagnostics").
        let diagnostics = DiagnosticCap.apply(front.diagnostics).map { BuildDiagnostic(path: displayPath, $0, lines: lineSubstrings) }
        if front.frontMatter.draft {
            return Loaded(document: nil, diagnostics: diagnostics, isDraft: true, lines: lines)
        }
        let slug = slug(for: relativePath)
        let pagePath = slug + ".html"
        let markdown = MarkdownRenderer.render(front.body, allowRawHTML: allowRawHTML) { url in
            links.rewrite(url, from: relativePath, fromPage: pagePath)
        }
        let fileTitle = relativePath.split(separator: "/").last.map { name -> String in
            let base = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? String(name)
            return base.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        } ?? relativePath
        let title = front.frontMatter.title ?? markdown.firstHeading ?? fileTitle
        let specs = markdown.specs.map { site in
            SiteSpec(block: site.block, marker: site.marker, id: "", title: "", spec: nil)
        }
        let document = SiteDocument(relativePath: relativePath, slug: slug, frontMatter: front.frontMatter,
                                    title: title, markdown: markdown, specs: specs)
        return Loaded(document: document, diagnostics: diagnostics, isDraft: false, lines: lines)
    }
}
