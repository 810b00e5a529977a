import Foundation
import Testing
@testable import SkelSite
import SkelsiteStore

/// Symbolic links in the source folder (site/reference/limits.md, "Files the build
/// reads and writes"): followed while they stay inside, a located error when they leave it or
/// loop, so no host file is ever published and no walk runs for ever.
@Suite struct SourceSymlinkTests {
    static func link(_ site: TestSite, _ path: String, to target: String) throws {
        let url = site.source.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    }

    static func errors(_ report: BuildReport) -> [String] { report.diagnostics.map(\.description) }

    @Test func aDocLinkedToAHostFileIsAnErrorAtTheLinkAndNothingIsPublished() throws {
        let site = try TestSite(["index.md": "# H\n"])
        defer { site.remove() }
        try Self.link(site, "passwd.md", to: "/etc/passwd")
        let report = try site.build()
        #expect(Self.errors(report) == ["docs/passwd.md:1:1: error: symbolic link leaves the source folder (-> /etc/passwd)"])
        #expect(!report.wroteOutput)
        #expect(!FileManager.default.fileExists(atPath: site.output.path))
        // `check` says the same.
        #expect(Self.errors(try site.builder().check()) == Self.errors(report))
    }

    @Test func relativeLinksAndLinkedFoldersThatLeaveAreErrorsToo() throws {
        let site = try TestSite(["index.md": "# H\n"])
        defer { site.remove() }
        let outside = site.root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("# secret\n".utf8).write(to: outside.appendingPathComponent("secret.md"))
        try Self.link(site, "guide/up.md", to: "../../outside/secret.md")
        try Self.link(site, "ext", to: outside.path)
        // A link to a link inside that leaves: resolved all the way.
        try Self.link(site, "hop.md", to: "guide/up.md")
        // A non-doc file outside is never read, so it is no error.
        try Self.link(site, "logo.png", to: "/etc/hostname")
        let real = try #require(FilePaths.realPath(outside))
        let report = try site.build()
        #expect(Self.errors(report) == [
            "docs/ext:1:1: error: symbolic link leaves the source folder (-> \(real))",
            "docs/guide/up.md:1:1: error: symbolic link leaves the source folder (-> \(real)/secret.md)",
            "docs/hop.md:1:1: error: symbolic link leaves the source folder (-> \(real)/secret.md)",
        ])
        #expect(report.documents == 1)
    }

    @Test func linksThatStayInsideAreFollowed() throws {
        let site = try TestSite(["index.md": "# H\n", "guide/real.md": "# Real page\n"])
        defer { site.remove() }
        try Self.link(site, "alias.md", to: "guide/real.md")
        try Self.link(site, "_hidden/x.md", to: "../guide/real.md")
        try Self.link(site, "shown", to: "_hidden")
        let report = try site.build()
        #expect(report.diagnostics.isEmpty)
        #expect(report.documents == 4)
        #expect(try site.read("alias.html").contains("Real page"))
        #expect(try site.read("shown/x.html").contains("Real page"))
    }

    @Test func loopsAreErrorsAndTheWalkEnds() throws {
        // Before: one loop made 41 docs of one, two loops never ended.
        let site = try TestSite(["index.md": "# H\n", "sub/page.md": "# P\n"])
        defer { site.remove() }
        try Self.link(site, "a", to: ".")
        try Self.link(site, "b", to: ".")
        try Self.link(site, "sub/up", to: "..")
        try Self.link(site, "self.md", to: "self.md")
        let expected = [
            "docs/a:1:1: error: symbolic link loop: it leads back to the source folder, which contains it",
            "docs/b:1:1: error: symbolic link loop: it leads back to the source folder, which contains it",
            "docs/self.md:1:1: error: symbolic link loop (too many levels of symbolic links)",
            "docs/sub/up:1:1: error: symbolic link loop: it leads back to the source folder, which contains it",
        ]
        let check = try site.builder().check()
        #expect(Self.errors(check) == expected)
        #expect(check.documents == 2)
        let report = try site.build()
        #expect(Self.errors(report) == expected)
        #expect(!report.wroteOutput)
    }

    @Test func aSecondLinkToAFolderIsSkippedWithAWarning() throws {
        // Each real folder is read once: a link cannot duplicate the tree (or, stacked,
        // make the walk exponential).
        let site = try TestSite(["index.md": "# H\n", "v2/page.md": "# P\n"])
        defer { site.remove() }
        try Self.link(site, "latest", to: "v2")
        let report = try site.build()
        #expect(Self.errors(report) == ["docs/latest:1:1: warning: symbolic link leads to folder 'v2', which is already read; skipped"])
        #expect(report.documents == 2)
        #expect(report.wroteOutput)
    }

    @Test func aDocThatIsNotARegularFileIsAnError() throws {
        // A FIFO would make the read wait for ever.
        let site = try TestSite(["index.md": "# H\n"])
        defer { site.remove() }
        #expect(mkfifo(site.source.appendingPathComponent("pipe.md").path, 0o644) == 0)
        let report = try site.builder().check()
        #expect(Self.errors(report) == ["docs/pipe.md:1:1: error: not a regular file; only regular files are read"])
    }

    @Test func sourceReadingRefusesWhatDiscoveryRefuses() throws {
        // The one reader for source files (for the loader, after discovery).
        let site = try TestSite(["index.md": "# H\n"])
        defer { site.remove() }
        try Self.link(site, "passwd.md", to: "/etc/passwd")
        #expect(mkfifo(site.source.appendingPathComponent("pipe.md").path, 0o644) == 0)
        #expect(try SourceReading.readText("index.md", in: site.source) == "# H\n")
        #expect(throws: SourceReading.Failure(message: "symbolic link leaves the source folder (-> /etc/passwd)")) {
            try SourceReading.read("passwd.md", in: site.source)
        }
        #expect(throws: SourceReading.Failure(message: "not a regular file; only regular files are read")) {
            try SourceReading.read("pipe.md", in: site.source)
        }
        #expect(throws: SourceReading.Failure(message: "cannot read file: no such file or directory")) {
            try SourceReading.read("gone.md", in: site.source)
        }
    }

    @Test func invalidUTF8IsReportedAtTheBadByte() throws {
        // Line 3 (after a CRLF and a lone CR), column 6: the 0xFF after "ab é" (é is 2 bytes).
        let bytes: [UInt8] = Array("# T\r\nx\rab é".utf8) + [0xFF] + Array(" rest\n".utf8)
        #expect(throws: SourceReading.Failure(message: "file is not valid UTF-8 (byte 0xFF)", line: 3, column: 6,
                                              sourceLine: "ab é")) {
            try SourceReading.decodeUTF8(bytes)
        }
        let failure = SourceReading.Failure(message: "file is not valid UTF-8 (byte 0xFF)", line: 3, column: 6, sourceLine: "ab é")
        #expect(failure.diagnostic(path: "docs/a.md").description
                == "docs/a.md:3:6: error: file is not valid UTF-8 (byte 0xFF)\nab é\n    ^")
        // A truncated sequence at the end, and a lone continuation byte.
        #expect(SourceReading.firstInvalidUTF8(Array("ok".utf8) + [0xC3]) == 2)
        #expect(SourceReading.firstInvalidUTF8([0x41, 0x80, 0x41]) == 1)
        #expect(SourceReading.firstInvalidUTF8(Array("é€😀".utf8)) == nil)
    }
}

extension SourceSymlinkTests {
    @Test func aLinkAddedAfterABuildIsNotTakenForUpToDate() throws {
        // The safe docs did not change, so the input digest matches the last build's;
        // the escaping link must still fail the build.
        let site = try TestSite(["index.md": "# H\n"])
        defer { site.remove() }
        _ = try site.build()
        let before = TestSite.hashes(of: site.output)
        try Self.link(site, "passwd.md", to: "/etc/passwd")
        let report = try site.build()
        #expect(Self.errors(report) == ["docs/passwd.md:1:1: error: symbolic link leaves the source folder (-> /etc/passwd)"])
        #expect(!report.wroteOutput)
        #expect(TestSite.hashes(of: site.output) == before)
    }
}
