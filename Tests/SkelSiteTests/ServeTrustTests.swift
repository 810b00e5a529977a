import Foundation
import Testing
@testable import SkelSite

/// `skelsite serve` trusts what its own last build left in the output between its
/// rebuilds (`SiteBuilder.Options.trustsItsOutput`, `PublishedGenerations`); `skelsite
/// build` lists and checks the output every time.
@Suite struct ServeTrustTests {
    static let docs = DocMemoTests.docs

    func trusting(_ site: TestSite) -> SiteBuilder {
        var builder = site.builder()
        builder.options.trustsItsOutput = true
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
        let left = try #require(PublishedGenerations.shared.left(for: site.output.resolvingSymlinksInPath(),
                                                                  work: OutputGenerations.storeURL(for: site.output.resolvingSymlinksInPath())
                                                                      .appendingPathComponent(OutputGenerations.workName)))
        let work = OutputGenerations.storeURL(for: site.output.resolvingSymlinksInPath()).appendingPathComponent(OutputGenerations.workName)
        let scan = FolderScan.of(work.path)
        #expect(Set(scan.entries.filter { $0.value.kind == .file }.keys) == Set(left.workFiles.records.keys).union([OutputSwap.markerName]))
        for (path, record) in left.workFiles.records { #expect(scan.entries[path]?.stamp == record.stamp) }
        // Nothing changed: up to date without listing the output.
        #expect(try builder.build().steps.last?.line.contains("up to date") == true)
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
