import Foundation
import Testing

/// The reproductions through the command line: what is refused exits 1 with a
/// located error, what is followed builds (site/reference/limits.md).
@Suite struct SourceSymlinkCLITests {
    @Test func aLinkToAHostFileExitsOneAndPublishesNothing() throws {
        let root = try BuildCLIHarness.folder(["s/index.md": "# H\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("s/passwd.md").path,
                                                   withDestinationPath: "/etc/passwd")
        for command in [["build", "s", "--output", "o", "-q"], ["check", "s", "-q"]] {
            let result = try BuildCLIHarness.run(command, in: root)
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("s/passwd.md:1:1: error: symbolic link leaves the source folder (-> /etc/passwd)\n"))
        }
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("o").path))
    }

    @Test func twoLoopsEndWithExitOne() throws {
        // Before: build and check never ended.
        let root = try BuildCLIHarness.folder(["s/index.md": "# H\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        for name in ["a", "b"] {
            try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("s/\(name)").path, withDestinationPath: ".")
        }
        let result = try BuildCLIHarness.run(["check", "s", "-q"], in: root)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("""
            s/a:1:1: error: symbolic link loop: it leads back to the source folder, which contains it
            s/b:1:1: error: symbolic link loop: it leads back to the source folder, which contains it

            """))
    }

    @Test func aCRLFDraftIsNotPublished() throws {
        let root = try BuildCLIHarness.folder(["d/index.md": "# I\n", "d/s.md": "---\r\ntitle: S\r\ndraft: true\r\n---\r\n# S\r\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try BuildCLIHarness.run(["build", "d", "--output", "od", "-q"], in: root)
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("od/index.html").path))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("od/s.html").path))
    }

    @Test func buildingThroughAnOutputLinkKeepsTheLinkAndFillsItsFolder() throws {
        let root = try BuildCLIHarness.folder(["src/index.md": "# H\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try BuildCLIHarness.run(["build", "src", "--output", "real", "-q"], in: root).status == 0)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link").path,
                                                   withDestinationPath: root.appendingPathComponent("real").path)
        try Data("# H2\n".utf8).write(to: root.appendingPathComponent("src/index.md"))
        #expect(try BuildCLIHarness.run(["build", "src", "--output", "link", "-q"], in: root).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: root.appendingPathComponent("link").path)
                == root.appendingPathComponent("real").path)
        let page = try String(contentsOf: root.appendingPathComponent("real/index.html"), encoding: .utf8)
        #expect(page.contains("H2"))
    }
}
