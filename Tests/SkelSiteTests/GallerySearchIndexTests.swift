import Foundation
import Testing
@testable import SkelSite
import SkelsiteStore

/// The gallery inlines the search index (`{{{searchIndexJSON}}}`): `GalleryIndex` renders
/// a marker there and puts the index's bytes in its place afterwards. Wherever a theme
/// puts it, raw or escaped, the page holds what the template itself would render.
@Suite struct GallerySearchIndexTests {
    /// A copy of the default theme with `index.mustache` changed by `edit`.
    static func theme(in site: TestSite, _ edit: (String) -> String) throws -> URL {
        let theme = site.root.appendingPathComponent("theme-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: TestSite.templates, to: theme)
        let index = theme.appendingPathComponent("index.mustache")
        try edit(try String(contentsOf: index, encoding: .utf8)).write(to: index, atomically: true, encoding: .utf8)
        return theme
    }

    static func build(_ site: TestSite, theme: URL?, output: URL, cache: URL) throws -> (page: String, index: String) {
        var builder = site.builder(output: output)
        builder.templates = theme
        builder.options.cacheDirectory = cache
        #expect(try builder.build().wroteOutput)
        return (try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8),
                try String(contentsOf: output.appendingPathComponent("search-index.json"), encoding: .utf8))
    }

    /// The text between `start` and the next `end` after it.
    static func between(_ text: String, _ start: String, _ end: String) -> String? {
        guard let from = text.range(of: start), let to = text.range(of: end, range: from.upperBound..<text.endIndex) else { return nil }
        return String(text[from.upperBound..<to.lowerBound])
    }

    @Test func theDefaultThemeInlinesTheSearchIndexFileByteForByte() throws {
        let site = try TestSite(GalleryCardsTests.docs)
        defer { site.remove() }
        let built = try Self.build(site, theme: nil, output: site.output, cache: site.cache)
        let inlined = Self.between(built.page, "<script type=\"application/json\" id=\"skelsite-search-index\">", "</script>")
        #expect(inlined == built.index)
        #expect(!built.page.contains("skelsite-search-index-"))
        #expect(!built.page.unicodeScalars.contains("\u{1}"))
    }

    /// The index before the cards moves every card: the cards file's places must follow,
    /// or the next rebuild would take the wrong bytes from the live page.
    @Test func anIndexBeforeTheCardsMovesTheCardsItsLength() throws {
        let site = try TestSite(GalleryCardsTests.docs)
        defer { site.remove() }
        let theme = try Self.theme(in: site) { text in
            text.replacingOccurrences(of: "    <ul class=\"cards\"",
                                      with: "    <script type=\"application/json\" id=\"early\">{{{searchIndexJSON}}}</script>\n    <ul class=\"cards\"")
        }
        let first = try Self.build(site, theme: theme, output: site.output, cache: site.cache)
        #expect(Self.between(first.page, "id=\"early\">", "</script>") == first.index)
        try site.write("b.md", "# B\n\n" + GalleryCardsTests.row(77))
        let rebuilt = try Self.build(site, theme: theme, output: site.output, cache: site.cache)
        let bytes = Array(rebuilt.page.utf8)
        let cards = try #require(GalleryCardsFile.read(from: site.cache))
        #expect(cards.cards.count == 5)
        for card in cards.cards {
            #expect(String(decoding: bytes[card.offset..<(card.offset + card.length)], as: UTF8.self)
                .hasPrefix("      <li class=\"card\" data-id=\""))
        }
        let clean = site.root.appendingPathComponent("clean")
        let whole = try Self.build(site, theme: theme, output: clean.appendingPathComponent("out"),
                                   cache: clean.appendingPathComponent("cache"))
        #expect(rebuilt.page == whole.page)
        #expect(rebuilt.page.contains("width=\"77\""))
    }

    /// `{{searchIndexJSON}}` is HTML-escaped by the template: the marker does not match
    /// there, and the page is rendered with the index itself.
    @Test func anEscapedUseGetsTheEscapedIndex() throws {
        let site = try TestSite(GalleryCardsTests.docs)
        defer { site.remove() }
        let theme = try Self.theme(in: site) { text in
            text.replacingOccurrences(of: "{{> _footer}}", with: "<pre id=\"escaped\">{{searchIndexJSON}}</pre>\n{{> _footer}}")
        }
        let built = try Self.build(site, theme: theme, output: site.output, cache: site.cache)
        let escaped = try #require(Self.between(built.page, "<pre id=\"escaped\">", "</pre>"))
        #expect(escaped.hasPrefix("[\n{&quot;id&quot;:&quot;a--row&quot;,&quot;title&quot;:&quot;Row&quot;"))
        #expect(!escaped.contains("\""))
        #expect(!built.page.contains("skelsite-search-index-"))
        // The raw use beside it is the file's bytes.
        #expect(Self.between(built.page, "id=\"skelsite-search-index\">", "</script>")
            == built.index)
    }

    /// The index made from the docs before painting stands for the gallery's items only
    /// when they are every component it was made of.
    @Test func aPreparedIndexIsTakenOnlyForAllOfItsComponents() throws {
        let prepared = SearchIndex.prepared(galleryDocuments: [])
        #expect(prepared.components == 0)
        #expect(prepared.bytes == Array("[]\n".utf8))
        #expect(prepared.bytes(for: [])?.bytes == prepared.bytes)
        #expect(prepared.bytes(for: [])?.digest == SHA256.hex(Array("[]\n".utf8)))
        let other = SearchIndex.Prepared(components: 1, bytes: Array("[x]\n".utf8), digest: "d")
        #expect(other.bytes(for: []) == nil)
    }
}
