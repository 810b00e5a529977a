import Foundation
import Testing

/// `skelsite diff --format json|github`: machine output on stdout, asserted exactly.
@Suite struct DiffFormatTests {
    typealias F = DiffCLIFixtures

    @Test func githubAnnotatesEveryFailingImage() throws {
        let root = try F.mixed()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLIRunner.run(["diff", "base", "cur", "--format", "github"], cwd: root)
        #expect(result.status == 1)
        #expect(result.stdout == """
            ::error file=cur/changed.png,title=skelsite diff::changed.png changed: 12 of 120 pixels differ (10.00%25), over tolerance (allowed 0); measure exact, pixelmatch 0.1 counts 12
            ::error file=base/gone.png,title=skelsite diff::gone.png removed: baseline image (12x10) has no current image
            ::error file=cur/new.png,title=skelsite diff::new.png added: new image (12x10), no baseline
            ::error file=cur/size.png,title=skelsite diff::size.png resized: size changed from 12x10 to 13x10
            changed   changed.png: 12 of 120 pixels differ (10.00%), over tolerance (allowed 0); measure exact, pixelmatch 0.1 counts 12
            removed   gone.png: baseline image (12x10) has no current image
            added     new.png: new image (12x10), no baseline
            resized   size.png: size changed from 12x10 to 13x10
            6 images: 2 unchanged, 1 changed, 1 added, 1 removed, 1 resized; 4 failed

            """)
    }

    @Test func jsonPrintsTheReportDocumentOnStdout() throws {
        let root = try F.changedOnly()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLIRunner.run(["diff", "base", "cur", "--format", "json", "--json", "report.json"], cwd: root)
        #expect(result.status == 1)
        // Same document as --json FILE.
        #expect(result.stdout == (try F.text(root.appendingPathComponent("report.json"))))
        #expect(result.stdout.hasPrefix("""
            {"images":[
            {"path":"changed.png","status":"changed","mismatched_pixels":12,"antialiased_pixels":0,"total_pixels":120,
            """))
    }

    @Test func undecodableFilesAreReportedInTheChosenFormat() throws {
        let root = try F.changedOnly()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("not a png".utf8).write(to: root.appendingPathComponent("cur/changed.png"))
        let json = try CLIRunner.run(["diff", "base", "cur", "--format", "json"], cwd: root)
        #expect(json.status == 2)
        // The whole report now (site/reference/command-line.md, `diff`), still with the
        // "ok" and "errors" keys the document of a failed run has.
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["ok"] as? Bool == false)
        let errors = try #require(document["errors"] as? [[String: String]])
        #expect(errors.map { $0["file"] } == ["cur/changed.png"])
        #expect(errors.first?["message"] == "not a PNG file: bad signature")
        let github = try CLIRunner.run(["diff", "base", "cur", "--format", "github"], cwd: root)
        #expect(github.status == 2)
        #expect(github.stdout.hasPrefix("::error file=cur/changed.png,title=skelsite diff::"))
        let bad = try CLIRunner.run(["diff", "base", "cur", "--format", "xml"], cwd: root)
        #expect(bad.status == 2)
        #expect(bad.stderr == "error: --format must be text, json or github, got 'xml'\n")
    }
}
