import Foundation
import Testing
@testable import SkelSite

/// The loader reads docs through `SourceReading` and splits lines with `SourceLines`
/// (site/reference/limits.md, "Files the build reads and writes").
@Suite struct SourceLoadingTests {
    @Test func invalidUTF8IsReportedAtTheBadByteWithItsLine() throws {
        let site = try TestSite(["index.md": "# H\n"])
        defer { site.remove() }
        try (Data("# ok\r\n\r\nline é ".utf8) + Data([0xFF]) + Data(" here\n".utf8))
            .write(to: site.source.appendingPathComponent("bad.md"))
        let report = try site.builder().check()
        #expect(report.diagnostics.map(\.description) == ["docs/bad.md:3:9: error: file is not valid UTF-8 (byte 0xFF)\nline é \n       ^"])
    }

    @Test func diagnosticsOfACRLFDocShowTheirLine() throws {
        let site = try TestSite(["t.md": "---\r\ntitle: T\r\ntitel: x\r\n---\r\n# T\r\n"])
        defer { site.remove() }
        let report = try site.builder().check()
        #expect(report.diagnostics.map(\.description)
                == ["docs/t.md:3:1: warning: unknown front matter key 'titel' is ignored; did you mean 'title'?\ntitel: x\n^"])
    }
}
