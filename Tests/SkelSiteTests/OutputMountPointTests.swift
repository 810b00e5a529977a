import Foundation
@testable import SkelSite
import Testing
import SkelsiteStore

/// An output folder that is a mount point cannot be exchanged or renamed ("device or
/// resource busy"): the build replaces its contents instead (site/reference/output-folder.md,
/// "An output folder that is a mount point"). The decision is tested here with made-up
/// `stat` values, and the in-place replacement on plain folders; OutputPathEdgeTests
/// builds into a real tmpfs mount where the sandbox allows `unshare -rm`.
@Suite struct OutputMountPointTests {
    @Test func aFolderOnAnotherDeviceThanItsParentIsAMountPoint() {
        #expect(OutputSwap.isMountPoint(device: 39, inode: 1, parentDevice: 65024, parentInode: 16228850))
        #expect(!OutputSwap.isMountPoint(device: 65024, inode: 16228851, parentDevice: 65024, parentInode: 16228850))
        // The root of the file system tree is its own parent.
        #expect(OutputSwap.isMountPoint(device: 2049, inode: 2, parentDevice: 2049, parentInode: 2))
        // A plain folder on disk is not; `/proc` is.
        let plain = FileManager.default.temporaryDirectory.appendingPathComponent("mount-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: plain, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: plain) }
        #expect(!OutputSwap.isMountPoint(plain.path))
        #expect(OutputSwap.isMountPoint("/proc"))
    }

    @Test func contentsAreReplacedAndTheMarkerStaysThroughout() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mount-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("out"), work = root.appendingPathComponent("work")
        func put(_ folder: URL, _ path: String, _ text: String) throws {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try put(output, OutputSwap.markerName, "old marker")
        try put(output, "gone.html", "old")
        try put(output, "png/a/1.png", "old")
        try put(work, OutputSwap.markerName, "new marker")
        try put(work, "index.html", "new")
        try put(work, "png/b/2.png", "new png")
        try FileManager.default.createSymbolicLink(atPath: work.appendingPathComponent("link").path, withDestinationPath: "index.html")
        let inode = OutputGenerations.identity(of: output)
        #expect(OutputSwap.replaceContents(of: output.path, with: work.path) == nil)
        #expect(OutputGenerations.identity(of: output) == inode)
        let names = (FileManager.default.enumerator(atPath: output.path)?.allObjects as? [String] ?? []).sorted()
        #expect(names == [OutputSwap.markerName, "index.html", "link", "png", "png/b", "png/b/2.png"])
        #expect(try String(contentsOf: output.appendingPathComponent(OutputSwap.markerName), encoding: .utf8) == "new marker")
        #expect(try String(contentsOf: output.appendingPathComponent("png/b/2.png"), encoding: .utf8) == "new png")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: output.appendingPathComponent("link").path) == "index.html")
        // The work generation is left as it was.
        #expect(try String(contentsOf: work.appendingPathComponent("index.html"), encoding: .utf8) == "new")
    }
}
