import Foundation
import Testing
@testable import SkelSite
import SkelsiteStore

/// Publishing the output (site/reference/output-folder.md): one exchange of the output
/// with the work generation, never deleting through a link, and debris of killed builds
/// removed.
@Suite struct OutputSwapTests {
    static let docs = ["index.md": "# Home\n", "guide.md": "# Guide\n"]

    static func inode(_ path: String) -> UInt64 {
        var info = stat()
        return lstat(path, &info) == 0 ? UInt64(info.st_ino) : 0
    }

    static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    @Test func anOutputThatIsALinkIsPublishedIntoItsFolderAndKept() throws {
        // Before: the link was replaced by a folder and everything in its target deleted.
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        let real = site.root.appendingPathComponent("real"), link = site.root.appendingPathComponent("link")
        _ = try site.builder(output: real).build()
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: real.path)
        try site.write("guide.md", "# Guide, changed\n")
        let report = try site.builder(output: link).build()
        #expect(report.wroteOutput)
        #expect(Self.isLink(link.path))
        #expect(try String(contentsOf: real.appendingPathComponent("guide.html"), encoding: .utf8).contains("Guide, changed"))
        let names = try FileManager.default.contentsOfDirectory(atPath: site.root.path).sorted()
        #expect(names == [".real.skelsite", "cache", "docs", "link", "real"])
    }

    @Test func aLinkToAMissingFolderIsRefused() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        let link = site.root.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: site.root.appendingPathComponent("gone").path)
        #expect(throws: SiteBuildError.io("output \(link.path) is a symbolic link to a missing folder; create the folder or remove the link")) {
            try site.builder(output: link).build()
        }
        #expect(Self.isLink(link.path))
    }

    @Test func aLinkInsideTheOldOutputIsRemovedNotFollowed() throws {
        // Before: `out/png -> ../baselines` had the baselines deleted by the next build.
        let site = try TestSite(Self.docs.merging(["c.md": "# C\n\n```skeleton\nskeleton \"x\" width=40\n  rect 10x10\n```\n"]) { $1 })
        defer { site.remove() }
        _ = try site.build()
        let baselines = site.root.appendingPathComponent("baselines")
        try FileManager.default.createDirectory(at: baselines.appendingPathComponent("deep"), withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: baselines.appendingPathComponent("a.png"))
        try Data("keep".utf8).write(to: baselines.appendingPathComponent("deep/b.png"))
        let png = site.output.appendingPathComponent("png")
        try FileManager.default.removeItem(at: png)
        try FileManager.default.createSymbolicLink(atPath: png.path, withDestinationPath: "../baselines")
        try FileManager.default.createSymbolicLink(atPath: site.output.appendingPathComponent("more").path,
                                                   withDestinationPath: baselines.path)
        try site.write("index.md", "# Home, changed\n")
        #expect(try site.build().wroteOutput)
        #expect(TestSite.files(in: baselines) == ["a.png", "deep/b.png"])
        #expect(!Self.isLink(png.path))
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("more").path))
    }

    @Test func removalUnlinksLinksAndKeepsTheirTargets() throws {
        let site = try TestSite([:])
        defer { site.remove() }
        let keep = site.root.appendingPathComponent("keep"), doomed = site.root.appendingPathComponent("doomed")
        try FileManager.default.createDirectory(at: keep, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: keep.appendingPathComponent("x"))
        try FileManager.default.createDirectory(at: doomed.appendingPathComponent("a/b"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: doomed.appendingPathComponent("a/b/l").path, withDestinationPath: keep.path)
        try FileManager.default.createSymbolicLink(atPath: doomed.appendingPathComponent("png").path, withDestinationPath: keep.path)
        OutputSwap.removeInParallel(doomed)
        #expect(!FileManager.default.fileExists(atPath: doomed.path))
        #expect(TestSite.files(in: keep) == ["x"])
        // A link given as the folder itself: only the link goes.
        let alias = site.root.appendingPathComponent("alias")
        try FileManager.default.createSymbolicLink(atPath: alias.path, withDestinationPath: keep.path)
        OutputSwap.removeInParallel(alias)
        #expect(!Self.isLink(alias.path))
        #expect(TestSite.files(in: keep) == ["x"])
    }

    @Test func aRebuildTradesPlacesWithTheWorkGeneration() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        let store = site.root.appendingPathComponent(".out.skelsite")
        let work = store.appendingPathComponent("work")
        let first = Self.inode(site.output.path)
        try site.write("guide.md", "# Guide, changed\n")
        _ = try site.build()
        // The first rebuild has no work folder yet: it makes one, and it becomes the output.
        let second = Self.inode(site.output.path)
        #expect(second != first && Self.inode(work.path) == first)
        #expect(!Self.isLink(site.output.path))
        #expect(try site.read("guide.html").contains("Guide, changed"))
        // The old site is left whole in the work folder (a reader inside it still sees
        // it) until the next build brings it up to date and trades places again.
        #expect(try String(contentsOf: work.appendingPathComponent("guide.html"), encoding: .utf8).contains("<h1>Guide</h1>"))
        try site.write("guide.md", "# Guide, again\n")
        _ = try site.build()
        #expect(Self.inode(site.output.path) == first && Self.inode(work.path) == second)
        #expect(try site.read("guide.html").contains("Guide, again"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.root.path).sorted() == [".out.skelsite", "cache", "docs", "out"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.path).sorted() == ["\(first).files", "lock", "work"])
    }

    @Test func theTwoRenameFallbackAlsoLeavesTheOldSiteInTheWorkFolder() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        let first = Self.inode(site.output.path)
        try site.write("guide.md", "# Guide, changed\n")
        let generations = try OutputGenerations.open(for: site.output)
        let writer = GenerationWriter(folder: try generations.prepareWork(), live: nil)
        try writer.write(Array("new".utf8), to: "new.txt")
        let files = writer.finish(keeping: [OutputSwap.markerName])
        try generations.publish(files, manifest: OutputManifest(inputs: nil, listing: .of(files)), useExchange: false)
        #expect(TestSite.files(in: site.output) == [OutputSwap.markerName, "new.txt"])
        #expect(Self.inode(site.root.appendingPathComponent(".out.skelsite/work").path) == first)
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.root.appendingPathComponent(".out.skelsite").path).sorted()
                == ["\(Self.inode(site.output.path)).files", "lock", "work"])
    }

    @Test func aDeletedOutputIsBuiltAgain() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        let hashes = TestSite.hashes(of: site.output)
        try FileManager.default.removeItem(at: site.output)
        #expect(try site.build().wroteOutput)
        #expect(TestSite.hashes(of: site.output) == hashes)
    }

    @Test func aFailedBuildKeepsTheOldOutput() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        let before = TestSite.hashes(of: site.output)
        let inode = Self.inode(site.output.path)
        try site.write("guide.md", "# Guide\n\n```skeleton\nskeleton \"x\" width=40\n  rekt 10x10\n```\n")
        let report = try site.build()
        #expect(!report.wroteOutput && report.errorCount == 1)
        #expect(TestSite.hashes(of: site.output) == before)
        #expect(Self.inode(site.output.path) == inode)
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.root.path).sorted() == [".out.skelsite", "cache", "docs", "out"])
    }

    @Test func debrisOfDeadBuildsIsRemovedAndNothingElse() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        // A PID that is not running: above the kernel's pid_max.
        let dead: pid_t = 4_194_305
        func folder(_ name: String, marker: Bool) throws {
            let url = site.root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.appendingPathComponent("png/x"), withIntermediateDirectories: true)
            try Data("png".utf8).write(to: url.appendingPathComponent("png/x/a.png"))
            if marker { try Data(OutputSwap.markerText.utf8).write(to: url.appendingPathComponent(OutputSwap.markerName)) }
        }
        try folder(".out.staging-\(dead)", marker: true)
        try folder(".out.old-\(dead)", marker: true)
        try folder(".out.old-1", marker: true)  // PID 1 is alive: kept
        try folder(".out.old-\(dead + 1)", marker: false)  // not ours: kept
        try folder(".out.old-12x", marker: true)  // not our name: kept
        try folder(".other.old-\(dead)", marker: true)  // another output's: kept
        try FileManager.default.createSymbolicLink(atPath: site.root.appendingPathComponent(".out.staging-\(dead + 2)").path,
                                                   withDestinationPath: site.root.appendingPathComponent(".out.old-1").path)
        _ = try site.build()
        let names = try FileManager.default.contentsOfDirectory(atPath: site.root.path).sorted()
        #expect(names == [".other.old-\(dead)", ".out.old-1", ".out.old-12x", ".out.old-\(dead + 1)",
                          ".out.skelsite", ".out.staging-\(dead + 2)", "cache", "docs", "out"])
        #expect(TestSite.files(in: site.root.appendingPathComponent(".out.old-1")) == [OutputSwap.markerName, "png/x/a.png"])
    }

    @Test func debrisOfALiveButOldProcessIsRemoved() throws {
        // PID reuse: an old marker means the build that made it is long gone.
        let site = try TestSite([:])
        defer { site.remove() }
        let old = site.root.appendingPathComponent(".out.old-1")
        try FileManager.default.createDirectory(at: old, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: old.appendingPathComponent(OutputSwap.markerName))
        OutputSwap.removeDebris(of: site.output, now: Date().addingTimeInterval(OutputSwap.debrisMaxAge - 60))
        #expect(FileManager.default.fileExists(atPath: old.path))
        OutputSwap.removeDebris(of: site.output, now: Date().addingTimeInterval(OutputSwap.debrisMaxAge + 60))
        #expect(!FileManager.default.fileExists(atPath: old.path))
    }

    @Test func debrisNamesAreParsedStrictly() {
        #expect(OutputSwap.debrisPID(".out.staging-123", outputName: "out") == 123)
        #expect(OutputSwap.debrisPID(".out.old-9", outputName: "out") == 9)
        #expect(OutputSwap.debrisPID(".out.old-", outputName: "out") == nil)
        #expect(OutputSwap.debrisPID(".out.old-0", outputName: "out") == nil)
        #expect(OutputSwap.debrisPID(".out.old--3", outputName: "out") == nil)
        #expect(OutputSwap.debrisPID(".out.old-٣", outputName: "out") == nil)
        #expect(OutputSwap.debrisPID(".outx.old-3", outputName: "out") == nil)
        #expect(OutputSwap.debrisPID("out.old-3", outputName: "out") == nil)
    }
}
