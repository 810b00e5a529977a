import Foundation
import Testing

/// `diff` never writes into BASELINE_DIR and never replaces CURRENT_DIR
/// (site/reference/command-line.md, "diff"; site/reference/limits.md, "Files skelsite
/// writes"). Before the fix, `--output base/report` wrote the report into the
/// baselines, and the next run reported its copies as three "removed" images.
@Suite struct DiffOutputOverlapTests {
    typealias F = DiffCLIFixtures
    static let baselineRule = "diff never writes to the baseline folder"
    static let currentRule = "replacing it would delete the images compared"

    /// Every file under `folder`, relative, sorted.
    static func listing(_ folder: URL) throws -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
    }

    @Test(arguments: [
        (["--output", "base/report"], "base/report: error: the report folder is inside BASELINE_DIR (base); \(baselineRule)\n"),
        (["--output", "cur/../base/x/y"], "cur/../base/x/y: error: the report folder is inside BASELINE_DIR (base); \(baselineRule)\n"),
        (["--json", "base/r.json"], "base/r.json: error: the file is inside BASELINE_DIR (base); \(baselineRule)\n"),
        (["--junit", "base/cards/r.xml"], "base/cards/r.xml: error: the file is inside BASELINE_DIR (base); \(baselineRule)\n"),
    ])
    func overlappingOutputIsRefused(options: [String], message: String) throws {
        let root = try F.mixed()
        defer { try? FileManager.default.removeItem(at: root) }
        let before = try Self.listing(root)
        let result = try CLIRunner.run(["diff", "base", "cur"] + options, cwd: root)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == message)
        #expect(try Self.listing(root) == before)
    }

    /// A report folder may only replace an empty folder or an earlier report; when it
    /// is, or contains, BASELINE_DIR or CURRENT_DIR, it is refused all the same.
    /// (A baseline taken from an earlier report's copies is the realistic case.)
    @Test func replaceableFoldersThatOverlapAreRefused() throws {
        let root = try F.changedOnly()
        defer { try? FileManager.default.removeItem(at: root) }
        let fm = FileManager.default
        for folder in ["empty", "empty-cur"] {
            try fm.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        #expect(try CLIRunner.run(["diff", "base", "cur", "--output", "report"], cwd: root).status == 1)
        let before = try Self.listing(root)
        let cases: [([String], String)] = [
            (["empty", "cur", "--output", "empty"], "empty: error: the report folder is BASELINE_DIR (empty); \(Self.baselineRule)\n"),
            (["empty", "cur", "--output", "empty/"], "empty/: error: the report folder is BASELINE_DIR (empty); \(Self.baselineRule)\n"),
            (["report/baseline", "cur", "--output", "report"],
             "report: error: the report folder contains BASELINE_DIR (report/baseline); \(Self.baselineRule)\n"),
            (["base", "empty-cur", "--output", "empty-cur"],
             "empty-cur: error: the report folder is CURRENT_DIR (empty-cur); \(Self.currentRule)\n"),
            (["base", "report/current", "--output", "report"],
             "report: error: the report folder contains CURRENT_DIR (report/current); \(Self.currentRule)\n"),
        ]
        for (arguments, message) in cases {
            let result = try CLIRunner.run(["diff"] + arguments, cwd: root)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr == message)
        }
        #expect(try Self.listing(root) == before)
    }

    /// A link does not hide the overlap: paths are compared with links resolved, both
    /// for the output and for the baseline folder.
    @Test func linksAreResolved() throws {
        let root = try F.mixed()
        defer { try? FileManager.default.removeItem(at: root) }
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("into-base").path, withDestinationPath: "base")
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("base-link").path, withDestinationPath: "base")
        let before = try Self.listing(root.appendingPathComponent("base"))
        let viaOutput = try CLIRunner.run(["diff", "base", "cur", "--output", "into-base/report"], cwd: root)
        #expect(viaOutput.status == 2)
        #expect(viaOutput.stderr == "into-base/report: error: the report folder is inside BASELINE_DIR (base); \(Self.baselineRule)\n")
        let viaBaseline = try CLIRunner.run(["diff", "base-link", "cur", "--output", "base/report"], cwd: root)
        #expect(viaBaseline.status == 2)
        #expect(viaBaseline.stderr == "base/report: error: the report folder is inside BASELINE_DIR (base-link); \(Self.baselineRule)\n")
        #expect(try Self.listing(root.appendingPathComponent("base")) == before)
    }

    /// The next run still sees exactly the baselines it saw: no false "removed" images.
    @Test func aReportBesideTheBaselinesIsFine() throws {
        let root = try F.changedOnly()
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try CLIRunner.run(["diff", "base", "cur", "--output", "report"], cwd: root)
        #expect(first.status == 1)
        #expect(first.stderr == "")
        let again = try CLIRunner.run(["diff", "base", "cur"], cwd: root)
        #expect(again.stdout.hasSuffix("2 images: 1 unchanged, 1 changed, 0 added, 0 removed, 0 resized; 1 failed\n"))
        #expect(try Self.listing(root.appendingPathComponent("base")) == ["changed.png", "same.png"])
    }
}
