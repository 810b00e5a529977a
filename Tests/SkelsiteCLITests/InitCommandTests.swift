import Foundation
import Testing

@Suite struct InitCommandTests {
    /// `init` output builds without errors, and a second `init` refuses to overwrite.
    @Test func scaffoldBuildsCleanly() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let created = try CLIRunner.run(["init", "project"], cwd: root)
        #expect(created.status == 0)
        #expect(created.stdout == """
        created project/docs/index.md
        created project/docs/components/article-row.md
        created project/docs/components/profile-card.md
        created project/.gitignore
        created project/.github/workflows/skeletons.yml
        next: skelsite serve project/docs
        for CI: set SKELSITE_REPOSITORY in .github/workflows/skeletons.yml, then create and commit baselines/ (see the workflow's header)

        """)
        let build = try CLIRunner.run(["build", "project/docs", "--output", "project/_site", "--quiet"], cwd: root)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr == "")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("project/_site/index.html").path))
        let again = try CLIRunner.run(["init", "project"], cwd: root)
        #expect(again.status == 2)
        #expect(again.stderr.hasPrefix("skelsite init: error: refusing to overwrite existing files: docs/index.md,"))
    }
}
