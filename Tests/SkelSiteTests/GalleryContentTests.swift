import Foundation
import SkeletonCore
import Testing
@testable import SkelSite
import TestSupport

/// Guards what `site/gallery` holds: at least 20 docs, the named
/// patterns each with a doc of their own, all of them valid, and the SwiftUI article
/// card at the sizes it recreates.
@Suite struct GalleryContentTests {
    static let gallery = Repository.url("site/gallery")

    /// The named patterns: file name and front-matter title of each named pattern.
    static let namedPatterns: [(file: String, title: String)] = [
        ("article-row.md", "Article row"),
        ("profile-header.md", "Profile header"),
        ("feed-post.md", "Feed post with image"),
        ("chat-list.md", "Chat list"),
        ("product-grid-card.md", "Product grid card"),
        ("table-rows.md", "Table rows"),
        ("settings-list.md", "Settings list"),
        ("comment-thread.md", "Comment thread"),
        ("media-tile.md", "Media tile"),
        ("search-results.md", "Search results"),
        ("notification.md", "Notification"),
        ("dashboard-card.md", "Dashboard card"),
        ("skeletonview-table-cell.md", "SkeletonView table cell"),
        ("swiftui-article-card.md", "SwiftUI article card"),
    ]

    static func text(_ file: String) throws -> String {
        try String(contentsOf: gallery.appendingPathComponent(file), encoding: .utf8)
    }

    /// Every ```skeleton block of a doc: (source, line of its first spec line).
    static func specs(in doc: String) -> [(source: String, firstLine: Int)] {
        let lines = doc.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [(String, Int)] = []
        var index = 0
        while index < lines.count {
            if lines[index] == "```skeleton" {
                let start = index + 1
                var end = start
                while end < lines.count, lines[end] != "```" { end += 1 }
                out.append((lines[start..<end].joined(separator: "\n") + "\n", start + 1))
                index = end
            }
            index += 1
        }
        return out
    }

    @Test func atLeastTwentyDocs() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Self.gallery.path).filter { $0.hasSuffix(".md") }
        #expect(docs.count >= 20, "\(docs.count) gallery docs")
    }

    @Test(arguments: namedPatterns.map(\.file))
    func namedPatternHasItsOwnDoc(file: String) throws {
        let title = try #require(Self.namedPatterns.first { $0.file == file }?.title)
        let doc = try Self.text(file)
        #expect(doc.hasPrefix("---\ntitle: \(title)\n"))
        #expect(doc.contains("\n# \(title)\n"))
        let specs = Self.specs(in: doc)
        #expect(!specs.isEmpty)
        for spec in specs {
            let parsed = SpecParser.parse(spec.source, firstLine: spec.firstLine)
            #expect(parsed.diagnostics.map(\.message) == [], "\(file):\(spec.firstLine)")
            #expect(parsed.spec != nil)
        }
    }

    @Test func wholeGalleryChecksClean() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let builder = SiteBuilder(source: Self.gallery, output: scratch.appendingPathComponent("out"), templates: TestSite.templates,
                                  options: SiteBuilder.Options(cacheDirectory: scratch.appendingPathComponent("cache"),
                                                               rendererFingerprint: "test"),
                                  displaySource: "site/gallery")
        let report = try builder.check()
        #expect(report.diagnostics.map(\.description) == [])
        #expect(report.documents >= 20)
        #expect(report.components >= report.documents)
    }

    /// The recreation: a 56 × 56 circle, a 14-point title line and a 12-point subtitle
    /// on a card with 12-point corners; like the SwiftUI tutorial's `.shimmer()` on each
    /// shape, a band as wide as each shape, crossing in two thirds of a 1.3 s cycle
    /// (phase −1 to 1 of −1 to 2) and resting the last third.
    @Test func swiftUIArticleCardHasTheRecreatedSizes() throws {
        let first = try #require(Self.specs(in: try Self.text("swiftui-article-card.md")).first)
        let spec = try #require(SpecParser.parse(first.source, firstLine: first.firstLine).spec)
        #expect(spec.title == "SwiftUI article card")
        #expect(spec.animation.kind == .shimmer)
        #expect(spec.animation.scope == .shape)
        #expect(spec.animation.band == 1)
        #expect(spec.animation.duration == 0.867)
        #expect(spec.animation.interval == 0.433)
        #expect(abs(spec.animation.period - 1.3) < 1e-12)
        #expect(spec.animation.repeatMode == .restart)
        #expect(spec.animation.easing == .linear)
        let layout = LayoutEngine.layout(spec)
        #expect(layout.width == 360)
        #expect(layout.height == 88)
        let items = layout.items.map { ($0.role, $0.frame, $0.radius) }
        try #require(items.count == 4)
        // The card: 16 + 56 + 16 points tall, 12-point corners.
        #expect(items[0].0 == .surface)
        #expect(items[0].1 == Rect(x: 0, y: 0, width: 360, height: 88))
        #expect(items[0].2 == 12)
        // The avatar: a 56-point circle.
        #expect(items[1].0 == .shape(.circle))
        #expect(items[1].1 == Rect(x: 16, y: 16, width: 56, height: 56))
        #expect(items[1].2 == 28)
        // Title 14 points and subtitle 12 points tall, centred against the avatar:
        // (56 - 34) / 2 = 11 below its top. The column is 360 - 32 - 56 - 12 = 260 wide.
        #expect(items[2].0 == .shape(.rect))
        #expect(items[2].1 == Rect(x: 84, y: 27, width: 195, height: 14))
        #expect(items[3].0 == .shape(.rect))
        #expect(items[3].1 == Rect(x: 84, y: 49, width: 130, height: 12))
    }
}
