import Foundation
import Testing
@testable import SkelSite
import SkelsiteStore

/// `BuildReport.changedFiles` is what serve tells open pages: the files a rebuild wrote
/// and the live site's files the new one lacks. `skelsite build` prints none of it and
/// turns it off (`listsChangedFiles`).
@Suite struct ChangedFilesTests {
    @Test func aDeletedDocsPageIsListedAsGoneBesideWhatWasWritten() throws {
        let site = try TestSite(FirstEditTests.docs)
        defer { site.remove() }
        #expect(try site.build().wroteOutput)
        try FileManager.default.removeItem(at: site.source.appendingPathComponent("guides/b.md"))
        let report = try site.build()
        #expect(report.wroteOutput)
        #expect(report.changedFiles.contains("guides/b.html"))
        #expect(report.changedFiles.contains("index.html"))
        #expect(report.changedFiles.contains("search-index.json"))
        #expect(report.changedFiles.contains("png/guides-b--card/light@1x.png"))
        // a.md's component is unchanged: its PNGs were kept, not written.
        #expect(!report.changedFiles.contains { $0.hasPrefix("png/a--") })
        #expect(report.changedFiles == report.changedFiles.sorted())
    }

    @Test func offTheRebuildListsNothing() throws {
        let site = try TestSite(FirstEditTests.docs)
        defer { site.remove() }
        var builder = site.builder()
        builder.options.listsChangedFiles = false
        #expect(try builder.build().changedFiles == [])
        try FileManager.default.removeItem(at: site.source.appendingPathComponent("guides/b.md"))
        let report = try builder.build()
        #expect(report.wroteOutput)
        #expect(report.changedFiles == [])
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("guides/b.html").path))
    }
}
