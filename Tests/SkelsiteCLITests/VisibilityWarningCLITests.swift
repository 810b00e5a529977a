import Foundation
import Testing

/// `check` and `build` warn about skeletons that cannot be seen (site/reference/
/// diagnostics.md, "Warnings: skeletons that cannot be seen"), in each output format,
/// without failing.
@Suite struct VisibilityWarningCLITests {
    /// A white card with no dark-fill, and a shape too pale to see on it.
    static let cards = """
    # Cards

    ```skeleton
    skeleton "Card" width=200
      row padding=8 fill=#FFFFFF
        rect height=12 color=#F8F8F8 dark-color=#48484A
    ```

    """

    static let fillMessage = "fill #ffffff has no dark-fill, so this row stays light in the dark theme (relative "
        + "luminance 1.000, on the dark background #1c1c1e); give it a dark-fill=, or dark-fill=#ffffff to keep it "
        + "light on purpose"
    static let paleMessage = "rect can hardly be seen in the light theme: its color #f8f8f8 is 0.026 from the fill "
        + "of the row on line 5 #ffffff under it in pixelmatch's YIQ distance (below 0.03 is reported); choose "
        + "colours further apart"

    static let text = """
    docs/cards.md:5:17: warning: \(fillMessage)
      row padding=8 fill=#FFFFFF
                    ^
    docs/cards.md:6:26: warning: \(paleMessage)
        rect height=12 color=#F8F8F8 dark-color=#48484A
                             ^

    """

    func folder(_ doc: String = Self.cards) throws -> URL {
        let root = try CLIRunner.temporaryFolder()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try Data(doc.utf8).write(to: root.appendingPathComponent("docs/cards.md"))
        return root
    }

    @Test func checkTextPrintsLocatedWarningsAndSucceeds() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLIRunner.run(["check", "docs", "--quiet"], cwd: root)
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == Self.text)
    }

    @Test func checkJSONCarriesTheWarnings() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLIRunner.run(["check", "docs", "--format", "json"], cwd: root)
        #expect(result.status == 0)
        #expect(result.stdout == """
        {"ok":true,"diagnostics":[{"file":"docs/cards.md","line":5,"column":17,"severity":"warning","message":"\(Self.fillMessage)"},{"file":"docs/cards.md","line":6,"column":26,"severity":"warning","message":"\(Self.paleMessage)"}],"documents":1,"components":1}

        """)
    }

    @Test func checkGitHubAnnotatesTheWarnings() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLIRunner.run(["check", "docs", "--format", "github", "--quiet"], cwd: root)
        #expect(result.status == 0)
        #expect(result.stdout == """
        ::warning file=docs/cards.md,line=5,col=17::\(Self.fillMessage)
        ::warning file=docs/cards.md,line=6,col=26::\(Self.paleMessage)

        """)
        #expect(result.stderr == Self.text)
    }

    /// `build` runs the same parse stage: it warns, succeeds, and warns again on a rebuild
    /// that reuses everything (from the output's record, `WarningRebuildCLITests`).
    @Test func buildWarnsEveryTimeAndSucceeds() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        for _ in 0..<2 {
            let result = try CLIRunner.run(["build", "docs", "--output", "out", "--quiet"], cwd: root)
            #expect(result.status == 0)
            #expect(result.stderr == Self.text)
        }
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("out/cards.html").path))
    }

    /// The same card with its dark colour and a shape that shows: nothing to say.
    @Test func visibleSpecIsSilent() throws {
        let root = try folder(Self.cards.replacingOccurrences(of: "fill=#FFFFFF", with: "fill=#FFFFFF dark-fill=#1C1C1E")
            .replacingOccurrences(of: "color=#F8F8F8", with: "color=#E5E5EA"))
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLIRunner.run(["check", "docs", "--format", "github", "--quiet"], cwd: root)
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "")
    }
}
