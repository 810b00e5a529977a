import Foundation
import Testing

@Suite struct InitCommandTests {
    /// `skelsite init project && cd project && skelsite build` works with no arguments:
    /// the scaffold's skelsite.toml names docs/ and _site (site/reference/command-line.md), and a second
    /// `init` refuses to overwrite.
    @Test func scaffoldBuildsWithNoArguments() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let created = try CLIRunner.run(["init", "project"], cwd: root)
        #expect(created.status == 0)
        #expect(created.stdout == """
        created project/skelsite.toml
        created project/docs/index.md
        created project/docs/components/article-row.md
        created project/docs/components/profile-card.md
        created project/.gitignore
        created project/.github/workflows/skeletons.yml
        next: cd project && skelsite serve
        for CI: set SKELSITE_ARCHIVE_URL in .github/workflows/skeletons.yml (skelsite 0.1.0's release archive), then create and commit baselines/ (see the workflow's header)

        """)
        let project = root.appendingPathComponent("project")
        let build = try CLIRunner.run(["build", "--quiet"], cwd: project)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr == "")
        let index = try String(contentsOf: project.appendingPathComponent("_site/index.html"), encoding: .utf8)
        #expect(index.contains("<title>Our loading skeletons</title>"))
        #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent("_site/png/components-article-row--article-row").path))
        // From a folder below the project, the file is found in a parent; its paths stay relative to it.
        let check = try CLIRunner.run(["check"], cwd: project.appendingPathComponent("docs/components"))
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stderr.hasSuffix("ok: 3 docs, 3 specs\n"))
        let again = try CLIRunner.run(["init", "project"], cwd: root)
        #expect(again.status == 2)
        #expect(again.stderr.hasPrefix("skelsite init: error: refusing to overwrite existing files: skelsite.toml, docs/index.md,"))
    }
}
