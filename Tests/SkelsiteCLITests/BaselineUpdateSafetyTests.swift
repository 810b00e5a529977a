import Foundation
import SkeletonCore
import Testing

/// `baseline update` writes only inside BASELINE_DIR, never into or from a folder that
/// overlaps it, never through a link, and `--dry-run` shows what the real run does
/// (site/reference/limits.md, "Baselines"; site/reference/command-line.md,
/// "baseline update").
@Suite struct BaselineUpdateSafetyTests {
    typealias F = DiffCLIFixtures
    static let separate = "baseline update needs two separate folders"
    static let folderLink = "cannot write: it is a symbolic link inside BASELINE_DIR (baseline update does not follow links in the baseline folder)"
    static let fileLink = "cannot write: it is a symbolic link (skelsite does not write through links; name the file itself)"

    /// Every entry under `folder`, links not followed: its kind and bytes, or where a
    /// link points. Equal snapshots mean nothing was written, deleted or replaced.
    static func snapshot(_ folder: URL) throws -> [String: String] {
        let fm = FileManager.default
        var entries: [String: String] = [:]
        for path in try fm.subpathsOfDirectory(atPath: folder.path) {
            let full = folder.appendingPathComponent(path).path
            let kind = try fm.attributesOfItem(atPath: full)[.type] as? FileAttributeType
            switch kind {
            case .typeSymbolicLink?: entries[path] = "link to " + (try fm.destinationOfSymbolicLink(atPath: full))
            case .typeDirectory?: entries[path] = "folder"
            default: entries[path] = "file " + (try Data(contentsOf: URL(fileURLWithPath: full))).base64EncodedString()
            }
        }
        return entries
    }

    /// Runs `baseline update ARGS` as a dry run and for real, in `root`: both must be
    /// refused with exactly `stderr`, print nothing, and leave `root` as it was.
    static func expectRefused(_ arguments: [String], in root: URL, stderr: String,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try snapshot(root)
        for dryRun in [true, false] {
            let result = try CLIRunner.run(["baseline", "update"] + arguments + (dryRun ? ["--dry-run"] : []), cwd: root)
            #expect(result.status == 2, "\(arguments) dry run: \(dryRun)", sourceLocation: sourceLocation)
            #expect(result.stdout == "", sourceLocation: sourceLocation)
            #expect(result.stderr == stderr, sourceLocation: sourceLocation)
            #expect(try snapshot(root) == before, "\(arguments) dry run: \(dryRun)", sourceLocation: sourceLocation)
        }
    }

