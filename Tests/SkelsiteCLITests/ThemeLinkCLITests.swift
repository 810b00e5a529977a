import Foundation
import Testing

/// A theme link that leaves the theme folder, through the command line: exit 1 with a
/// located error, like a doc's link (site/reference/limits.md), whether the theme is
/// given with `--templates` or in skelsite.toml.
@Suite struct ThemeLinkCLITests {
    @Test func aThemeAssetLinkedToAHostFileExitsOneAndPublishesNothing() throws {
        let root = try BuildCLIHarness.folder(["s/index.md": "# H\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let theme = root.appendingPathComponent("theme")
        try FileManager.default.copyItem(at: BuildCLIHarness.templates, to: theme)
        try FileManager.default.createSymbolicLink(atPath: theme.appendingPathComponent("assets/leak.txt").path,
                                                   withDestinationPath: "/etc/passwd")
        let message = "/theme/assets/leak.txt:1:1: error: symbolic link leaves the theme folder (-> /etc/passwd)\n"
        let flag = try BuildCLIHarness.run(["build", "s", "--output", "o", "--templates", "theme", "-q"], in: root)
        #expect(flag.status == 1)
        #expect(flag.stderr.contains(message), "\(flag.stderr)")
        #expect(flag.stderr.contains("build failed: 1 error; o left as it was"))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("o").path))

        try Data("source = \"s\"\noutput = \"o\"\ntemplates = \"theme\"\n".utf8)
            .write(to: root.appendingPathComponent("skelsite.toml"))
        let project = try BuildCLIHarness.run(["build", "-q"], in: root)
        #expect(project.status == 1)
        #expect(project.stderr.contains(message), "\(project.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("o").path))
    }
}
