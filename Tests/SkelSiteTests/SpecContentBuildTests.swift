import Foundation
import Testing
@testable import SkelSite

/// The build reads the content beside each spec where it reads the doc, and carries it
/// in the component's record (site/guides/fit-the-content.md); a bad reference is the
/// doc's error, and the previous output stays.
@Suite struct SpecContentBuildTests {
    static let doc = """
        # Row

        ```skeleton
        skeleton "Row" width=200
          rect height=20
        ```

        ```html
        <p data-skeleton="title">Hello</p>
        ```

        ```css
        p { margin: 0; height: 20px; }
        ```

        ```skeleton
        skeleton "Bare" width=100
          rect height=10
        ```
        """

    @Test func theParsedRecordsCarryTheContent() throws {
        let site = try TestSite(["row.md": Self.doc])
        defer { site.remove() }
        let outcome = DocumentLoader.load(relativePath: "row.md", source: site.source, displayPath: "docs/row.md",
                                          links: LinkRewriter(pages: ["row.md": "row.html"]), allowRawHTML: false)
        guard case .loaded(let document, let diagnostics) = outcome else {
            Issue.record("not loaded: \(outcome)")
            return
        }
        #expect(diagnostics == [])
        let parsed = SpecStep.run([.loaded(document, digest: "d")])
        let components = parsed.documents[0].components
        #expect(components.map(\.id) == ["row--row", "row--bare"])
        #expect(components[0].content == SpecContent(html: "<p data-skeleton=\"title\">Hello</p>",
                                                     css: "p { margin: 0; height: 20px; }", origin: "docs/row.md:8"))
        #expect(components[1].content == nil)
        // A content file can change while its doc does not: such a doc is parsed each build.
        #expect(parsed.memos["row.md"] == nil)
    }

    @Test func aBadReferenceFailsTheBuildAndKeepsTheOutput() throws {
        let site = try TestSite(["row.md": "# Row\n\n```skeleton\nskeleton width=200\n  rect height=20\n```\n"])
        defer { site.remove() }
        _ = try site.build()
        let before = TestSite.hashes(of: site.output)
        try site.write("row.md", "# Row\n\n```skeleton\nskeleton width=200 content=samples/missing.html\n  rect height=20\n```\n")
        let report = try site.build()
        #expect(!report.wroteOutput)
        #expect(report.diagnostics.map(\.description) == [
            "docs/row.md:4:28: error: content file 'samples/missing.html' does not exist\n"
                + "skeleton width=200 content=samples/missing.html\n                           ^",
        ])
        #expect(TestSite.hashes(of: site.output) == before)
    }
}
