import Foundation
import Testing
@testable import SkelSite
import SkelsiteStore

/// A build that finds its inputs unchanged touches nothing only while the live site
/// holds exactly its record's files as it left them (`GenerationFiles.matches`).
@Suite struct LiveSiteCheckTests {
    static func site() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("livecheck-\(UUID().uuidString)")
        for (path, text) in ["index.html": "i", "a/b.html": "b", "png/x--y/light@1x.png": "png",
                             "diff/index.html": "placeholder", "diff/" + DiffReportFolder.marker: "m"] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try Data("marker".utf8).write(to: root.appendingPathComponent(OutputSwap.markerName))
        return root
    }

    /// The record of every file but the build's marker, as the build left them.
    static func record(_ root: URL) -> GenerationFiles {
        let paths = ["index.html", "a/b.html", "png/x--y/light@1x.png", "diff/index.html", "diff/" + DiffReportFolder.marker]
        return GenerationFiles(records: Dictionary(uniqueKeysWithValues: paths.map {
            ($0, GenerationFiles.Record(id: "page:1", stamp: GenerationFiles.Stamp.of(root.appendingPathComponent($0).path)!))
        }))
    }

    @Test(arguments: [
        ("nothing", true),
        ("a file added", false),
        ("a file added in a new folder", false),
        ("a file removed", false),
        ("a file replaced", false),
        ("a file added to the diff report", true),
        ("the diff report's page removed", false),
        ("a link added", false),
    ])
    func theLiveSiteMatchesItsRecordOnlyAsLeft(change: String, matches: Bool) throws {
        let root = try Self.site()
        defer { try? FileManager.default.removeItem(at: root) }
        let record = Self.record(root)
        switch change {
        case "a file added": try Data("new".utf8).write(to: root.appendingPathComponent("a/new.html"))
        case "a file added in a new folder":
            try FileManager.default.createDirectory(at: root.appendingPathComponent("new"), withIntermediateDirectories: true)
            try Data("new".utf8).write(to: root.appendingPathComponent("new/page.html"))
        case "a file removed": try FileManager.default.removeItem(at: root.appendingPathComponent("png/x--y/light@1x.png"))
        case "a file replaced":
            try FileManager.default.removeItem(at: root.appendingPathComponent("a/b.html"))
            try Data("bb".utf8).write(to: root.appendingPathComponent("a/b.html"))
        case "a file added to the diff report": try Data("r".utf8).write(to: root.appendingPathComponent("diff/report.png"))
        case "the diff report's page removed": try FileManager.default.removeItem(at: root.appendingPathComponent("diff/index.html"))
        case "a link added":
            try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("png/x--y/dark@1x.png").path,
                                                       withDestinationPath: "light@1x.png")
        default: break
        }
        #expect(record.matches(FolderScan.of(root.path)) == matches)
    }
}
