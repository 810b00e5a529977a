import Foundation

/// The real markup a spec stands in for (site/guides/fit-the-content.md): a fenced
/// ```html block (and an optional ```css block after it) right after the ```skeleton
/// block, or `content=PATH` on the `skeleton` line, an HTML file relative to the doc
/// whose `<link rel=stylesheet>` and `<style>` elements are its CSS.
public struct SpecContent: Equatable, Sendable {
    /// The markup, put in a shadow root (its `<style>` and `<link>` elements taken out).
    public var html: String
    /// Every stylesheet of the content, in order.
    public var css: String
    /// Where it came from, for reports: `doc.md:12` for a fenced block, else the file's path.
    public var origin: String

    public init(html: String, css: String, origin: String) {
        self.html = html
        self.css = css
        self.origin = origin
    }
}

/// Reads the content beside each spec block of a doc. Blocks are found by the same
/// fence rules as the specs (SpecBlocks), so what a build calls a spec is what `fit` reads.
public enum SpecContentScanner {
    /// One spec block's content, or nil when it has none; keyed by the spec block's fence line.
    public struct Found {
        public var content: [Int: SpecContent] = [:]
        /// Bad references, in doc order.
        public var errors: [FileDiagnostic] = []
        /// The same as `path:line:column: error: …` lines.
        public var problems: [String] { errors.map { "\($0.path):\($0.line):\($0.column): error: \($0.message)" } }
    }

    /// A fenced block: its info word, fence line, body and where it ends.
    struct Fenced {
        var info: String
        /// Index (0-based) of the opening fence's line.
        var open: Int
        /// Index of the line after the block (after its closing fence).
        var next: Int
        var body: String
        /// 1-based file line of the body's first line.
        var bodyLine: Int
        /// The fence's indent, added to columns of diagnostics.
        var indent: Int
    }

    /// Every fenced block of a Markdown text, in order (an unclosed one runs to the end).
    static func fencedBlocks(_ lines: [Substring]) -> [Fenced] {
        var blocks: [Fenced] = []
        var index = 0
        while index < lines.count {
            guard let fence = SpecBlocks.openingFence(lines[index]) else {
                index += 1
                continue
            }
            let (body, end) = SpecBlocks.body(of: fence, openedAt: index, in: lines)
            blocks.append(Fenced(info: fence.info, open: index, next: min(end + 1, lines.count),
                                 body: body.joined(separator: "\n"), bodyLine: index + 2, indent: fence.indent))
            index = end + 1
        }
        return blocks
    }

    /// The content of each spec block of the doc at `relative` (a path under `source`).
    /// `displayPrefix` goes before paths in diagnostics, as in `verify`.
    public static func scan(markdown: String, relative: String, source: URL, displayPrefix: String = "") -> Found {
        var found = Found()
        let lines = SourceLines.split(markdown)
        // One walk over the fences finds the specs (the blocks SpecBlocks.find finds, by the
        // same rules) and the blocks after them.
        let blocks = fencedBlocks(lines)
        func isBlank(_ range: Range<Int>) -> Bool {
            range.allSatisfy { lines[$0].allSatisfy { $0 == " " || $0 == "\t" } }
        }
        for (at, spec) in blocks.enumerated() where spec.info == "skeleton" {
            let fenceLine = spec.open + 1
            let reference = contentAttribute(spec.body, firstLine: spec.bodyLine, columnOffset: spec.indent)
            // The ```html block must follow with nothing but blank lines between.
            var fencedContent: SpecContent?
            if at + 1 < blocks.count, blocks[at + 1].info == "html", isBlank(blocks[at].next..<blocks[at + 1].open) {
                let html = blocks[at + 1]
                var css = ""
                if at + 2 < blocks.count, blocks[at + 2].info == "css", isBlank(html.next..<blocks[at + 2].open) {
                    css = blocks[at + 2].body
                }
                let split = ContentHTML.stylesheets(html.body)
                fencedContent = SpecContent(html: split.html, css: split.inline.joined(separator: "\n") + css,
                                           origin: displayPrefix + relative + ":" + String(html.open + 1))
                if let reference {
                    found.errors.append(FileDiagnostic(path: displayPrefix + relative, line: reference.line, column: reference.column,
                                                       message: "the spec has both content= and an html block after it; give one of them"))
                    continue
                }
            }
            if let fencedContent {
                found.content[fenceLine] = fencedContent
                continue
            }
            // An empty `content=` is the spec parser's error ("missing value after 'content='").
            guard let reference, !reference.path.isEmpty else { continue }
            switch readFile(reference.path, doc: relative, source: source, displayPrefix: displayPrefix) {
            case .success(let content): found.content[fenceLine] = content
            case .failure(let problem):
                let at = problem.at ?? (displayPrefix + relative, reference.line, reference.column)
                found.errors.append(FileDiagnostic(path: at.path, line: at.line, column: at.column, message: problem.message))
            }
        }
        return found
    }

    /// `content=PATH` on the spec's `skeleton` line: the path and the file position of its value.
    struct Reference: Equatable {
        var path: String
        var line: Int
        var column: Int
    }

