import Foundation
import Testing

/// With GITHUB_STEP_SUMMARY set, `diff` appends a Markdown summary to that file.
@Suite struct DiffStepSummaryTests {
    typealias F = DiffCLIFixtures

    @Test func theSummaryListsWhatChangedAndWhereTheReportIs() throws {
        let root = try F.mixed()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("summary.md")
        try Data("earlier step\n".utf8).write(to: file)
        // A name Markdown would otherwise read as a table cell break and emphasis.
        try F.writePNG(F.picture(box: F.black), root.appendingPathComponent("cur"), "a|*b*.png")
        let result = try CLIRunner.run(["diff", "base", "cur", "--output", "report"], cwd: root,
                                       environment: ["GITHUB_STEP_SUMMARY": file.path])
        #expect(result.status == 1)
        #expect(try F.text(file) == """
            earlier step
            ### skelsite diff

            **7 images: 2 unchanged, 1 changed, 2 added, 1 removed, 1 resized; 5 failed**

            | Image | Status | Mismatch | Measure |
            | --- | --- | --- | --- |
            | <code>a\\|\\*b\\*.png</code> | added, failed | new image (12x10), no baseline |  |
            | <code>changed.png</code> | changed, failed | 12 of 120 pixels (10.00%); pixelmatch 0.1: 12 | exact |
            | <code>gone.png</code> | removed, failed | baseline image (12x10) has no current image |  |
            | <code>new.png</code> | added, failed | new image (12x10), no baseline |  |
            | <code>size.png</code> | resized, failed | size changed from 12x10 to 13x10 |  |

            Report: <code>report/index.html</code> (pictures side by side; upload the folder as an artifact to see it).


            """)
        // Without the variable, nothing is written anywhere.
        let quiet = try CLIRunner.run(["diff", "base", "base"], cwd: root, environment: ["GITHUB_STEP_SUMMARY": ""])
        #expect(quiet.status == 0)
    }

    @Test func brokenImagesAndFailedRunsAreSummarisedToo() throws {
        let root = try F.changedOnly()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("not a png".utf8).write(to: root.appendingPathComponent("cur/same.png"))
        let file = root.appendingPathComponent("summary.md")
        let broken = try CLIRunner.run(["diff", "base", "cur"], cwd: root, environment: ["GITHUB_STEP_SUMMARY": file.path])
        #expect(broken.status == 2)
        #expect(try F.text(file).contains(
            "| <code>same.png</code> | error | cur/same.png: error: not a PNG file: bad signature | |\n"))
        #expect(try F.text(file).contains("**2 images: 0 unchanged, 1 changed, 0 added, 0 removed, 0 resized, 1 unreadable; 1 failed**"))
        try FileManager.default.removeItem(at: file)
        let missing = try CLIRunner.run(["diff", "base", "nope"], cwd: root, environment: ["GITHUB_STEP_SUMMARY": file.path])
        #expect(missing.status == 2)
        #expect(try F.text(file) == "### skelsite diff\n\n**The comparison could not run.**\n\n- nope: error: no such directory\n\n")
    }
}
