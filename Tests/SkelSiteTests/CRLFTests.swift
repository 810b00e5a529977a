import Foundation
import SkeletonCore
import Testing
@testable import SkelSite

/// Docs saved with Windows (CRLF) or old Mac (lone CR) line endings read like LF docs
/// (why: in Swift "\r\n" is one Character, so splitting on "\n" never split them and
/// their front matter, `draft: true` included, was silently ignored).
@Suite struct CRLFTests {
    @Test func linesSplitAtEveryLineEnding() {
        #expect(SourceLines.split("a\r\nb\nc\rd") == ["a", "b", "c", "d"])
        #expect(SourceLines.split("a\r\n") == ["a", ""])
        #expect(SourceLines.split("\r\r\n\n") == ["", "", "", ""])
        #expect(SourceLines.split("") == [""])
        #expect(SourceLines.split("é\r\nü") == ["é", "ü"])
    }

    @Test(arguments: ["\r\n", "\r", "\n"])
    func frontMatterIsReadWithAnyLineEnding(_ eol: String) {
        let doc = ["---", "title: S", "draft: true", "titel: x", "order: one", "---", "# S", ""].joined(separator: eol)
        let result = FrontMatterParser.parse(doc)
        #expect(result.frontMatter == FrontMatter(title: "S", draft: true))
        #expect(result.diagnostics.map { "\($0.position.line):\($0.position.column): \($0.message)" } == [
            "4:1: unknown front matter key 'titel' is ignored; did you mean 'title'?",
            "5:8: order must be a whole number, got 'one'",
        ])
        // The front matter is blanked line for line; the body keeps its own bytes.
        #expect(result.body == "\n\n\n\n\n\n# S" + eol)
    }

    @Test func specBlocksOfACRLFDocKeepTheirLines() {
        let doc = "# T\r\n\r\n```skeleton\r\nskeleton \"a\" width=40\r\n  rect 10x10\r\n```\r\n"
        #expect(SpecBlocks.find(inMarkdown: doc) == [
            SpecBlock(text: "skeleton \"a\" width=40\n  rect 10x10", firstLine: 4, columnOffset: 0, fenceLine: 3),
        ])
        #expect(SpecBlocks.find(inMarkdown: doc.replacingOccurrences(of: "\r\n", with: "\r")).map(\.firstLine) == [4])
    }

    @Test func aCRLFDraftIsLeftOutAndACRLFTitleIsUsed() throws {
        // The reproduction: before, s.html was written and the title ignored.
        let site = try TestSite([
            "index.md": "# Home\n",
            "s.md": "---\r\ntitle: S\r\ndraft: true\r\n---\r\n# S\r\n",
            "t.md": "---\r\ntitle: Titled\r\n---\r\n# Heading\r\n",
        ])
        defer { site.remove() }
        let report = try site.build()
        #expect(report.diagnostics.isEmpty)
        #expect((report.documents, report.drafts) == (2, 1))
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("s.html").path))
        #expect(try site.read("t.html").contains("<title>Titled"))
    }

    @Test func diagnosticsOfACRLFDocAreAtTheFilesOwnLines() throws {
        let site = try TestSite([
            "t.md": "---\r\ntitle: T\r\ntitel: x\r\n---\r\n# S\r\n\r\n```skeleton\r\nskeleton \"a\" width=40\r\n  rekt 10x10\r\n```\r\n",
        ])
        defer { site.remove() }
        let report = try site.builder().check()
        #expect(report.diagnostics.map { "\($0.path):\($0.line):\($0.column): \($0.severity.label): \($0.message)" } == [
            "docs/t.md:3:1: warning: unknown front matter key 'titel' is ignored; did you mean 'title'?",
            "docs/t.md:9:3: error: unknown node kind 'rekt'; did you mean 'rect'?",
        ])
    }
}
