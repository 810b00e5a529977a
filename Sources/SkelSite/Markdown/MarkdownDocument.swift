import CCmarkGFM
import Foundation

/// cmark-gfm's extension registry is process-global and not thread-safe to fill, so
/// registration runs exactly once: a Swift `static let` initialiser is guarded by
/// `swift_once` (a once-only lock), which is safe when tests build sites in parallel.
enum CmarkExtensions {
    static let registered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    /// The GFM extensions every doc gets: tables, ~~strikethrough~~, bare-URL autolinks
    /// and `- [ ]` task lists.
    static let names = ["table", "strikethrough", "autolink", "tasklist"]
}

/// One ```skeleton block as cmark saw it, with the block the page shows in its place.
struct MarkdownSpecSite: Equatable, Sendable {
    var block: SpecBlock
    /// The marker left in the rendered HTML where the component goes.
    var marker: String
}

/// A doc's Markdown rendered to HTML, with each ```skeleton block replaced by a marker
/// that the page writer swaps for the component. The Markdown is parsed exactly once.
struct RenderedMarkdown: Sendable {
    var html: String
    var specs: [MarkdownSpecSite]
    /// Text of the first level-1 heading, a fallback page title.
    var firstHeading: String?
}

enum MarkdownRenderer {
    /// Renders `markdown` (front matter already blanked) to HTML.
    ///
    /// - `allowRawHTML`: false (the default, why: docs may come from anyone) omits raw
    ///   HTML and unsafe link schemes (cmark's safe mode); text is always escaped.
    /// - `linkMap`: relative links to other docs (`guide.md#x`) are rewritten through it
    ///   to their page's URL.
    static func render(_ markdown: String, allowRawHTML: Bool = false,
                       rewriteLink: (String) -> String? = { _ in nil }) -> RenderedMarkdown {
        _ = CmarkExtensions.registered
        let options = CMARK_OPT_VALIDATE_UTF8 | (allowRawHTML ? CMARK_OPT_UNSAFE : 0)
        guard let parser = cmark_parser_new(options) else { return RenderedMarkdown(html: "", specs: [], firstHeading: nil) }
        defer { cmark_parser_free(parser) }
        for name in CmarkExtensions.names {
            if let extensionHandle = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, extensionHandle)
            }
        }
        var bytes = Array(markdown.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buffer.count, 1)) { pointer in
                cmark_parser_feed(parser, pointer, buffer.count)
            }
        }
        guard let document = cmark_parser_finish(parser) else { return RenderedMarkdown(html: "", specs: [], firstHeading: nil) }
        defer { cmark_node_free(document) }

        // Collect first, edit after: replacing nodes mid-iteration breaks the iterator.
        var specNodes: [OpaquePointer] = []
        var firstHeading: String?
        if let iterator = cmark_iter_new(document) {
            while true {
                let event = cmark_iter_next(iterator)
                if event == CMARK_EVENT_DONE { break }
                guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
                let type = cmark_node_get_type(node)
                if type == CMARK_NODE_CODE_BLOCK, cmark_node_get_fence_info(node).map({ infoWord(String(cString: $0)) }) == "skeleton" {
                    specNodes.append(node)
                } else if type == CMARK_NODE_HEADING, firstHeading == nil, cmark_node_get_heading_level(node) == 1 {
                    firstHeading = plainText(node)
                } else if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE,
                          let url = cmark_node_get_url(node).map({ String(cString: $0) }),
                          let rewritten = rewriteLink(url) {
                    cmark_node_set_url(node, rewritten)
                }
            }
            cmark_iter_free(iterator)
        }

        let fenced = SpecBlocks.find(inMarkdown: markdown)
        var sites: [MarkdownSpecSite] = []
        for (index, node) in specNodes.enumerated() {
            let fenceLine = Int(cmark_node_get_start_line(node))
            let block: SpecBlock
            if let exact = fenced.first(where: { $0.fenceLine == fenceLine }) {
                block = exact
            } else {
                // A fence inside a list or quote: SpecBlocks only sees top-level fences,
                // so take cmark's literal (container prefixes already stripped).
                var literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
                if literal.hasSuffix("\n") { literal.removeLast() }
                block = SpecBlock(text: literal, firstLine: fenceLine + 1,
                                  columnOffset: Int(cmark_node_get_start_column(node)) - 1, fenceLine: fenceLine)
            }
            // A custom block's text passes through unescaped even in safe mode; only we
            // create custom blocks, so a marker cannot come from the doc's own text.
            let marker = "<!--skelsite:component:\(index)-->"
            if let custom = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) {
                cmark_node_set_on_enter(custom, marker)
                cmark_node_set_on_exit(custom, "")
                cmark_node_replace(node, custom)
                cmark_node_free(node)
            }
            sites.append(MarkdownSpecSite(block: block, marker: marker))
        }

        let extensions = cmark_parser_get_syntax_extensions(parser)
        guard let rendered = cmark_render_html(document, options, extensions) else {
            return RenderedMarkdown(html: "", specs: sites, firstHeading: firstHeading)
        }
        defer { free(rendered) }
        return RenderedMarkdown(html: String(cString: rendered), specs: sites, firstHeading: firstHeading)
    }

    /// The info string's first word (`skeleton title=x` is still a spec).
    private static func infoWord(_ info: String) -> String {
        String(info.split(separator: " ", maxSplits: 1).first ?? "")
    }

    /// Concatenated text of a node's text and code descendants.
    private static func plainText(_ node: OpaquePointer) -> String {
        var text = ""
        guard let iterator = cmark_iter_new(node) else { return text }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let child = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(child)
            if type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE, let literal = cmark_node_get_literal(child) {
                text += String(cString: literal)
            }
        }
        return text
    }
}
