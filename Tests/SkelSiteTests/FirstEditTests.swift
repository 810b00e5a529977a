import Foundation
import Testing
@testable import SkelSite
import SkelsiteStore

/// The first build into an output leaves the work generation made, as links to what it
/// published (site/reference/output-folder.md, "The first edit"), so the first edit
/// after it writes only what the edit changed, as later edits do.
@Suite struct FirstEditTests {
    static let docs: [String: String] = [
        "a.md": "# A\n\n```skeleton\nskeleton \"Row\" width=120\n  row gap=8\n    circle 24\n    rect width=60 height=10\n```\n",
        "guides/b.md": "# B\n\n```skeleton\nskeleton \"Card\" width=100\n  rect width=80 height=20\n```\n",
    ]

    static func inode(_ url: URL) -> UInt64? {
        var info = stat()
        return lstat(url.path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    @Test func theColdBuildLeavesTheWorkGenerationLinkedToEveryFile() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        let cold = try site.build()
        #expect(cold.wroteOutput)
        let work = OutputGenerations.storeURL(for: site.output).appendingPathComponent("work")
        let published = TestSite.files(in: site.output).filter { $0 != OutputSwap.markerName }
        #expect(TestSite.files(in: work) == published)
        // Every file of the work generation is the live one (one inode, two links).
        for path in published {
            #expect(Self.inode(work.appendingPathComponent(path)) == Self.inode(site.output.appendingPathComponent(path)), "\(path)")
        }
        // The first edit: one spec's geometry. Only its own files are written or
        // linked; everything else is kept.
        try site.write("guides/b.md", "# B\n\n```skeleton\nskeleton \"Card\" width=100\n  rect width=80 height=24\n```\n")
        let edit = try site.builder()
        let edited = try edit.build()
        let swap = try #require(edited.steps.last?.line)
        let written = Int(swap.firstMatch(of: /\((\d+) files written or linked, (\d+) kept\)/)?.1 ?? "") ?? -1
        let kept = Int(swap.firstMatch(of: /\((\d+) files written or linked, (\d+) kept\)/)?.2 ?? "") ?? -1
        #expect(written > 0 && written < published.count / 3, "\(swap)")
        #expect(written + kept == published.count, "\(swap)")
        // The output equals a clean build's.
        let clean = site.root.appendingPathComponent("clean")
        _ = try site.builder(output: clean).build()
        #expect(TestSite.hashes(of: site.output) == TestSite.hashes(of: clean))
    }

    @Test func aPartialWorkGenerationIsRepairedByTheNextBuild() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        let work = OutputGenerations.storeURL(for: site.output).appendingPathComponent("work")
        // As a kill while the links were made would leave it: some links missing, and one
        // file there that is not the live one.
        let files = TestSite.files(in: work)
        for path in files.prefix(files.count / 2) { try FileManager.default.removeItem(at: work.appendingPathComponent(path)) }
        let stray = work.appendingPathComponent(files.last!)
        try FileManager.default.removeItem(at: stray)
        try Data("not the live file".utf8).write(to: stray)
        try site.write("a.md", Self.docs["a.md"]!.replacingOccurrences(of: "circle 24", with: "circle 20"))
        #expect(try site.build().wroteOutput)
        let clean = site.root.appendingPathComponent("clean")
        _ = try site.builder(output: clean).build()
        #expect(TestSite.hashes(of: site.output) == TestSite.hashes(of: clean))
    }
}
