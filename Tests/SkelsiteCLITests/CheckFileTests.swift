import Foundation
import Testing

/// `skelsite check FILE`: one `.md` doc or one `.skel` spec, as `render` and `export`
/// take them (site/reference/command-line.md, "check").
@Suite struct CheckFileTests {
    static func folder() throws -> URL {
        let root = try CLIRunner.temporaryFolder()
        let docs = root.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        try Data("# Good\n\n```skeleton\nskeleton \"Good\" width=120\n  rect 100x20\n```\n".utf8)
            .write(to: docs.appendingPathComponent("good.md"))
        // A broken neighbour: checking good.md alone must not read it.
        try Data("# Bad\n\n```skeleton\nskeleton \"Bad\" width=120\n  rect 100x20 radius=oops\n```\n".utf8)
            .write(to: docs.appendingPathComponent("bad.md"))
        try Data("skeleton \"One\" width=80\n  circle 40\n".utf8).write(to: root.appendingPathComponent("one.skel"))
        try Data("skeleton \"Two\" width=80\n  circle forty\n".utf8).write(to: root.appendingPathComponent("two.skel"))
        return root
    }

    @Test func oneDocIsCheckedAlone() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let good = try CLIRunner.run(["check", "docs/good.md"], cwd: root)
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stderr.contains("ok: 1 docs, 1 specs"), "\(good.stderr)")
        let bad = try CLIRunner.run(["check", "docs/bad.md", "--quiet"], cwd: root)
        #expect(bad.status == 1)
        #expect(bad.stderr.hasPrefix("docs/bad.md:5:"), "\(bad.stderr)")
        // The whole folder still reports the bad doc.
        #expect(try CLIRunner.run(["check", "docs", "--quiet"], cwd: root).status == 1)
    }

    @Test func oneSpecFileIsParsedAndBounded() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let one = try CLIRunner.run(["check", "one.skel"], cwd: root)
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stderr.contains("ok: 1 spec"), "\(one.stderr)")
        let two = try CLIRunner.run(["check", "two.skel", "--quiet"], cwd: root)
        #expect(two.status == 1)
        #expect(two.stderr.hasPrefix("two.skel:2:10: error: "), "\(two.stderr)")
        let json = try CLIRunner.run(["check", "two.skel", "--format", "json"], cwd: root)
        #expect(json.status == 1)
        #expect(json.stdout.contains("{\"file\":\"two.skel\",\"line\":2,\"column\":10,\"severity\":\"error\""), "\(json.stdout)")
    }

    @Test func aFileThatIsNotADocIsAUsageError() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("x".utf8).write(to: root.appendingPathComponent("notes.txt"))
        let result = try CLIRunner.run(["check", "notes.txt"], cwd: root)
        #expect(result.status == 2)
        #expect(result.stderr.contains("notes.txt: not a doc skelsite reads (a .md file inside the source folder)"), "\(result.stderr)")
    }
}
