import Foundation
import SkeletonCore
import Testing

/// One PNG that cannot be decoded does not hide the others: every report is written,
/// with that pair as an error entry, and the run still exits 2
/// (site/reference/command-line.md, `diff`).
@Suite struct DiffBrokenImageTests {
    typealias F = DiffCLIFixtures

    /// F.mixed() plus cut.png: a good baseline, a current PNG cut short.
    static func withTruncated() throws -> (URL, String) {
        let root = try F.mixed()
        try F.writePNG(F.picture(box: F.grey), root.appendingPathComponent("base"), "cut.png")
        var truncated = PNGEncoder.encode(F.picture(box: F.grey))
        truncated.removeLast(20)
        try Data(truncated).write(to: root.appendingPathComponent("cur/cut.png"))
        let message: String
        do {
            _ = try PNGDecoder.decode(truncated)
            message = "decoded"
        } catch {
            message = error.message
        }
        return (root, message)
    }

    @Test func everyReportIsCompleteForTheRest() throws {
        let (root, message) = try Self.withTruncated()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(message != "decoded")
        let result = try CLIRunner.run(["diff", "base", "cur", "--json", "r.json", "--junit", "r.xml", "--output", "report"],
                                       cwd: root)
        #expect(result.status == 2)
        #expect(result.stderr == "cur/cut.png: error: \(message)\n")
        #expect(result.stdout == """
            changed   changed.png: 12 of 120 pixels differ (10.00%), over tolerance (allowed 0); measure exact, pixelmatch 0.1 counts 12
            error     cut.png: cur/cut.png: error: \(message)
            removed   gone.png: baseline image (12x10) has no current image
            added     new.png: new image (12x10), no baseline
            resized   size.png: size changed from 12x10 to 13x10
            7 images: 2 unchanged, 1 changed, 1 added, 1 removed, 1 resized, 1 unreadable; 4 failed
            report: report/index.html

            """)

        let json = try F.text(root.appendingPathComponent("r.json"))
        let lines = json.split(separator: "\n").map(String.init)
        #expect(lines.count == 12)
        #expect(lines[3] == #"{"path":"cut.png","status":"error","mismatched_pixels":null,"antialiased_pixels":null,"total_pixels":null,"ratio":null,"baseline_size":null,"current_size":null,"failed":true,"diff_image":null,"measure":null,"exact_pixels":null,"pixelmatch_pixels":null,"errors":[{"file":"cur/cut.png","message":"\#(message)"}]},"#)
        #expect(lines[2].hasPrefix(#"{"path":"changed.png","status":"changed","mismatched_pixels":12,"#))
        #expect(lines[9] == #""summary":{"images":7,"unchanged":2,"changed":1,"added":1,"removed":1,"resized":1,"failed":4,"passed":false,"errors":1},"#)
        #expect(lines[11] == #""ok":false,"errors":[{"file":"cur/cut.png","message":"\#(message)"}]}"#)
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])

        let junit = DiffJUnitTiming.withoutTimings(try F.text(root.appendingPathComponent("r.xml")))
        #expect(junit == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="skelsite diff" tests="7" failures="4" errors="1">
              <testsuite name="skelsite diff" tests="7" failures="4" errors="1" skipped="0">
                <testcase classname="skelsite.diff" name="cards/same.png"/>
                <testcase classname="skelsite.diff" name="changed.png">
                  <failure type="changed" message="12 of 120 pixels differ (10.00%), over tolerance (allowed 0); measure exact, pixelmatch 0.1 counts 12"/>
                </testcase>
                <testcase classname="skelsite.diff" name="cut.png">
                  <error type="unreadable" message="cur/cut.png: error: \(message)"/>
                </testcase>
                <testcase classname="skelsite.diff" name="gone.png">
                  <failure type="removed" message="baseline image (12x10) has no current image"/>
                </testcase>
                <testcase classname="skelsite.diff" name="new.png">
                  <failure type="added" message="new image (12x10), no baseline"/>
                </testcase>
                <testcase classname="skelsite.diff" name="same.png"/>
                <testcase classname="skelsite.diff" name="size.png">
                  <failure type="resized" message="size changed from 12x10 to 13x10"/>
                </testcase>
              </testsuite>
            </testsuites>

            """)

        let html = try F.text(root.appendingPathComponent("report/index.html"))
        #expect(html.contains("<section id=\"image-2\" class=\"failed error\">\n<h2><span class=\"status\">error</span> cut.png</h2>\n"
                              + "<p>cur/cut.png: error: \(message)</p>\n</section>\n"))
        #expect(html.contains("src=\"diff/changed.png\""))
        #expect(F.exists(root.appendingPathComponent("report/diff/changed.png")))
    }

    @Test func machineFormatsCarryTheErrorToo() throws {
        let (root, message) = try Self.withTruncated()
        defer { try? FileManager.default.removeItem(at: root) }
        let json = try CLIRunner.run(["diff", "base", "cur", "--format", "json", "--json", "r.json"], cwd: root)
        #expect(json.status == 2)
        #expect(json.stdout == (try F.text(root.appendingPathComponent("r.json"))))
        #expect(json.stderr == "cur/cut.png: error: \(message)\n")
        let github = try CLIRunner.run(["diff", "base", "cur", "--format", "github"], cwd: root)
        #expect(github.status == 2)
        #expect(github.stdout.contains("::error file=cur/changed.png,title=skelsite diff::changed.png changed: "))
        #expect(github.stdout.contains("::error file=cur/cut.png,title=skelsite diff::\(message)\n"))
    }

    /// A missing folder is not one broken image: nothing is compared, nothing written.
    @Test func aMissingFolderStillWritesNoReport() throws {
        let root = try F.mixed()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLIRunner.run(["diff", "base", "nope", "--json", "r.json", "--junit", "r.xml"], cwd: root)
        #expect(result.status == 2)
        #expect(result.stderr == "nope: error: no such directory\n")
        #expect(!F.exists(root.appendingPathComponent("r.json")))
        #expect(!F.exists(root.appendingPathComponent("r.xml")))
    }
}