    /// X/ holds baselines and, in X/cur/, the current images. Before the fix the update
    /// listed X/cur/*.png as baselines with no current image and deleted them
    /// ("removed cur/a.png"), the current images themselves.
    @Test func currentInsideBaselineIsRefused() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let x = root.appendingPathComponent("X")
        try F.writePNG(F.picture(box: F.grey), x, "a.png")
        try F.writePNG(F.picture(box: F.black), x, "cur/a.png")
        try F.writePNG(F.picture(box: F.grey), x, "other/b.png")
        try Self.expectRefused(["X", "X/cur"], in: root, stderr:
            "X/cur: error: CURRENT_DIR is inside BASELINE_DIR (X); \(Self.separate) (the update would delete the current images)\n")
        // A link to the folder does not hide it.
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("now").path, withDestinationPath: "X/cur")
        try Self.expectRefused(["X", "now"], in: root, stderr:
            "now: error: CURRENT_DIR is inside BASELINE_DIR (X); \(Self.separate) (the update would delete the current images)\n")
    }

    /// cur/base inside cur/: before the fix each update copied the baselines into
    /// themselves one level deeper (base/base/..., 12, 18, 24 files).
    @Test func baselineInsideCurrentIsRefused() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let cur = root.appendingPathComponent("cur")
        for name in ["a.png", "cards/b.png"] { try F.writePNG(F.picture(box: F.grey), cur, name) }
        let message = "cur/base: error: BASELINE_DIR is inside CURRENT_DIR (cur); \(Self.separate) "
            + "(each update would copy the baselines into themselves)\n"
        // The first update (no baseline yet) is refused as well as later ones.
        try Self.expectRefused(["cur/base", "cur"], in: root, stderr: message)
        try F.writePNG(F.picture(box: F.grey), cur, "base/a.png")
        try Self.expectRefused(["cur/base", "cur"], in: root, stderr: message)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("refs").path, withDestinationPath: "cur/base")
        try Self.expectRefused(["refs", "cur"], in: root, stderr:
            "refs: error: BASELINE_DIR is inside CURRENT_DIR (cur); \(Self.separate) (each update would copy the baselines into themselves)\n")
        // `..` after a link is resolved as the system walks it: up from the link's target.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("cur/base/deeper"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("deep").path, withDestinationPath: "cur/base/deeper")
        try Self.expectRefused(["deep/..", "cur"], in: root, stderr:
            "deep/..: error: BASELINE_DIR is inside CURRENT_DIR (cur); \(Self.separate) (each update would copy the baselines into themselves)\n")
    }

    @Test func theSameFolderTwiceIsRefused() throws {
        let root = try F.mixed()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.expectRefused(["base", "base/"], in: root, stderr:
            "base/: error: CURRENT_DIR is the same folder as BASELINE_DIR (base); \(Self.separate)\n")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("same").path, withDestinationPath: "cur")
        try Self.expectRefused(["same", "cur"], in: root, stderr:
            "cur: error: CURRENT_DIR is the same folder as BASELINE_DIR (same); \(Self.separate)\n")
    }

    /// base/sub -> ../outside: before the fix the copy wrote outside/b.png through the
    /// link, and as the listing does not descend into folder links, reported it "added"
    /// on every run. Now any link inside BASELINE_DIR stops the update, whether or not
    /// the plan would pass through it.
    @Test func aFolderLinkInsideTheBaselineIsRefused() throws {
        let root = try F.mixed()
        defer { try? FileManager.default.removeItem(at: root) }
        try F.writePNG(F.picture(box: F.grey), root.appendingPathComponent("outside"), "b.png")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("base/sub").path, withDestinationPath: "../outside")
        // Not on the way of any copy: still refused, as the rule is simple to state.
        try Self.expectRefused(["base", "cur"], in: root, stderr: "base/sub: error: \(Self.folderLink)\n")
        try F.writePNG(F.picture(box: F.black), root.appendingPathComponent("cur"), "sub/b.png")
        try Self.expectRefused(["base", "cur"], in: root, stderr: "base/sub: error: \(Self.folderLink)\n")
    }

    /// A link named like a PNG is refused whatever the plan does with it: before the fix
    /// an unchanged one was read through and a removed one was deleted.
    @Test func fileLinksInsideTheBaselineAreRefused() throws {
        let root = try F.mixed()
        defer { try? FileManager.default.removeItem(at: root) }
        try F.writePNG(F.picture(box: F.grey), root, "kept.png")
        let fm = FileManager.default
        // gone.png would be removed; same.png is unchanged.
        try fm.removeItem(at: root.appendingPathComponent("base/gone.png"))
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("base/gone.png").path, withDestinationPath: "../kept.png")
        try fm.removeItem(at: root.appendingPathComponent("base/same.png"))
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("base/same.png").path, withDestinationPath: "../kept.png")
        // A link to something else, with any name, is refused too.
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("base/notes.txt").path, withDestinationPath: "/dev/null")
        try Self.expectRefused(["base", "cur"], in: root, stderr: """
            base/gone.png: error: \(Self.fileLink)
            base/notes.txt: error: \(Self.folderLink)
            base/same.png: error: \(Self.fileLink)

            """)
    }

    /// Inside CURRENT_DIR the listing is diff's: links to folders are not followed (their
    /// PNGs are neither compared nor copied), and a link to a PNG file counts as that
    /// PNG, whose bytes become a regular baseline file.
    @Test func linksInsideCurrentFollowDiffsListing() throws {
        let root = try F.changedOnly()
        defer { try? FileManager.default.removeItem(at: root) }
        let fm = FileManager.default
        try F.writePNG(F.picture(box: F.black), root.appendingPathComponent("outside"), "b.png")
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("cur/sub").path, withDestinationPath: "../outside")
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("cur/linked.png").path, withDestinationPath: "../outside/b.png")
        let diff = try CLIRunner.run(["diff", "base", "cur"], cwd: root)
        #expect(diff.stdout.hasSuffix("3 images: 1 unchanged, 1 changed, 1 added, 0 removed, 0 resized; 2 failed\n"))
        let dry = try CLIRunner.run(["baseline", "update", "base", "cur", "--dry-run"], cwd: root)
        #expect(dry.stdout == """
            would replace changed.png
            would add linked.png
            baseline (dry run, nothing written): 1 to replace, 1 to add, 0 to remove, 1 unchanged

            """)
        let result = try CLIRunner.run(["baseline", "update", "base", "cur"], cwd: root)
        #expect(result.status == 0)
        #expect(result.stdout == """
            replaced changed.png
            added linked.png
            baseline: 1 replaced, 1 added, 0 removed, 1 unchanged

            """)
        let base = try Self.snapshot(root.appendingPathComponent("base"))
        #expect(base.keys.sorted() == ["changed.png", "linked.png", "same.png"])
        #expect(base["linked.png"] == "file " + (try Data(contentsOf: root.appendingPathComponent("outside/b.png"))).base64EncodedString())
        #expect(try CLIRunner.run(["diff", "base", "cur"], cwd: root).status == 0)
    }

    /// Before the fix these were found only when writing: the dry run promised an update
    /// ("would add new.png", exit 0) that the real run refused.
    @Test func dryRunSeesWhatTheRealRunRefuses() throws {
        let root = try F.mixed()
        defer { try? FileManager.default.removeItem(at: root) }
        let fm = FileManager.default
        // A folder where new.png would go.
        try fm.createDirectory(at: root.appendingPathComponent("base/new.png"), withIntermediateDirectories: true)
        try Self.expectRefused(["base", "cur"], in: root, stderr:
            "base/new.png: error: cannot write: it is a folder, not a regular file\n")
        try fm.removeItem(at: root.appendingPathComponent("base/new.png"))
        // A file where a folder of the path must be.
        try F.writePNG(F.picture(box: F.grey), root.appendingPathComponent("cur"), "deep/x.png")
        try F.writePNG(F.picture(box: F.grey), root.appendingPathComponent("cur"), "deep/y.png")
        try Data("not a folder".utf8).write(to: root.appendingPathComponent("base/deep"))
        try Self.expectRefused(["base", "cur"], in: root, stderr:
            "base/deep: error: cannot write deep/x.png under it: it is not a folder\n")
        // A missing BASELINE_DIR under a file.
        try Self.expectRefused(["base/deep/fresh", "cur"], in: root, stderr:
            "base/deep/fresh: error: cannot create: not a directory\n")
    }

    /// A refused update and a successful one print the same plan, dry or not.
    @Test func dryRunPrintsTheRealRunsPlan() throws {
        let root = try F.mixed()
        defer { try? FileManager.default.removeItem(at: root) }
        let dry = try CLIRunner.run(["baseline", "update", "base", "cur", "--dry-run"], cwd: root)
        let real = try CLIRunner.run(["baseline", "update", "base", "cur"], cwd: root)
        #expect(dry.status == 0 && real.status == 0)
        let planned = dry.stdout.split(separator: "\n").dropLast().map {
            $0.replacingOccurrences(of: "would replace", with: "replaced")
                .replacingOccurrences(of: "would add", with: "added")
                .replacingOccurrences(of: "would remove", with: "removed")
        }
        #expect(planned == real.stdout.split(separator: "\n").dropLast().map(String.init))
    }
}
