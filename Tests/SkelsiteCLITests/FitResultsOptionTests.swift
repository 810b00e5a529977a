import Foundation
import TestSupport
import Testing

/// `skelsite build --fit-results FILE` and `[fit] results` (site/guides/fit-the-content.md,
/// "In the gallery"): the component page shows the measured figures beside its content,
/// the gallery card its badge; a bad file is a located error (exit 2) and nothing is written.
@Suite struct FitResultsOptionTests {
    static let doc = """
        # Row

        ```skeleton
        skeleton "Row" width=120
          rect height=20 radius=4
        ```

        ```html
        <div style="height:24px">A title</div>
        ```

        """

    static let failing = """
        {"cases": [
          {"path": "docs/row.md", "line": 3, "width": 120, "theme": "light", "engine": "chromium",
           "content": {"x": 0, "y": 0, "width": 120, "height": 24}, "delta": {"width": 0, "height": 4},
           "shift": {"score": 0.004575, "impact": 0.915, "distance": 0.005}, "pass": false, "browserShift": 0.004575}
        ], "threshold": 0}
        """

    static func folder(_ files: [String: String]) throws -> URL {
        try FileTree.write(files, prefix: "skelsite-cli-")
    }

    static func read(_ root: URL, _ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theFlagShowsTheFiguresAndTheBadge() throws {
        let root = try Self.folder(["docs/row.md": Self.doc, "fit.json": Self.failing])
        defer { try? FileManager.default.removeItem(at: root) }
        let before = try CLIRunner.run(["build", "docs", "--output", "out", "--quiet"], cwd: root)
        #expect(before.status == 0, "\(before.stderr)")
        #expect(try Self.read(root, "out/index.html").contains("Content: not measured"))
        let after = try CLIRunner.run(["build", "docs", "--output", "out", "--quiet", "--fit-results", "fit.json"], cwd: root)
        #expect(after.status == 0, "\(after.stderr)")
        let page = try Self.read(root, "out/row.html")
        #expect(page.contains("<tr class=\"fit-fails\"><th scope=\"row\">Chromium, light</th><td>0 × +4 px</td><td>0.004575</td>"
                              + "<td>0.004575</td></tr>"))
        let gallery = try Self.read(root, "out/index.html")
        #expect(gallery.contains("Content: shifts 0.004575"))
        #expect(!gallery.contains("Content: not measured"))
    }

    @Test func theProjectFileNamesItToo() throws {
        let root = try Self.folder(["docs/row.md": Self.doc, "fit.json": Self.failing,
                                    "skelsite.toml": "source = \"docs\"\noutput = \"out\"\n[fit]\nresults = \"fit.json\"\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CLIRunner.run(["build", "--quiet"], cwd: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.read(root, "out/index.html").contains("Content: shifts 0.004575"))
    }

    @Test func aBadFileIsLocatedAndNothingIsWritten() throws {
        let bad = "{\"cases\": [{\"path\": \"row.md\", \"line\": 3, \"width\": 120, \"theme\": \"dim\", "
            + "\"delta\": {\"width\": 0, \"height\": 0}, \"shift\": {\"score\": 0}}]}"
        let root = try Self.folder(["docs/row.md": Self.doc, "bad.json": bad])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try CLIRunner.run(["build", "docs", "--output", "out", "--fit-results", "bad.json"], cwd: root)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix(root.appendingPathComponent("bad.json").path + ":1:"), "\(run.stderr)")
        #expect(run.stderr.contains("error: case 1: \"theme\" must be \"light\" or \"dark\", got \"dim\""), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("out").path))
    }
}