    /// The value of `content=` on the spec's first line (the `skeleton` line), if any.
    /// Words are split as the spec language splits them: on spaces, a quoted value
    /// (with `\"` and `\\` escapes) is one word; `#` after a space starts a comment.
    static func contentAttribute(_ text: String, firstLine: Int, columnOffset: Int) -> Reference? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (offset, line) in lines.enumerated() {
            let bytes = Array(line.utf8)
            let trimmed = bytes.drop(while: { $0 == 0x20 || $0 == 0x09 })
            if trimmed.isEmpty || trimmed.first == 0x23 { continue }
            // The first spec line is the skeleton line: only it may carry content=.
            var index = 0
            while index < bytes.count {
                while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0D { index += 1 }
                guard index < bytes.count else { break }
                if bytes[index] == 0x23 { break }
                let start = index
                var value: [UInt8] = []
                var valueStart: Int?
                var quoted = false
                while index < bytes.count {
                    let byte = bytes[index]
                    if quoted {
                        if byte == 0x5C, index + 1 < bytes.count {
                            value.append(bytes[index + 1])
                            index += 2
                            continue
                        }
                        if byte == 0x22 { quoted = false; index += 1; continue }
                        value.append(byte)
                        index += 1
                        continue
                    }
                    if byte == 0x20 || byte == 0x09 { break }
                    if byte == 0x22 { quoted = true; if valueStart == nil { valueStart = index }; index += 1; continue }
                    if byte == 0x3D, valueStart == nil, value.elementsEqual("content".utf8) {
                        value = []
                        valueStart = index + 1
                        index += 1
                        continue
                    }
                    value.append(byte)
                    index += 1
                }
                let word = Array(bytes[start..<index])
                if word.starts(with: Array("content=".utf8)), let valueStart {
                    return Reference(path: String(decoding: value, as: UTF8.self), line: firstLine + offset,
                                     column: valueStart + 1 + columnOffset)
                }
            }
            return nil
        }
        return nil
    }

    struct Problem: Error {
        var message: String
        /// A position other than the reference's (a stylesheet link inside the HTML file).
        var at: (path: String, line: Int, column: Int)?
    }

    /// The content file `path` (relative to the doc's folder), with its stylesheets.
    static func readFile(_ path: String, doc: String, source: URL, displayPrefix: String) -> Result<SpecContent, Problem> {
        let docFolder = (doc as NSString).deletingLastPathComponent
        let resolved: String
        switch ContentPaths.resolve(path, from: docFolder) {
        case .success(let inside): resolved = inside
        case .failure(let problem): return .failure(Problem(message: "content path '\(path)' \(problem.message)"))
        }
        let html: String
        switch ContentPaths.read(resolved, in: source) {
        case .success(let text): html = text
        case .failure(let problem): return .failure(Problem(message: "content file '\(path)' \(problem.message)"))
        }
        let split = ContentHTML.stylesheets(ContentHTML.body(html))
        var css = ContentHTML.stylesheets(ContentHTML.head(html)).inline + split.inline
        let fileFolder = (resolved as NSString).deletingLastPathComponent
        for link in ContentHTML.stylesheetLinks(html) {
            let at = (path: displayPrefix + resolved, line: link.line, column: link.column)
            let sheet: String
            switch ContentPaths.resolve(link.href, from: fileFolder) {
            case .success(let inside): sheet = inside
            case .failure(let problem): return .failure(Problem(message: "stylesheet path '\(link.href)' \(problem.message)", at: at))
            }
            switch ContentPaths.read(sheet, in: source) {
            case .success(let text): css.append(text)
            case .failure(let problem): return .failure(Problem(message: "stylesheet '\(link.href)' \(problem.message)", at: at))
            }
        }
        return .success(SpecContent(html: split.html, css: css.joined(separator: "\n"), origin: displayPrefix + resolved))
    }
}

/// Paths a doc names, kept inside the source folder and read without following links.
enum ContentPaths {
    /// `path` relative to `folder` (both relative to the source folder), normalised; an
    /// absolute path, a URL or one that climbs out of the source folder is refused.
    static func resolve(_ path: String, from folder: String) -> Result<String, ContentPathProblem> {
        if path.isEmpty { return .failure(ContentPathProblem("is empty")) }
        if path.hasPrefix("/") { return .failure(ContentPathProblem("is absolute; give a path relative to the doc")) }
        if path.contains("://") { return .failure(ContentPathProblem("is a URL; give a file relative to the doc")) }
        var parts: [Substring] = folder.split(separator: "/")
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if parts.isEmpty { return .failure(ContentPathProblem("leaves the source folder")) }
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        return .success(parts.joined(separator: "/"))
    }

    /// The text of `relative` under `source`; no part of the path may be a link.
    static func read(_ relative: String, in source: URL) -> Result<String, ContentPathProblem> {
        var current = source.path
        let parts = relative.split(separator: "/")
        for (index, part) in parts.enumerated() {
            current += "/" + part
            var info = stat()
            if lstat(current, &info) != 0 { return .failure(ContentPathProblem("does not exist")) }
            let kind = info.st_mode & S_IFMT
            if kind == S_IFLNK { return .failure(ContentPathProblem("is a symbolic link (links are not followed)")) }
            if index < parts.count - 1 {
                if kind != S_IFDIR { return .failure(ContentPathProblem("does not exist")) }
            } else if kind != S_IFREG {
                return .failure(ContentPathProblem("is not a regular file"))
            }
        }
        guard let data = FileManager.default.contents(atPath: current) else {
            return .failure(ContentPathProblem("cannot be read"))
        }
        return .success(String(decoding: data, as: UTF8.self))
    }
}

struct ContentPathProblem: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
