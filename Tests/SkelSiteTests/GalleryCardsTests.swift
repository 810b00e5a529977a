import Foundation
import Testing
@testable import SkelSite

/// The gallery is joined from cards rendered one at a time (`GalleryCardTemplate`), the
/// unchanged ones taken from the live `index.html` (`GalleryCardsFile`), and comes out
/// byte for byte as the whole template renders it.
@Suite struct GalleryCardsTests {
    static func row(_ width: Int) -> String {
        "```skeleton\nskeleton \"Row\" width=\(width) height=10\n  animation none\n  rect width=10 height=10\n```\n"
    }
    static let docs: [String: String] = [
        "index.md": "# Home\n\nIntro.\n",
        "a.md": "---\ntags: [x, \"y z\"]\n---\n# A\n\n" + row(50) + "\n" + row(60),
        "b.md": "# B\n\n" + row(70),
        "c.md": "---\ndescription: Sea <b>\n---\n# C & D\n\n" + row(80) + "\n" + row(90),
    ]

    /// The gallery page of the same docs built with no output and no cache.
    static func cleanGallery(of site: TestSite) throws -> [UInt8] {
        let root = site.root.appendingPathComponent("clean-\(UUID().uuidString)")
        var builder = site.builder(output: root.appendingPathComponent("out"))
        builder.options.cacheDirectory = root.appendingPathComponent("cache")
        #expect(try builder.build().wroteOutput)
        return Array(try Data(contentsOf: builder.output.appendingPathComponent("index.html")))
    }

    static func gallery(_ site: TestSite) throws -> [UInt8] {
        Array(try Data(contentsOf: site.output.appendingPathComponent("index.html")))
    }

