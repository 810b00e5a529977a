import Foundation
import SkeletonCore
import Testing
@testable import SkelSite

/// End-to-end builds of docs with specs: components in pages, PNGs, diagnostics, cache.
@Suite struct ComponentBuildTests {
    static let cards = """
        ---
        title: Cards
        tags: [card, list]
        order: 1
        ---
        # Cards

        ```skeleton
        skeleton "Avatar row" width=200
          animation shimmer duration=1.2s
          row padding=8 gap=8
            circle 24
            rect width=100 height=12
        ```

        Text between.

        ```skeleton
        skeleton "Static block" width=100 height=40
          animation none
          rect width=50 height=10
        ```

        """

    static let docs = ["cards.md": cards, "index.md": "# Home\n\nNo specs here.\n"]

    @Test func pngTreeAndSizes() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        let report = try site.build()
        #expect(report.diagnostics == [])
        #expect(report.components == 2)
        #expect(report.rendered == 2)
        #expect(report.cached == 0)
        let pngs = TestSite.files(in: site.output.appendingPathComponent("png"))
        #expect(pngs == [
            "cards--avatar-row/dark@1x.png", "cards--avatar-row/dark@2x.png",
            "cards--avatar-row/light@1x.png", "cards--avatar-row/light@2x.png", "cards--avatar-row/preview.png",
            "cards--avatar-row/strip-light@1x.png",
            "cards--static-block/dark@1x.png", "cards--static-block/dark@2x.png",
            "cards--static-block/light@1x.png", "cards--static-block/light@2x.png",
        ])
        func size(_ path: String) throws -> (Int, Int) {
            let bytes = [UInt8](try Data(contentsOf: site.output.appendingPathComponent("png/" + path)))
            let image = try PNGDecoder.decode(bytes)
            return (image.width, image.height)
        }
        // Row: 8 + max(24, 12) + 8 = 40 points tall.
        #expect(try size("cards--avatar-row/light@1x.png") == (200, 40))
        #expect(try size("cards--avatar-row/light@2x.png") == (400, 80))
        #expect(try size("cards--avatar-row/dark@2x.png") == (400, 80))
        // The strip: four 200-point frames side by side.
        #expect(try size("cards--avatar-row/strip-light@1x.png") == (800, 40))
        #expect(try size("cards--static-block/light@1x.png") == (100, 40))
        #expect(try size("cards--static-block/dark@2x.png") == (200, 80))
        // The strip's first frame is t = 0: the same pixels as the static light@1x; its
        // third (½ cycle) differs.
        let strip = try PNGDecoder.decode([UInt8](Data(contentsOf: site.output.appendingPathComponent("png/cards--avatar-row/strip-light@1x.png"))))
        let still = try PNGDecoder.decode([UInt8](Data(contentsOf: site.output.appendingPathComponent("png/cards--avatar-row/light@1x.png"))))
        func frame(_ index: Int) -> RGBAImage {
            var pixels: [UInt8] = []
            for y in 0..<40 {
                let start: Int = (y * 800 + index * 200) * 4
                pixels += strip.pixels[start ..< start + 800]
            }
            return RGBAImage(width: 200, height: 40, pixels: pixels)
        }
        #expect(frame(0) == still)
        #expect(frame(2) != still)
    }

    @Test func previewIsAnAPNGOfOneCycle() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        let bytes = [UInt8](try Data(contentsOf: site.output.appendingPathComponent("png/cards--avatar-row/preview.png")))
        let chunks = PNGChunks.list(bytes)
        let actl = try #require(chunks.first { $0.type == "acTL" })
        #expect(PNGChunks.uint32(actl.data, 0) == 8) // frames
        #expect(PNGChunks.uint32(actl.data, 4) == 0) // loops forever
        let fctl = try #require(chunks.first { $0.type == "fcTL" })
        // 1.2 s / 8 frames = 150 ms per frame: delay 150/1000 or an equal fraction.
        let numerator = Int(fctl.data[20]) << 8 | Int(fctl.data[21])
        let denominator = Int(fctl.data[22]) << 8 | Int(fctl.data[23])
        #expect(numerator * 1000 == 150 * (denominator == 0 ? 100 : denominator))
        #expect(chunks.filter { $0.type == "fcTL" }.count == 8)
    }

    @Test func pageShowsLiveComponentsWithScopedStyles() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        let page = try site.read("cards.html")
        // The live component: accessible status region, scoped class, its CSS in the page.
        let section = try #require(page.range(of: "<section class=\"component\" id=\"cards--avatar-row\""))
        #expect(page.contains("<div class=\"sk-"))
        #expect(page.contains("role=\"status\""))
        #expect(page.contains("aria-busy=\"true\""))
        let scope = try #require(page.firstMatch(of: /data-scope="(sk-[0-9a-f]+)"/)).1
        #expect(page.contains("<div class=\"\(scope)\""))
        let style = try #require(page.range(of: "<style>"))
        #expect(style.lowerBound < section.lowerBound)
        #expect(page.contains("@keyframes \(scope)"))
        #expect(page.contains("@media (prefers-reduced-motion: reduce)"))
        #expect(page.contains("@media (prefers-color-scheme: dark)"))
        // PNGs, frames, preview, escaped source, copy buttons, permalink, playground.
        #expect(page.contains("src=\"png/cards--avatar-row/light@1x.png\" srcset=\"png/cards--avatar-row/light@1x.png 1x, png/cards--avatar-row/light@2x.png 2x\" width=\"200\" height=\"40\""))
        #expect(page.contains("<img src=\"png/cards--avatar-row/preview.png\""))
        #expect(page.contains("<img src=\"png/cards--avatar-row/strip-light@1x.png\" width=\"800\" height=\"40\""))
        #expect(page.contains("<span>½ · t = 0.6 s</span>"))
        #expect(page.contains("skeleton &quot;Avatar row&quot; width=200\n  animation shimmer duration=1.2s"))
        #expect(page.contains("data-copy=\"cards--avatar-row-html\""))
        #expect(page.contains("data-copy=\"cards--avatar-row-css\""))
        #expect(page.contains("<a class=\"permalink\" href=\"#cards--avatar-row\""))
        let spec = "skeleton \"Avatar row\" width=200\n  animation shimmer duration=1.2s\n  row padding=8 gap=8\n    circle 24\n    rect width=100 height=12"
        #expect(page.contains("href=\"playground.html#spec=\(Base64URL.encode(Array(spec.utf8)))\">Open in playground</a>"))
        // The static component has no frames.
        #expect(!page.contains("png/cards--static-block/preview.png"))
        // Components stay in document order around the Markdown between them.
        let between = try #require(page.range(of: "<p>Text between.</p>"))
        let second = try #require(page.range(of: "id=\"cards--static-block\""))
        #expect(section.lowerBound < between.lowerBound && between.lowerBound < second.lowerBound)
    }

    @Test func galleryIndexAndSearchIndexListEveryComponent() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        let index = try site.read("index.html")
        #expect(index.contains("<li class=\"card\" data-id=\"cards--avatar-row\">"))
        #expect(index.contains("<li class=\"card\" data-id=\"cards--static-block\">"))
        #expect(index.contains("<img class=\"theme-light-only\" src=\"png/cards--avatar-row/light@1x.png\""))
        #expect(index.contains("<button type=\"button\" class=\"tag\" data-tag=\"card\" aria-pressed=\"false\">card</button>"))
        #expect(index.contains("<script type=\"application/json\" id=\"skelsite-search-index\">[\n{\"id\":\"cards--avatar-row\""))
        #expect(try site.read("search-index.json") == """
            [
            {"id":"cards--avatar-row","title":"Avatar row","doc":"Cards","url":"cards.html#cards--avatar-row","tags":["card","list"],"thumb":"png/cards--avatar-row/light@1x.png","darkThumb":"png/cards--avatar-row/dark@1x.png","description":""},
            {"id":"cards--static-block","title":"Static block","doc":"Cards","url":"cards.html#cards--static-block","tags":["card","list"],"thumb":"png/cards--static-block/light@1x.png","darkThumb":"png/cards--static-block/dark@1x.png","description":""}
            ]

            """)
    }

    @Test func specErrorsUseTheMarkdownFilesLines() throws {
        let bad = "---\ntitle: Bad\n---\n# Bad\n\n```skeleton\nskeleton \"Bad\" width=200\n  rect radus=8\n  circle\n```\n\n- item\n\n   ```skeleton\n   skeleton \"Nested\"\n     rect width=abc\n   ```\n"
        // A good build first, so there is output to keep.
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        let good = try site.build()
        #expect(good.succeeded)
        let before = Self.snapshot(site.output)
        #expect(before.keys.contains("cards.html"))
        #expect(before.keys.contains("png/cards--avatar-row/light@1x.png"))
        try site.write("bad.md", bad)
        let report = try site.build()
        #expect(report.diagnostics.map(\.description) == [
            "docs/bad.md:8:8: error: unknown attribute 'radus' on rect; did you mean 'radius'?\n  rect radus=8\n       ^",
            "docs/bad.md:9:3: error: circle needs a diameter, like 'circle 40'\n  circle\n  ^",
            "docs/bad.md:16:17: error: invalid length 'abc' for width; expected points like 56 or a percentage like 50%\n     rect width=abc\n                ^",
        ])
        #expect(!report.succeeded)
        #expect(!report.wroteOutput)
        #expect(report.rendered == 0)
        // The previous output, file for file and byte for byte; no bad.html appeared.
        #expect(Self.snapshot(site.output) == before)
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("bad.html").path))
    }

    /// Relative path -> bytes of every file under `folder`.
    static func snapshot(_ folder: URL) -> [String: Data] {
        var out: [String: Data] = [:]
        for path in TestSite.files(in: folder) {
            out[path] = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path)
        }
        return out
    }

    @Test func codeBlocksShowTheSpecHTMLAndCSSEscaped() throws {
        let site = try TestSite(["odd.md": """
            ```skeleton
            skeleton "Tom & Jerry's <list>" width=100 height=20
              animation none
              rect width=50 height=10
            ```

            """])
        defer { site.remove() }
        _ = try site.build()
        let page = try site.read("odd.html")
        let id = "odd--tom-jerry-s-list"
        #expect(page.contains("<code class=\"language-skeleton\" id=\"\(id)-spec\">skeleton &quot;Tom &amp; Jerry&#39;s &lt;list&gt;&quot; width=100 height=20\n  animation none\n  rect width=50 height=10</code>"))
        let html = try #require(page.range(of: "id=\"\(id)-html\">")).upperBound
        let code = String(page[html...].prefix { $0 != "<" })
        // The component's own markup, escaped once: its label, escaped in the markup
        // already, appears escaped twice.
        #expect(code.hasPrefix("&lt;div class=&quot;"))
        #expect(code.contains("Tom &amp;amp; Jerry&amp;#39;s &amp;lt;list&amp;gt;"))
        let css = try #require(page.range(of: "id=\"\(id)-css\">")).upperBound
        #expect(!page[css...].prefix { $0 != "<" }.isEmpty)
    }

    @Test func rebuildTakesEverythingFromTheCache() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        let first = try site.build()
        #expect((first.rendered, first.cached) == (2, 0))
        let hashes = TestSite.hashes(of: site.output)
        let second = try site.build()
        #expect((second.rendered, second.cached) == (0, 2))
        // Nothing changed: steps 2–8 do nothing.
        #expect(Array(second.steps.map(\.summary).dropFirst()) == Array(repeating: "up to date", count: 7))
        #expect(!second.wroteOutput)
        #expect(TestSite.hashes(of: site.output) == hashes)
    }

    @Test func changedSpecReRendersOnlyItself() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        let before = TestSite.hashes(of: site.output)
        try site.write("cards.md", Self.cards.replacingOccurrences(of: "rect width=50 height=10", with: "rect width=60 height=10"))
        let report = try site.build()
        #expect((report.rendered, report.cached) == (1, 1))
        let after = TestSite.hashes(of: site.output)
        let changed = Set(after.keys.filter { after[$0] != before[$0] })
        #expect(changed == [".skelsite-output", "cards.html", "png/cards--static-block/light@1x.png", "png/cards--static-block/light@2x.png",
                            "png/cards--static-block/dark@1x.png", "png/cards--static-block/dark@2x.png"])
    }

    @Test func checkParsesSpecsButWritesNothing() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        let report = try site.builder().check()
        #expect(report.succeeded)
        #expect(report.components == 2)
        #expect(report.rendered == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.root.path) == ["docs"])
    }

    @Test func duplicateTitlesGetDistinctIds() throws {
        let spec = "```skeleton\nskeleton \"Row\" width=50 height=10\n  rect width=10 height=10\n```\n\n"
        let site = try TestSite(["a/b.md": spec + spec + "```skeleton\nskeleton width=20 height=5\n```\n"])
        defer { site.remove() }
        let report = try site.build()
        #expect(report.diagnostics == [])
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.output.appendingPathComponent("png").path).sorted()
                == ["a-b--component-3", "a-b--row", "a-b--row-2"])
        // Identical specs render once.
        #expect(report.rendered == 2)
    }
}

/// Reads the chunk list of a PNG (test helper; the codec itself is under test elsewhere).
enum PNGChunks {
    struct Chunk { var type: String; var data: [UInt8] }

    static func uint32(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }

    static func list(_ png: [UInt8]) -> [Chunk] {
        var chunks: [Chunk] = []
        var at = 8
        while at + 8 <= png.count {
            let length = uint32(png, at)
            let type = String(decoding: png[(at + 4)..<(at + 8)], as: UTF8.self)
            chunks.append(Chunk(type: type, data: Array(png[(at + 8)..<(at + 8 + length)])))
            at += 12 + length
        }
        return chunks
    }
}
