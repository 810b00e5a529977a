import Foundation
import Testing

/// `SKELSITE_TEMPLATE_RENDERER=report`: every template the compiled renderer declines is
/// named once on standard error. The project's own docs, with the default theme, must
/// name none (a context value of a type it does not cover, such as `[String: String]`
/// for a page's next link, once sent every page to swift-mustache unnoticed).
@Suite struct CompiledTemplatesCLITests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theProjectsDocsRenderEveryTemplateCompiled() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        // A copy, so the build's cache does not land in the repository.
        try FileManager.default.copyItem(at: Self.repository.appendingPathComponent("site"), to: root.appendingPathComponent("site"))
        try? FileManager.default.removeItem(at: root.appendingPathComponent("site/.skelsite-cache"))
        let result = try CLIRunner.run(["build", "site", "--output", "out", "--quiet"], cwd: root,
                                       environment: ["SKELSITE_TEMPLATE_RENDERER": "report"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        // What the docs use: folders in the nav, previous and next links, tags, the gallery.
        let page = try String(contentsOf: root.appendingPathComponent("out/guides/comparison.html"), encoding: .utf8)
        #expect(page.contains("rel=\"prev\"><span>Previous</span>"))
        #expect(page.contains("rel=\"next\"><span>Next</span>"))
    }

    @Test func aTemplateOutsideTheSubsetIsNamedOnce() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("docs"), withIntermediateDirectories: true)
        for name in ["a", "b", "c"] { try Data("# Doc \(name)\n".utf8).write(to: root.appendingPathComponent("docs/\(name).md")) }
        let theme = root.appendingPathComponent("theme")
        try FileManager.default.copyItem(at: Self.repository.appendingPathComponent("Templates"), to: theme)
        let page = theme.appendingPathComponent("page.mustache")
        let original = try String(contentsOf: page, encoding: .utf8)
        // A transform: swift-mustache renders it, the compiler declines it.
        try Data(original.replacingOccurrences(of: "</main>", with: "<p>{{uppercased(pageTitle)}}</p>\n</main>").utf8).write(to: page)

        let result = try CLIRunner.run(["build", "docs", "--output", "out", "--templates", "theme", "--quiet"], cwd: root,
                                       environment: ["SKELSITE_TEMPLATE_RENDERER": "report"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "skelsite: note: template 'page' was rendered by swift-mustache: it, or a value it shows, "
            + "is outside what the compiled renderer covers (Templates/README.md); same output, slower\n")
        let html = try String(contentsOf: root.appendingPathComponent("out/b.html"), encoding: .utf8)
        #expect(html.contains("<p>DOC B</p>\n</main>"))

        // Without the variable nothing is said, and the pages are the same.
        let quiet = try CLIRunner.run(["build", "docs", "--output", "out2", "--templates", "theme", "--quiet"], cwd: root)
        #expect(quiet.status == 0)
        #expect(quiet.stderr == "")
        #expect(try Data(contentsOf: root.appendingPathComponent("out2/b.html")) == Data(contentsOf: root.appendingPathComponent("out/b.html")))
    }
}
