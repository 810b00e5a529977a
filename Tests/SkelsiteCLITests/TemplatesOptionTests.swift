import Foundation
import Testing
import TestSupport

/// `build --templates DIR`: a copied, edited theme is what the pages are made from.
@Suite struct TemplatesOptionTests {
    static let repositoryTemplates = Repository.templates

    @Test func buildUsesTheCopiedTheme() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try Data("# Guide\n".utf8).write(to: root.appendingPathComponent("docs/guide.md"))
        let theme = root.appendingPathComponent("mytheme")
        try FileManager.default.copyItem(at: Self.repositoryTemplates, to: theme)
        let page = theme.appendingPathComponent("page.mustache")
        let original = try String(contentsOf: page, encoding: .utf8)
        try Data(original.replacingOccurrences(of: "</main>", with: "<p>cli-theme-marker</p>\n</main>").utf8).write(to: page)

        let result = try CLIRunner.run(["build", "docs", "--output", "out", "--templates", "mytheme", "--quiet"], cwd: root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "")
        #expect(result.stderr == "")
        let html = try String(contentsOf: root.appendingPathComponent("out/guide.html"), encoding: .utf8)
        #expect(html.contains("<p>cli-theme-marker</p>\n</main>"))
    }

    @Test func aMissingTemplatesFolderIsAUsageError() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try Data("# Guide\n".utf8).write(to: root.appendingPathComponent("docs/guide.md"))
        let result = try CLIRunner.run(["build", "docs", "--output", "out", "--templates", "nope", "--quiet"], cwd: root)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        let missing = URL(fileURLWithPath: "nope", relativeTo: root).path
        #expect(result.stderr == "skelsite build: templates folder \(missing) has no page.mustache\n")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("out").path))
    }
}
