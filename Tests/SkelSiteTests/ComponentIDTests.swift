import Foundation
import Testing
@testable import SkelSite
import SkelsiteStore

/// Component ids are unique and stable: a doc's ids depend on that doc alone, two docs
/// that give the same id are an error (never a silent renumbering), and an id too long
/// for a folder name is cut with a hash of the whole (site/reference/limits.md, "Names
/// skelsite makes").
@Suite struct ComponentIDTests {
    static func doc(_ titles: String...) -> String {
        "# Doc\n\n" + titles.map { "```skeleton\nskeleton \"\($0)\" width=40 height=10\n  rect width=10 height=10\n```\n\n" }
            .joined()
    }

    /// The ids of the built site: its `png/` folders.
    static func ids(_ site: TestSite) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: site.output.appendingPathComponent("png").path).sorted()
    }

    static let clash = "docs/g/a.md:4:1: error: component id 'g-a--card' is also the id of docs/g-a.md:4:1 ('Card'); "
        + "rename one of the titles or docs"

    /// `g/a.md` and `g-a.md` both flatten to "g-a": the later in build order (paths
    /// sorted, "-" before "/") is the error, in check and build alike, and nothing is built.
    @Test func twoDocsGivingOneIdAreALocatedErrorInCheckAndBuild() throws {
        let site = try TestSite(["g/a.md": Self.doc("Card"), "g-a.md": Self.doc("Card")])
        defer { site.remove() }
        let checked = try site.builder().check()
        #expect(checked.diagnostics.map(\.description) == [Self.clash])
        let built = try site.build()
        #expect(built.diagnostics.map(\.description) == [Self.clash])
        #expect(!built.wroteOutput)
        #expect(!FileManager.default.fileExists(atPath: site.output.path))
    }

    /// The old build renamed `g/a.md`'s component to `g-a--card-2` when `g-a.md` came, so
    /// its baseline (png/g-a--card/) was compared with another doc's component.
    @Test func addingADocThatClashesFailsInsteadOfRenamingAnother() throws {
        let site = try TestSite(["g/a.md": Self.doc("Card", "Card"), "h.md": Self.doc("Card")])
        defer { site.remove() }
        #expect(try site.build().diagnostics == [])
        #expect(try Self.ids(site) == ["g-a--card", "g-a--card-2", "h--card"])
        let before = TestSite.hashes(of: site.output)
        try site.write("g-a.md", Self.doc("Card"))
        let report = try site.build()
        #expect(report.diagnostics.map(\.description) == [Self.clash])
        #expect(TestSite.hashes(of: site.output) == before)
    }

    /// An earlier doc's id met by a later doc's numbered repeat is a clash too: the
    /// repeat's number comes from its own doc, never from what other docs hold.
    @Test func aRepeatsNumberClashingWithAnotherDocIsAnError() throws {
        let site = try TestSite(["g-a.md": Self.doc("Card 2"), "g/a.md": Self.doc("Card", "Card")])
        defer { site.remove() }
        #expect(try site.builder().check().diagnostics.map(\.description) == [
            "docs/g/a.md:9:1: error: component id 'g-a--card-2' is also the id of docs/g-a.md:4:1 ('Card 2'); "
                + "rename one of the titles or docs",
        ])
    }

    /// Adding docs, before and after in build order, changes no existing id, and the
    /// site's other files stay as they were.
    @Test func addingAnUnrelatedDocChangesNoExistingID() throws {
        let site = try TestSite(["guides/cards.md": Self.doc("Card", "Card", "Row"), "list.md": Self.doc("Row")])
        defer { site.remove() }
        #expect(try site.build().diagnostics == [])
        let before = try Self.ids(site)
        #expect(before == ["guides-cards--card", "guides-cards--card-2", "guides-cards--row", "list--row"])
        let images = TestSite.hashes(of: site.output.appendingPathComponent("png"))
        // One sorts before every doc, one between them, one after; all with the same titles.
        try site.write("a.md", Self.doc("Card", "Row"))
        try site.write("guides/b.md", Self.doc("Card"))
        try site.write("zz.md", Self.doc("Row", "Card"))
        #expect(try site.build().diagnostics == [])
        let after = try Self.ids(site)
        #expect(after == ["a--card", "a--row", "guides-b--card", "guides-cards--card", "guides-cards--card-2",
                          "guides-cards--row", "list--row", "zz--card", "zz--row"])
        let kept = TestSite.hashes(of: site.output.appendingPathComponent("png")).filter { path, _ in
            before.contains { path.hasPrefix($0 + "/") }
        }
        #expect(kept == images)
    }

    /// Repeats within one doc keep their numbers by order, skipping an id the doc already
    /// holds, as before.
    @Test func repeatsWithinADocAreNumberedInOrder() throws {
        let untitled = "```skeleton\nskeleton width=40 height=10\n```\n"
        let output = SpecStep.run([try BuildPipelineTests.loaded(Self.doc("Card", "Card 2", "Card") + untitled)])
        #expect(output.diagnostics == [])
        #expect(try #require(output.documents.first).components.map(\.id)
                == ["guides-cards--card", "guides-cards--card-2", "guides-cards--card-3", "guides-cards--component-4"])
    }

    /// A doc from its memo that clashes with an edited doc: the same error as check's.
    @Test func aClashFoundAtADocFromItsMemoReadsAsCheckSays() throws {
        let site = try TestSite(["g-a.md": Self.doc("Other"), "g/a.md": Self.doc("Card")])
        defer { site.remove() }
        #expect(try site.build().diagnostics == [])
        try site.write("g-a.md", Self.doc("Card"))
        let built = try site.build()
        #expect(built.steps.first { $0.name == "parse Markdown" }?.summary.contains("1 unchanged") == true)
        #expect(built.diagnostics.map(\.description) == [Self.clash])
        #expect(try site.builder().check().diagnostics.map(\.description) == [Self.clash])
    }

    /// A 60-word title: the id is cut at 238 bytes and ends in "-" and 16 hex digits of
    /// the SHA-256 of the whole id (255 bytes, a folder name the file system takes).
    @Test func aLongIdIsCutWithAHashAndBuilds() throws {
        let words = (0..<60).map { "word\($0)" }
        let site = try TestSite(["a.md": Self.doc(words.joined(separator: " "), words.dropLast().joined(separator: " ") + " other")])
        defer { site.remove() }
        #expect(try site.builder().check().diagnostics == [])
        #expect(try site.build().diagnostics == [])
        let ids = try Self.ids(site)
        let cut = "a--" + words.joined(separator: "-").utf8.prefix(235).map { String(UnicodeScalar($0)) }.joined()
        #expect(ids == [cut + "-3f31d67c7e240adc", cut + "-9926ce4790d8a365"])
        #expect(ids.allSatisfy { $0.utf8.count == 255 })
        #expect(try site.read("a.html").contains("id=\"\(cut)-9926ce4790d8a365\""))
    }

    @Test func fittedKeepsNamesThatFitAndCutsAtACharacterBoundary() {
        let fits = String(repeating: "a", count: 250)
        #expect(NameLimits.fitted(fits, reserving: 5) == fits)
        #expect(NameLimits.fitted(fits + "b", reserving: 5) == String(repeating: "a", count: 233) + "-"
                + SHA256.hex(Array((fits + "b").utf8)).prefix(16))
        // "é" is two bytes: after "x", a cut at byte 238 would split the 119th, so it keeps 118.
        let accented = "x" + String(repeating: "é", count: 200)
        let cut = NameLimits.fitted(accented)
        #expect(cut == "x" + String(repeating: "é", count: 118) + "-" + SHA256.hex(Array(accented.utf8)).prefix(16))
        #expect(cut.utf8.count == 254)
    }
}
