import Foundation
import Testing

@Suite struct BuildCommandTests {
    @Test func buildsWithStepLinesOnStderr() throws {
        let root = try BuildCLIHarness.folder(["site/index.md": "# Home\n", "site/a.md": "# A\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try BuildCLIHarness.run(["build"], in: root)
        #expect(result.status == 0)
        #expect(result.stdout == "")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 10)
        let prefixes = lines.prefix(8).map { String($0.prefix(while: { $0 != "(" })) }
        #expect(prefixes == [
            "[1/8] discover docs: 2 docs ", "[2/8] parse Markdown: 2 docs, 0 specs ", "[3/8] parse specs: 0 specs, 0 errors, 0 warnings ",
            "[4/8] keep unchanged: 0 pages, 0 PNGs ",
            "[5/8] render components: rendered 0, cached 0 ", "[6/8] write pages: \(1 + BuildCLIHarness.themePages.count) pages, 0 PNGs, \(BuildCLIHarness.themeAssets.count) assets ",
            "[7/8] write indexes: gallery of 0, search index, no sitemap ",
            "[8/8] swap output: \(root.appendingPathComponent("_site").standardizedFileURL.path) ",
        ])
        // No base URL: no sitemap (its URLs must be absolute), and a note that says so.
        #expect(lines[8] == "note: no sitemap.xml: set a base URL (--base-url or base_url in skelsite.toml)")
        #expect(lines.last == "built 2 docs, 0 components into _site")
        #expect(BuildCLIHarness.files(in: root.appendingPathComponent("_site")).contains("a.html"))
    }

    @Test func quietPrintsNothing() throws {
        let root = try BuildCLIHarness.folder(["docs/a.md": "# A\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try BuildCLIHarness.run(["build", "docs", "--output", "out", "--quiet"], in: root)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(BuildCLIHarness.files(in: root.appendingPathComponent("out")) == ([
            ".skelsite-output", "a.html", "diff/.skelsite-diff-report", "diff/index.html", "index.html",
            "search-index.json",
        ] + BuildCLIHarness.themeAssets + BuildCLIHarness.themePages).sorted())
    }

    @Test func docErrorsExitOneWithCompilerStyleDiagnostics() throws {
        let root = try BuildCLIHarness.folder(["docs/a.md": "---\norder: x\n---\n# A\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try BuildCLIHarness.run(["build", "docs", "-o", "out", "-q"], in: root)
        #expect(result.status == 1)
        #expect(result.stderr == """
            docs/a.md:2:8: error: order must be a whole number, got 'x'
            order: x
                   ^
            build failed: 1 error; out left as it was

            """)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("out").path))
    }

    @Test func missingSourceExitsTwo() throws {
        let root = try BuildCLIHarness.folder([:])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try BuildCLIHarness.run(["build", "nowhere", "-q"], in: root)
        #expect(result.status == 2)
        #expect(result.stderr == "skelsite build: source folder \(root.appendingPathComponent("nowhere").standardizedFileURL.path) does not exist or is not a folder\n")
    }
}