    @Test func theDefaultThemeIsCutAtItsCards() throws {
        let text = try String(contentsOf: TestSite.templates.appendingPathComponent("index.mustache"), encoding: .utf8)
        let cut = try #require(GalleryCardTemplate.cut(text))
        #expect(cut.names == ["id", "url", "thumb", "thumb2x", "darkThumb", "darkThumb2x", "width", "height", "title",
                              "docURL", "docTitle", "fitBadge", "fitState", "hasTags", "tags", "."])
        #expect(cut.card.hasPrefix("      <li class=\"card\" data-id=\"{{id}}\">\n"))
        #expect(cut.card.hasSuffix("      </li>\n"))
        #expect(cut.page.contains("    <ul class=\"cards\"{{#pagedCards}} data-page-size=\"{{pageSize}}\"{{/pagedCards}}>\n"
            + "{{{__skelsiteGalleryCards}}}\n    </ul>\n"))
    }

    @Test func templatesThatCannotBeCutAreRenderedWhole() {
        // The section's tags not alone on their lines, a partial, a delimiter change, two
        // sections, a name the card does not have (taken from the page).
        #expect(GalleryCardTemplate.cut("<ul>{{#components}}<li>{{id}}</li>{{/components}}</ul>\n") == nil)
        #expect(GalleryCardTemplate.cut("<ul>\n{{#components}}\n{{> _card}}\n{{/components}}\n</ul>\n") == nil)
        #expect(GalleryCardTemplate.cut("{{=<% %>=}}\n<%#components%>\n<%id%>\n<%/components%>\n") == nil)
        #expect(GalleryCardTemplate.cut("{{#components}}\n{{id}}\n{{/components}}\n{{#components}}\n{{id}}\n{{/components}}\n") == nil)
        #expect(GalleryCardTemplate.cut("{{#components}}\n{{id}}{{/components}}\n") == nil)
        let cut = GalleryCardTemplate.cut("<ul>\n  {{#components}}\n  <li>{{siteTitle}} {{id}}</li>\n  {{/components}}\n</ul>\n")
        #expect(cut?.page == "<ul>\n{{{__skelsiteGalleryCards}}}\n</ul>\n")
        #expect(cut?.card == "  <li>{{siteTitle}} {{id}}</li>\n")
        #expect(cut?.names == ["siteTitle", "id"])
    }

    @Test func aRebuildJoinsTheSameBytesAsTheWholeTemplate() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        #expect(try site.build().wroteOutput)
        #expect(try Self.gallery(site) == (try Self.cleanGallery(of: site)))
        let file = try #require(GalleryCardsFile.read(from: site.cache))
        #expect(file.cards.count == 5)
        // A card's size changes: the gallery is made again, four cards from the live page.
        try site.write("b.md", "# B\n\n" + Self.row(75))
        #expect(try site.build().wroteOutput)
        let rebuilt = try Self.gallery(site)
        #expect(String(decoding: rebuilt, as: UTF8.self).contains("width=\"75\""))
        #expect(rebuilt == (try Self.cleanGallery(of: site)))
        let after = try #require(GalleryCardsFile.read(from: site.cache))
        #expect(after.cards.count == 5)
        #expect(after.pageID != file.pageID)
        #expect(Set(after.cards.map(\.digest)).intersection(file.cards.map(\.digest)).count == 4)
        for card in after.cards {
            #expect(String(decoding: rebuilt[card.offset..<(card.offset + card.length)], as: UTF8.self).hasPrefix("      <li class=\"card\""))
        }
    }

    @Test func unchangedCardsComeFromTheLivePageOnlyWhileItIsAsWritten() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        #expect(try site.build().wroteOutput)
        // Change one byte of the first card in place and put the stamp back: the next build
        // believes the file and takes the card from it (which shows the cards are reused).
        let page = site.output.appendingPathComponent("index.html").path
        var info = stat()
        #expect(lstat(page, &info) == 0)
        var bytes = try Self.gallery(site)
        let card = try #require(GalleryCardsFile.read(from: site.cache)?.cards.first)
        let needle = Array("card-title\">Row".utf8)
        let at = try #require((card.offset..<(card.offset + card.length - needle.count))
            .first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) })
        bytes[at + needle.count - 1] = UInt8(ascii: "X")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: page))
        try handle.write(contentsOf: bytes)
        try handle.close()
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, page, &times, 0) == 0)
        try site.write("b.md", "# B\n\n" + Self.row(76))
        #expect(try site.build().wroteOutput)
        #expect(String(decoding: try Self.gallery(site), as: UTF8.self).contains("card-title\">RoX"))
        // Edited by hand (a new modification time): nothing is taken from it.
        try Data(Self.gallery(site)).write(to: URL(fileURLWithPath: page))
        try site.write("b.md", "# B\n\n" + Self.row(77))
        #expect(try site.build().wroteOutput)
        #expect(try Self.gallery(site) == (try Self.cleanGallery(of: site)))
    }

    @Test func aDamagedCardsFileIsNotTrusted() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        #expect(try site.build().wroteOutput)
        let url = site.cache.appendingPathComponent(GalleryCardsFile.fileName)
        var bytes = Array(try Data(contentsOf: url))
        let file = try #require(GalleryCardsFile.decode(bytes))
        #expect(GalleryCardsFile.decode(file.encoded()) == file)
        bytes[40] ^= 1
        #expect(GalleryCardsFile.decode(bytes) == nil)
        #expect(GalleryCardsFile.decode(Array(bytes.dropLast())) == nil)
        // Offsets past the page are dropped, not read.
        let wild = GalleryCardsFile(pageID: "p", cards: [.init(digest: String(repeating: "a", count: 64), offset: 10, length: 5)])
        #expect(wild.slices(in: Array(repeating: 0, count: 14)).isEmpty)
        #expect(wild.slices(in: Array(repeating: 0, count: 15)).count == 1)
        try Data(bytes).write(to: url)
        try site.write("b.md", "# B\n\n" + Self.row(78))
        #expect(try site.build().wroteOutput)
        #expect(try Self.gallery(site) == (try Self.cleanGallery(of: site)))
    }

    /// Cards' contexts are made only for the cards rendered; the page gets them all only
    /// when it reads `components` outside the section other than in `{{^components}}`.
    @Test func thePageGetsEveryCardOnlyWhenItReadsThem() throws {
        let text = try String(contentsOf: TestSite.templates.appendingPathComponent("index.mustache"), encoding: .utf8)
        #expect(try #require(GalleryCardTemplate.cut(text)).pageReadsCards == false)
        let section = "<ul>\n{{#components}}\n<li>{{id}}</li>\n{{/components}}\n</ul>\n"
        #expect(GalleryCardTemplate.cut("{{^components}}\nnone\n{{/components}}\n" + section)?.pageReadsCards == false)
        #expect(GalleryCardTemplate.cut("{{components.count}}\n" + section)?.pageReadsCards == true)
        #expect(GalleryCardTemplate.cut(section + "{{#components.first}}{{id}}{{/components.first}}\n")?.pageReadsCards == true)
    }

    /// A partial of the page that lists every card (the cut cannot see into partials):
    /// the two-card probe differs, so the page is rendered whole, the same bytes as a
    /// clean build's, after an edit too.
    @Test func aPartialThatReadsTheCardsGetsThemAll() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        let theme = site.root.appendingPathComponent("theme")
        try FileManager.default.copyItem(at: TestSite.templates, to: theme)
        let index = theme.appendingPathComponent("index.mustache")
        let text = try String(contentsOf: index, encoding: .utf8)
        try (text.replacingOccurrences(of: "{{> _footer}}", with: "{{> _ids}}\n{{> _footer}}"))
            .write(to: index, atomically: true, encoding: .utf8)
        try "<p>{{#components}}{{id}} {{/components}}</p>\n".write(to: theme.appendingPathComponent("_ids.mustache"),
                                                                  atomically: true, encoding: .utf8)
        func build(_ output: URL, cache: URL) throws -> [UInt8] {
            var builder = site.builder(output: output)
            builder.templates = theme
            builder.options.cacheDirectory = cache
            #expect(try builder.build().wroteOutput)
            return Array(try Data(contentsOf: output.appendingPathComponent("index.html")))
        }
        let first = try build(site.output, cache: site.cache)
        #expect(String(decoding: first, as: UTF8.self).contains("<p>a--row a--row-2 b--row c--row c--row-2 </p>"))
        try site.write("b.md", "# B\n\n" + Self.row(71))
        let rebuilt = try build(site.output, cache: site.cache)
        let clean = site.root.appendingPathComponent("clean")
        #expect(rebuilt == (try build(clean.appendingPathComponent("out"), cache: clean.appendingPathComponent("cache"))))
    }
}
