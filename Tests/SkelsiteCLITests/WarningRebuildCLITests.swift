import Foundation
import Testing
import SkelsiteStore

/// A site whose docs have warnings (no error) takes the build's shortcuts like any other:
/// a rebuild with nothing changed is "up to date" and prints the warnings the build that
/// wrote the output printed, byte for byte, in every format (`OutputManifest.warnings`,
/// site/reference/output-folder.md).
@Suite struct WarningRebuildCLITests {
    typealias Cards = VisibilityWarningCLITests

    func folder() throws -> URL {
        try BuildCLIHarness.folder(["docs/cards.md": Cards.cards, "docs/plain.md": "# Plain\n"])
    }

    /// The `[i/n]` lines without their times.
    static func steps(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").filter { $0.hasPrefix("[") }.map { String($0.prefix(while: { $0 != "(" })) }
    }

    @Test func textWarningsAreTheSameAndTheRebuildIsUpToDate() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try BuildCLIHarness.run(["build", "docs", "--output", "out"], in: root)
        let second = try BuildCLIHarness.run(["build", "docs", "--output", "out"], in: root)
        #expect(first.status == 0 && second.status == 0)
        #expect(Self.steps(second.stderr) == [
            "[1/8] discover docs: 2 docs ", "[2/8] parse Markdown: up to date ", "[3/8] parse specs: up to date ",
            "[4/8] keep unchanged: up to date ", "[5/8] render components: up to date ", "[6/8] write pages: up to date ",
            "[7/8] write indexes: up to date ", "[8/8] swap output: up to date ",
        ])
        let warnings = { (stderr: String) in stderr.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("[") }.joined(separator: "\n") }
        #expect(warnings(second.stderr) == warnings(first.stderr))
        #expect(warnings(first.stderr).hasPrefix(Cards.text))
        // Quiet: nothing but the warnings, the same twice.
        let quiet = try BuildCLIHarness.run(["build", "docs", "--output", "out", "--quiet"], in: root)
        #expect(quiet.status == 0 && quiet.stderr == Cards.text)
    }

    @Test func jsonAndGitHubFormatsAreTheSame() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let diagnostics = "[{\"file\":\"docs/cards.md\",\"line\":5,\"column\":17,\"severity\":\"warning\",\"message\":\"\(Cards.fillMessage)\"},"
            + "{\"file\":\"docs/cards.md\",\"line\":6,\"column\":26,\"severity\":\"warning\",\"message\":\"\(Cards.paleMessage)\"}]"
        let first = try BuildCLIHarness.run(["build", "docs", "--output", "out", "--format", "json"], in: root)
        #expect(first.status == 0)
        #expect(first.stdout == "{\"ok\":true,\"diagnostics\":\(diagnostics),\"documents\":2,\"components\":1,\"rendered\":1,\"cached\":0}\n")
        // Up to date: the same diagnostics; the one component counts as cached, as a
        // rebuild with nothing changed always reported it.
        let second = try BuildCLIHarness.run(["build", "docs", "--output", "out", "--format", "json"], in: root)
        #expect(second.status == 0)
        #expect(second.stdout == "{\"ok\":true,\"diagnostics\":\(diagnostics),\"documents\":2,\"components\":1,\"rendered\":0,\"cached\":1}\n")
        let github = try (0..<2).map { _ in
            try BuildCLIHarness.run(["build", "docs", "--output", "out", "--format", "github", "--quiet"], in: root)
        }
        #expect(github[0].stdout == """
            ::warning file=docs/cards.md,line=5,col=17::\(Cards.fillMessage)
            ::warning file=docs/cards.md,line=6,col=26::\(Cards.paleMessage)

            """)
        #expect(github[1].stdout == github[0].stdout && github[1].stderr == github[0].stderr)
        #expect(github[0].stderr == Cards.text)
    }

    @Test func aProseEditOfAnotherDocTakesTheWarnedDocFromItsMemo() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try BuildCLIHarness.run(["build", "docs", "--output", "out", "--quiet"], in: root)
        try Data("# Plain\n\nMore.\n".utf8).write(to: root.appendingPathComponent("docs/plain.md"))
        let second = try BuildCLIHarness.run(["build", "docs", "--output", "out"], in: root)
        #expect(first.status == 0 && second.status == 0)
        #expect(Self.steps(second.stderr)[1] == "[2/8] parse Markdown: 2 docs, 1 unchanged, 1 specs ")
        #expect(Self.steps(second.stderr)[4] == "[5/8] render components: rendered 0, cached 1 ")
        #expect(second.stderr.hasPrefix(Cards.text) || second.stderr.contains(Cards.text))
        #expect(first.stderr == Cards.text)
    }
}
