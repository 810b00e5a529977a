import Foundation
import Testing
@testable import SkelSite
import SkelsiteStore

/// `skelsite serve` trusts what its own last build left in the output between its
/// rebuilds (`SiteBuilder.Options.trust`, `OutputTrust`); `skelsite
/// build` lists and checks the output every time.
@Suite struct ServeTrustTests {
    static let docs = DocMemoTests.docs

    func trusting(_ site: TestSite) -> SiteBuilder {
        var builder = site.builder()
        builder.options.trust = OutputTrust()
        return builder
    }

    @Test func trustedRebuildsWriteWhatACleanBuildWrites() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        let builder = trusting(site)
        #expect(try builder.build().wroteOutput)
        for (n, text) in ["Once.", "Twice.", "Thrice."].enumerated() {
            try site.write("c.md", "# C\n\n\(text)\n\n```skeleton\nskeleton width=\(20 + n) height=5\n  animation shimmer\n```\n")
            #expect(try builder.build().wroteOutput)
            #expect(TestSite.hashes(of: site.output) == (try DocMemoTests.cleanBuild(of: site)))
        }
        // The work folder holds exactly what was remembered of it.
        let left = try #require(builder.options.trust!.published.left(for: site.output.resolvingSymlinksInPath(),
                                                                  work: OutputGenerations.storeURL(for: site.output.resolvingSymlinksInPath())
                                                                      .appendingPathComponent(OutputGenerations.workName)))
        let work = OutputGenerations.storeURL(for: site.output.resolvingSymlinksInPath()).appendingPathComponent(OutputGenerations.workName)
        let scan = FolderScan.of(work.path)
        #expect(Set(scan.entries.filter { $0.value.kind == .file }.keys) == Set(left.workFiles.records.keys).union([OutputSwap.markerName]))
        for (path, record) in left.workFiles.records { #expect(scan.entries[path]?.stamp == record.stamp) }
        // Nothing changed: up to date without listing the output.
        #expect(try builder.build().steps.last?.line.contains("up to date") == true)
    }

    /// The memory is its owner's, not the process's: a second session (a new
    /// `OutputTrust`) lists the output and repairs a file edited by hand that the first
    /// session's memory would have vouched for.
    @Test func aNewSessionDoesNotTrustAnotherSessionsMemory() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        let first = trusting(site)
        _ = try first.build()
        let clean = TestSite.hashes(of: site.output)
        try Data("edited by hand".utf8).write(to: site.output.appendingPathComponent("index.html"))
        // The first session vouches for its output: nothing changed in its sources.
        #expect(try first.build().steps.last?.line.contains("up to date") == true)
        #expect(TestSite.hashes(of: site.output) != clean)
        let second = trusting(site)
        #expect(try second.build().wroteOutput)
        #expect(TestSite.hashes(of: site.output) == clean)
    }

    /// The work folder's files and folders, as a trusted rebuild does not list them: what
    /// a removed doc leaves in it (its page, its components' PNG folders) must still go.
    @Test func trustedRebuildsRemoveWhatARemovedDocLeft() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        let builder = trusting(site)
        let real = site.output.resolvingSymlinksInPath()
        let work = OutputGenerations.storeURL(for: real).appendingPathComponent(OutputGenerations.workName)
        _ = try builder.build()
        try site.write("c.md", "# C\n\nOnce.\n")
        _ = try builder.build()
        // Removed, then one more rebuild so the work folder is the site that still had it.
        try FileManager.default.removeItem(at: site.source.appendingPathComponent("a/b.md"))
        #expect(try builder.build().wroteOutput)
        try site.write("c.md", "# C\n\nTwice.\n")
        #expect(try builder.build().wroteOutput)
        #expect(TestSite.hashes(of: site.output) == (try DocMemoTests.cleanBuild(of: site)))
        // Each generation holds exactly the files of its record, in no folder besides theirs.
        let left = try #require(builder.options.trust!.published.left(for: real, work: work))
        for (folder, files) in [(real, left.liveFiles), (work, left.workFiles)] {
            let scan = FolderScan.of(folder.path)
            #expect(scan.entries["a/b.html"] == nil && scan.entries["a"] == nil, "\(folder.lastPathComponent)")
            #expect(Set(scan.entries.filter { $0.value.kind != .folder }.keys) == Set(files.records.keys).union([OutputSwap.markerName]))
            let folders = Set(files.records.keys.flatMap { path in
                path.split(separator: "/").dropLast().indices.map { path.split(separator: "/")[...$0].joined(separator: "/") }
            })
            #expect(Set(scan.entries.filter { $0.value.kind == .folder }.keys) == folders, "\(folder.lastPathComponent)")
        }
        // Back again: its folders are made anew in the work folder.
        try site.write("a/b.md", Self.docs["a/b.md"]!)
        #expect(try builder.build().wroteOutput)
        #expect(TestSite.hashes(of: site.output) == (try DocMemoTests.cleanBuild(of: site)))
    }

    @Test func serveKeepsAHandEditUntilTheNextBuildWhichRepairsIt() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        let builder = trusting(site)
        _ = try builder.build()
        try site.write("c.md", "# C\n\nOnce.\n")
        _ = try builder.build()
        // a/b.html edited in place (its inode is shared by both generations).
        let page = site.output.appendingPathComponent("a/b.html")
        let handle = try FileHandle(forWritingTo: page)
        try handle.write(contentsOf: Data("EDITED".utf8))
        try handle.close()
        try site.write("c.md", "# C\n\nTwice.\n")
        _ = try builder.build()
        #expect(try site.read("a/b.html").hasPrefix("EDITED"))
        // skelsite build lists the output and writes the page again.
        try site.write("c.md", "# C\n\nThrice.\n")
        #expect(try site.build().wroteOutput)
        #expect(TestSite.hashes(of: site.output) == (try DocMemoTests.cleanBuild(of: site)))
    }
}
