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
}
