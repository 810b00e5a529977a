import Foundation
import Testing
@testable import SkelSite
@testable import SkelsiteServe

/// The watcher wakes on the kernel's change events, not only on its poll.
@Suite struct SourceWatcherEventTests {
    /// With a poll period far longer than the wait, only the event can have fired it.
    @Test func aSaveWakesTheWatcherBeforeItsNextPoll() async throws {
        let site = try TestSite(["index.md": "# One\n", "guides/a.md": "# A\n"])
        defer { site.remove() }
        let watcher = SourceWatcher(roots: [site.source], interval: 600)
        let (signal, continuation) = AsyncStream<Void>.makeStream()
        watcher.start { continuation.yield() }
        defer { watcher.stop() }
        try site.write("guides/a.md", "# A, edited\n")
        #expect(await SourceWatcherStartTests.fired(signal, within: 20))
    }

    @Test func theFingerprintListsFilesInNestedFoldersAndSkipsIgnoredOnes() throws {
        let site = try TestSite(["index.md": "# One\n", "guides/deep/a.md": "# A\n"])
        defer { site.remove() }
        let cache = site.source.appendingPathComponent(".skelsite-cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: cache.appendingPathComponent("entry"))
        let target = site.root.appendingPathComponent("outside.md")
        try Data("# Outside\n".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: site.source.appendingPathComponent("linked.md"), withDestinationURL: target)
        let fingerprint = SourceWatcher(roots: [site.source]).fingerprint()
        #expect(fingerprint.keys.sorted() == ["guides/deep/a.md", "index.md", "linked.md"].map { site.source.path + "/" + $0 })
        // A link counts as its file: editing the target changes the fingerprint.
        try Data("# Outside, longer\n".utf8).write(to: target)
        #expect(SourceWatcher(roots: [site.source]).fingerprint() != fingerprint)
    }
}
