import Foundation
import Testing

@Suite struct CheckCommandTests {
    @Test func cleanDocsExitZeroAndWriteNothing() throws {
        let root = try BuildCLIHarness.folder(["site/a.md": "# A\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let before = BuildCLIHarness.files(in: root)
        let result = try BuildCLIHarness.run(["check"], in: root)
        #expect(result.status == 0)
        #expect(result.stderr.hasSuffix("ok: 1 docs, 0 specs\n"))
        #expect(result.stderr.contains("[3/3] parse specs: 0 specs, 0 errors, 0 warnings"))
        #expect(BuildCLIHarness.files(in: root) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["site"])
    }

    @Test func errorsExitOne() throws {
        let root = try BuildCLIHarness.folder(["site/a.md": "---\ndraft: sometimes\n---\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try BuildCLIHarness.run(["check", "site", "--quiet"], in: root)
        #expect(result.status == 1)
        #expect(result.stderr == "site/a.md:2:8: error: draft must be true or false, got 'sometimes'\ndraft: sometimes\n       ^\ncheck failed: 1 error\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["site"])
    }
}
