import Foundation
import TestSupport
@testable import SkelSite
import SkeletonCore
import Testing

/// The content beside a spec (site/guides/fit-the-content.md): fenced blocks after the
/// spec, or `content=PATH` on its skeleton line, and located errors for bad references.
@Suite struct SpecContentTests {
    static func folder(_ files: [String: String]) throws -> URL {
        try FileTree.write(files, prefix: "spec-content-")
    }

    static func scan(_ doc: String, files: [String: String] = [:], at path: String = "a.md") throws -> SpecContentScanner.Found {
        let root = try folder(files.merging([path: doc]) { $1 })
        defer { try? FileManager.default.removeItem(at: root) }
        return SpecContentScanner.scan(markdown: doc, relative: path, source: root)
    }

    @Test func anHTMLBlockAndACSSBlockAfterTheSpecAreItsContent() throws {
        let doc = """
            # Row

            ```skeleton
            skeleton "Row" width=200
              rect height=20
            ```

            ```html
            <p class="t" data-skeleton="title">Hello</p>
            ```
            ```css
            .t { margin: 0; height: 20px }
            ```
            """
        let found = try Self.scan(doc)
        #expect(found.problems.isEmpty)
        #expect(found.content[3] == SpecContent(html: "<p class=\"t\" data-skeleton=\"title\">Hello</p>",
                                               css: ".t { margin: 0; height: 20px }", origin: "a.md:8"))
    }

    @Test func aBlockAfterProseIsNotContent() throws {
        let doc = """
            ```skeleton
            skeleton width=200
              rect height=20
            ```
            Some words.
            ```html
            <p>Hello</p>
            ```
            """
        #expect(try Self.scan(doc).content.isEmpty)
    }

    @Test func contentOnTheSkeletonLineReadsTheFileAndItsStylesheets() throws {
        let doc = """
            ```skeleton
            skeleton "Row" width=200 content="samples/row.html"
              rect height=20
            ```
            """
        let html = """
            <!DOCTYPE html>
            <html><head><link rel="stylesheet" href="row.css"><style>p{color:red}</style></head>
            <body><p data-skeleton="title">Hi</p></body></html>
            """
        let found = try Self.scan(doc, files: ["gallery/samples/row.html": html, "gallery/samples/row.css": "p{height:20px}"],
                                  at: "gallery/row.md")
        #expect(found.problems.isEmpty)
        #expect(found.content[1] == SpecContent(html: "<p data-skeleton=\"title\">Hi</p>", css: "p{color:red}\np{height:20px}",
                                               origin: "gallery/samples/row.html"))
    }

    @Test func badReferencesAreLocatedErrors() throws {
        let missing = try Self.scan("```skeleton\nskeleton width=200 content=nope.html\n  rect height=20\n```\n")
        #expect(missing.problems == ["a.md:2:28: error: content file 'nope.html' does not exist"])
        let leaving = try Self.scan("```skeleton\nskeleton width=200 content=../x.html\n  rect height=20\n```\n")
        #expect(leaving.problems == ["a.md:2:28: error: content path '../x.html' leaves the source folder"])
        let absolute = try Self.scan("  ```skeleton\n  skeleton content=\"/etc/x.html\"\n    rect height=20\n  ```\n")
        #expect(absolute.problems == ["a.md:2:20: error: content path '/etc/x.html' is absolute; give a path relative to the doc"])
        let both = try Self.scan("```skeleton\nskeleton content=x.html\n  rect height=20\n```\n```html\n<p></p>\n```\n",
                                 files: ["x.html": "<p></p>"])
        #expect(both.problems == ["a.md:2:18: error: the spec has both content= and an html block after it; give one of them"])
        // An empty value is the spec parser's error, not reported twice.
        let empty = try Self.scan("```skeleton\nskeleton content=\n  rect height=20\n```\n")
        #expect(empty.problems.isEmpty && empty.content.isEmpty)
        let sheet = try Self.scan("```skeleton\nskeleton content=x.html\n  rect height=20\n```\n",
                                  files: ["x.html": "<p></p>\n  <link rel=stylesheet href=\"gone.css\">"])
        #expect(sheet.problems == ["x.html:2:3: error: stylesheet 'gone.css' does not exist"])
    }

    @Test func aLinkIsRefused() throws {
        let root = try Self.folder(["real.html": "<p></p>"])
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("x.html").path, withDestinationPath: "real.html")
        let found = SpecContentScanner.scan(markdown: "```skeleton\nskeleton content=x.html\n  rect height=20\n```\n",
                                           relative: "a.md", source: root)
        #expect(found.problems == ["a.md:2:18: error: content file 'x.html' is a symbolic link (links are not followed)"])
    }

    @Test func theSpecParserAcceptsContentAndDrawsTheSameComponent() throws {
        let with = SpecParser.parse("skeleton \"Row\" width=200 content=\"row.html\"\n  rect height=20\n")
        let without = SpecParser.parse("skeleton \"Row\" width=200\n  rect height=20\n")
        #expect(with.diagnostics.isEmpty)
        #expect(with.spec == without.spec)
        let twice = SpecParser.parse("skeleton content=a.html content=b.html\n  rect height=20\n")
        #expect(twice.diagnostics.map(\.message) == ["duplicate attribute 'content' on skeleton; remove one of them"])
        // Still unknown on every other node.
        let onRect = SpecParser.parse("skeleton\n  rect height=20 content=x\n")
        #expect(onRect.diagnostics.first?.message.hasPrefix("unknown attribute 'content' on rect") == true)
    }
}
