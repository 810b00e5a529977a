import Foundation
import Testing
@testable import SkelSite
import SkelsiteStore

/// `FolderScan` names each entry's kind from the listing itself where it can and `stat`s
/// only files: kinds and files' stamps must be what `lstat` says.
@Suite struct FolderScanTests {
    @Test func kindsAndFileStampsAreWhatLstatSays() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("folderscan-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("png/a--b"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("empty"), withIntermediateDirectories: true)
        try Data("one".utf8).write(to: root.appendingPathComponent("index.html"))
        try Data("png bytes".utf8).write(to: root.appendingPathComponent("png/a--b/light@1x.png"))
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link.html").path, withDestinationPath: "index.html")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("folder-link").path, withDestinationPath: "png")
        #expect(mkfifo(root.appendingPathComponent("pipe").path, 0o644) == 0)

        let scan = FolderScan.of(root.path)
        #expect(scan.entries.mapValues(\.kind) == [
            "index.html": .file, "png": .folder, "png/a--b": .folder, "png/a--b/light@1x.png": .file,
            "empty": .folder, "link.html": .link, "folder-link": .link, "pipe": .other,
        ])
        #expect(scan.nonFolderCount == 5)
        #expect(scan.emptyFolderCount == 1)
        for path in ["index.html", "png/a--b/light@1x.png"] {
            #expect(scan.entries[path]?.stamp == GenerationFiles.Stamp.of(root.appendingPathComponent(path).path))
        }
        #expect(scan.entries["png/a--b/light@1x.png"]?.stamp.size == 9)
    }
}
