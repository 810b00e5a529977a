import Foundation
@testable import SkelSite
import Testing
import SkelsiteStore

/// Hostile names and files end to end (site/reference/limits.md, "Generated code" and
/// "Files skelsite reads"): a doc folder's name cannot become Swift code in `export`,
/// a title cannot become markup, and a verify results file with a number out of range
/// is a located error (exit 2), not a crash.
@Suite struct HostileInputCLITests {
    static let doc = "# Bars\n\n```skeleton\nskeleton \"Bar\" width=40 height=10\n  animation none\n  rect width=20 height=10\n```\n"

    @Test func aNewlineInADocFolderNameStaysInTheSwiftComment() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("docs/a\npublic let pwned = 1")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.doc.utf8).write(to: folder.appendingPathComponent("doc.md"))
        let result = try CLIRunner.run(["export", "docs", "--output", "out"], cwd: root)
        #expect(result.status == 0, "\(result.stderr)")
        let views = try String(contentsOf: root.appendingPathComponent("out/Skeletons.swift"), encoding: .utf8)
        #expect(views.contains("\n/// Bar: the skeleton of docs/a\\npublic let pwned = 1/doc.md:4:1.\npublic struct BarSkeleton: View {\n"))
        #expect(!views.contains("\npublic let pwned"))
        let parsed = try Self.swiftc(["-parse", root.appendingPathComponent("out/Skeletons.swift").path])
        #expect(parsed.status == 0 && parsed.output.isEmpty, "\(parsed.output)")
    }

    @Test func aTitleWithMarkupIsTextInTheHTMLExport() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("skeleton \"<b>\\\"x\\\"</b> & 'y'\" width=40\n  rect height=10\n".utf8)
            .write(to: root.appendingPathComponent("card.skel"))
        let result = try CLIRunner.run(["export", "card.skel", "--format", "html", "--output", "web"], cwd: root)
        #expect(result.status == 0, "\(result.stderr)")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("web").path)
            .first { $0.hasSuffix(".html") })
        let html = try String(contentsOf: root.appendingPathComponent("web").appendingPathComponent(name), encoding: .utf8)
        #expect(html.contains("<span class=\"sk-label\">Loading &lt;b&gt;&quot;x&quot;&lt;/b&gt; &amp; &#39;y&#39;…</span>"))
    }

    /// `"match": 1e20` for a component of the site trapped with SIGILL ("Double value
    /// cannot be converted to Int64") when its page showed the figure.
    @Test func aMatchOutOfRangeIsALocatedErrorNotACrash() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try Data(Self.doc.utf8).write(to: root.appendingPathComponent("docs/bars.md"))
        let spec = "skeleton \"Bar\" width=40 height=10\n  animation none\n  rect width=20 height=10"
        let digest = SHA256.hex(Array(spec.utf8))
        let json = "{\"minimum\":0.995,\n\"results\":[\n{\"component\":\"bars.md:4\",\"theme\":\"light\",\"scale\":1,\"time\":0,"
            + "\"match\":1e20,\"spec\":\"\(digest)\"}\n]}\n"
        try Data(json.utf8).write(to: root.appendingPathComponent("verify.json"))
        let result = try CLIRunner.run(["build", "docs", "--output", "out", "--verify-results", "verify.json"], cwd: root)
        let path = root.appendingPathComponent("verify.json").path
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "\(path):3:69: error: result 1: \"match\" must be a number from 0 to 1, got 1e20\n")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("out").path))
        // The same file with the figure in range builds, and the page shows it.
        try Data(json.replacingOccurrences(of: "1e20", with: "0.5").utf8).write(to: root.appendingPathComponent("verify.json"))
        let fixed = try CLIRunner.run(["build", "docs", "--output", "out", "--verify-results", "verify.json", "--quiet"], cwd: root)
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(fixed.stderr == "")
        #expect(try String(contentsOf: root.appendingPathComponent("out/bars.html"), encoding: .utf8).contains("50%"))
    }

    static func swiftc(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
