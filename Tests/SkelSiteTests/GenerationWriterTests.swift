import Foundation
import Testing
@testable import SkelSite
import SkelsiteStore

/// `GenerationWriter` writes each file as a new one (never through what its path held)
/// and stamps it from the descriptor it wrote; folders appear as they are needed.
@Suite struct GenerationWriterTests {
    static func inode(_ path: String) -> UInt64? { GenerationFiles.Stamp.of(path)?.inode }

    @Test func whatAPathHoldsIsReplacedNeverWrittenThrough() throws {
        let site = try TestSite([:])
        defer { site.remove() }
        let work = site.root.appendingPathComponent("work"), outside = site.root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let shared = outside.appendingPathComponent("shared.txt"), target = outside.appendingPathComponent("target.txt")
        try Data("shared".utf8).write(to: shared)
        try Data("target".utf8).write(to: target)
        // Listed when the writer begins: a hard link to an outside file, a link, a folder
        // where a file goes, a file where a folder goes, and a link to a folder where a
        // folder goes.
        #expect(link(shared.path, work.appendingPathComponent("a.txt").path) == 0)
        try FileManager.default.createSymbolicLink(atPath: work.appendingPathComponent("b.txt").path, withDestinationPath: target.path)
        try FileManager.default.createDirectory(at: work.appendingPathComponent("c.txt/inner"), withIntermediateDirectories: true)
        try Data("file".utf8).write(to: work.appendingPathComponent("d"))
        try FileManager.default.createSymbolicLink(atPath: work.appendingPathComponent("f").path, withDestinationPath: outside.path)
        let writer = GenerationWriter(folder: work, live: nil)
        // Planted after the listing: found only by the create failing.
        try Data("late".utf8).write(to: work.appendingPathComponent("g.txt"))
        for path in ["a.txt", "b.txt", "c.txt", "d/e.txt", "f/shared.txt", "g.txt", "new/deep/h.txt"] {
            try writer.write(Array("new \(path)".utf8), to: path)
        }
        let files = writer.finish(keeping: [])
        #expect(try String(contentsOf: shared, encoding: .utf8) == "shared")
        #expect(try String(contentsOf: target, encoding: .utf8) == "target")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).sorted() == ["shared.txt", "target.txt"])
        #expect(TestSite.files(in: work) == ["a.txt", "b.txt", "c.txt", "d/e.txt", "f/shared.txt", "g.txt", "new/deep/h.txt"])
        for (path, record) in files.records {
            #expect(try String(contentsOf: work.appendingPathComponent(path), encoding: .utf8) == "new \(path)")
            // The stamp taken from the written descriptor is the one a later look finds.
            #expect(GenerationFiles.Stamp.of(work.appendingPathComponent(path).path) == record.stamp, "\(path)")
        }
        #expect(files.records.count == 7 && writer.count(.written) == 7)
    }

    @Test func manyFilesInOneNewFolderFromEveryCore() throws {
        // The folder is made outside the writer's lock: racing threads must all end with it.
        let site = try TestSite([:])
        defer { site.remove() }
        let work = site.root.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let writer = GenerationWriter(folder: work, live: nil)
        let names = (0..<200).map { "png/\($0 % 4)/\($0).png" }
        let failures = Parallel.map(names) { name -> String? in
            do throws(SiteBuildError) { try writer.write(Array(name.utf8), to: name) } catch { return error.description }
            return nil
        }
        #expect(failures.compactMap { $0 } == [])
        #expect(TestSite.files(in: work) == names.sorted())
        #expect(writer.finish(keeping: []).records.count == 200)
    }

    /// A doc's PNG folders in one call: a file the work folder still shares with the live
    /// one is kept, one it lacks is linked from the live folder, and one whose digest the
    /// live record does not hold (or has no record) is left to the caller, by index per folder.
    @Test func aDocsFoldersAreKeptLinkedOrLeftInOneCall() throws {
        let site = try TestSite([:])
        defer { site.remove() }
        let live = site.root.appendingPathComponent("live"), work = site.root.appendingPathComponent("work")
        for folder in ["png/a", "png/b"] {
            try FileManager.default.createDirectory(at: live.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try FileManager.default.createDirectory(at: work.appendingPathComponent("png/a"), withIntermediateDirectories: true)
        var records: [String: GenerationFiles.Record] = [:]
        for (path, digest) in [("png/a/1.png", "d1"), ("png/a/2.png", "d2"), ("png/b/1.png", "d3"), ("png/b/2.png", "d4")] {
            let url = live.appendingPathComponent(path)
            try Data(path.utf8).write(to: url)
            records[path] = GenerationFiles.Record(id: "sha256:" + digest, stamp: try #require(GenerationFiles.Stamp.of(url.path)))
        }
        // The work folder shares png/a/1.png with the live one (as a build one behind does).
        #expect(link(live.appendingPathComponent("png/a/1.png").path, work.appendingPathComponent("png/a/1.png").path) == 0)
        let writer = GenerationWriter(folder: work, live: (live, GenerationFiles(records: records)))
        let missing = writer.reuse(folders: [
            ("png/a/", [(name: "1.png", digest: "d1"), (name: "2.png", digest: "changed")]),
            ("png/b/", [(name: "0.png", digest: "d0"), (name: "1.png", digest: "d3"), (name: "2.png", digest: "d4")]),
        ])
        #expect(missing == [[1], [0]])
        #expect((writer.count(.kept), writer.count(.linked), writer.count(.written)) == (1, 2, 0))
        #expect(Self.inode(work.appendingPathComponent("png/b/2.png").path) == records["png/b/2.png"]?.stamp.inode)
        #expect(TestSite.files(in: work) == ["png/a/1.png", "png/b/1.png", "png/b/2.png"])
    }
}
