import Foundation
import Testing
@testable import SkelSite
import SkelsiteStore

/// `FolderScan` names each entry's kind from the listing itself where it can and `stat`s
/// only files: kinds and files' stamps must be what `lstat` says.
@Suite struct FolderScanTests {
    /// A fresh folder to list, under the temporary folder.
    static func root() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("folderscan-\(UUID().uuidString)")
    }

    @Test func kindsAndFileStampsAreWhatLstatSays() throws {
        let root = Self.root()
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

    /// An entry is found by its folder, then its name: at the root, deep down, in a folder
    /// of a handful (compared in place) and of many (by a table); a name in another folder,
    /// a folder's own path with a slash, or a missing folder finds nothing.
    @Test func entriesAreFoundByFolderThenName() throws {
        let root = Self.root()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("png/a--b"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("many"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: root.appendingPathComponent("index.html"))
        try Data("12".utf8).write(to: root.appendingPathComponent("png/a--b/strip-light@1x.png"))
        for number in 0..<40 { try Data(count: number).write(to: root.appendingPathComponent("many/page-\(number).html")) }

        let scan = FolderScan.of(root.path)
        #expect(scan.entry("index.html")?.stamp.size == 1)
        #expect(scan.entry("png/a--b/strip-light@1x.png")?.stamp.size == 2)
        #expect(scan.entry("png/a--b")?.kind == .folder)
        for number in 0..<40 { #expect(scan.entry("many/page-\(number).html")?.stamp.size == number) }
        #expect(scan.entry("many/page-40.html") == nil)
        #expect(scan.entry("png/strip-light@1x.png") == nil)
        #expect(scan.entry("png/a--b/") == nil)
        #expect(scan.entry("gone/index.html") == nil)
        #expect(scan.folder("png/a--b/")?.names == ["strip-light@1x.png"])
        #expect(scan.folder("png/a--b") == nil)
        #expect(Set(scan.folderPaths) == ["png", "png/a--b", "many"])
        #expect(scan.nonFolderCount == 42)
        let work = WorkFolderContents.listed(scan)
        #expect(work.fileStamps(in: "png/a--b/", ["strip-light@1x.png", "a--b", "dark@1x.png"])
                == [GenerationFiles.Stamp.of(root.appendingPathComponent("png/a--b/strip-light@1x.png").path), nil, nil])
        #expect(work.fileStamps(in: "png/", ["a--b"]) == [nil])
        #expect(work.fileStamps(in: "gone/", ["x"]) == [nil])
    }

    /// Names are compared as bytes, as the file system holds them: a name written with a
    /// composed "é" is not the one written with "e" and a combining accent (Swift's `==`
    /// holds the two equal), whether found by the folder's table or in place.
    @Test(arguments: [1, 40])
    func namesAreComparedAsBytes(filesBeside: Int) throws {
        let root = Self.root()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("png/c"), withIntermediateDirectories: true)
        try Data("abc".utf8).write(to: root.appendingPathComponent("png/c/e\u{301}.png"))
        for number in 1..<filesBeside { try Data().write(to: root.appendingPathComponent("png/c/\(number).png")) }
        let work = WorkFolderContents.listed(FolderScan.of(root.path))
        #expect(work.fileStamps(in: "png/c/", ["\u{E9}.png", "e\u{301}.png", "e\u{301}.pn", ""]).map { $0?.size }
                == [nil, 3, nil, nil])
    }
}
