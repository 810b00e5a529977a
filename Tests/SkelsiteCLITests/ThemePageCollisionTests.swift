import Foundation
import Testing

/// A doc whose page is also one of the theme's pages (site/reference/limits.md, "Names
/// skelsite makes"): the theme's page used to replace it without a word.
@Suite struct ThemePageCollisionTests {
    static let message = "docs/playground.md:1:1: error: the page playground.html is also the theme's page "
        + "playground.mustache, which would replace it; rename the doc"

    @Test func buildAndCheckRefuseTheDocAndKeepThePreviousOutput() throws {
        let root = try BuildCLIHarness.folder(["docs/a.md": "# A\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try BuildCLIHarness.run(["build", "docs", "--output", "out", "--quiet"], in: root)
        #expect(first.status == 0, "\(first.stderr)")
        let playground = root.appendingPathComponent("out/playground.html")
        let before = try Data(contentsOf: playground)

        try Data("# Play\n\nMine.\n".utf8).write(to: root.appendingPathComponent("docs/playground.md"))
        let build = try BuildCLIHarness.run(["build", "docs", "--output", "out", "--quiet"], in: root)
        #expect(build.status == 1)
        #expect(build.stderr.hasPrefix(Self.message + "\n"), "\(build.stderr)")
        #expect(try Data(contentsOf: playground) == before)
        let check = try BuildCLIHarness.run(["check", "docs", "--quiet"], in: root)
        #expect(check.status == 1)
        #expect(check.stderr.hasPrefix(Self.message + "\n"), "\(check.stderr)")
        // Renamed, it builds; the theme's page is the theme's.
        try FileManager.default.moveItem(at: root.appendingPathComponent("docs/playground.md"),
                                         to: root.appendingPathComponent("docs/my-playground.md"))
        let renamed = try BuildCLIHarness.run(["build", "docs", "--output", "out", "--quiet"], in: root)
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(try String(contentsOf: root.appendingPathComponent("out/my-playground.html"), encoding: .utf8).contains("Mine."))
    }
}
