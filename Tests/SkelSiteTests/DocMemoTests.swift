import Foundation
import Testing
@testable import SkelSite
import SkeletonCore
import SkelsiteStore

/// Rebuilds take unchanged docs from their memo (`DocMemo`) instead of parsing them, and
/// the site they write is byte for byte the site a clean build writes.
@Suite struct DocMemoTests {
    static let row = "```skeleton\nskeleton \"Row\" width=50 height=10\n  animation none\n  rect width=10 height=10\n```\n"
    static let docs: [String: String] = [
        "index.md": "# Home\n\nIntro.\n\n" + row,
        // "a/b.md" repeats a title ("a-b--row", "a-b--row-2"); "a-c.md" has the same spec
        // (ids are numbered within a doc; "a-b.md" would clash, an error).
        "a/b.md": "# B\n\nSee [C](../c.md).\n\n" + row + "\n" + row,
        "a-c.md": "---\ntitle: AB\norder: 2\ntags: [x, \"y z\"]\ndescription: Both\n---\n# Ignored\n\n" + row,
        "c.md": "# C\n\nPlain.\n\n```skeleton\nskeleton width=20 height=5\n  animation shimmer\n```\n",
    ]

    /// "2 parse Markdown: ..." without its time.
    static func parseLine(_ report: BuildReport) -> String {
        String(report.steps[1].line.prefix(while: { $0 != "(" }))
    }

    /// The site a build with no output, no cache and no memo writes from the same docs.
    static func cleanBuild(of site: TestSite, options: SiteBuilder.Options? = nil) throws -> [String: String] {
        let root = site.root.appendingPathComponent("clean-\(UUID().uuidString)")
        var builder = SiteBuilder(source: site.source, output: root.appendingPathComponent("out"), templates: TestSite.templates,
                                  options: options ?? site.builder().options, displaySource: "docs")
        builder.options.cacheDirectory = root.appendingPathComponent("cache")
        let report = try builder.build()
        #expect(report.succeeded && report.wroteOutput)
        #expect(!parseLine(report).contains("unchanged"))
        return TestSite.hashes(of: builder.output)
    }

    @Test func proseEditParsesOnlyThatDoc() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        let first = try site.build()
        #expect(Self.parseLine(first) == "[2/8] parse Markdown: 4 docs, 5 specs ")
        try site.write("c.md", "# C\n\nEdited.\n\n```skeleton\nskeleton width=20 height=5\n  animation shimmer\n```\n")
        let second = try site.build()
        #expect(Self.parseLine(second) == "[2/8] parse Markdown: 4 docs, 3 unchanged, 5 specs ")
        #expect((second.documents, second.components, second.rendered, second.cached) == (4, 5, 0, 2))
        #expect(TestSite.hashes(of: site.output) == (try Self.cleanBuild(of: site)))
    }

    @Test func titleEditRendersMemoPagesFromTheirDocs() throws {
        // A new title changes every page's nav: pages of unchanged docs are made again,
        // from the docs parsed again, and must come out as from a clean build.
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        try site.write("c.md", "# Sea\n\nPlain.\n\n```skeleton\nskeleton width=20 height=5\n  animation shimmer\n```\n")
        let second = try site.build()
        #expect(Self.parseLine(second) == "[2/8] parse Markdown: 4 docs, 3 unchanged, 5 specs ")
        #expect(try site.read("a/b.html").contains("Sea"))
        #expect(TestSite.hashes(of: site.output) == (try Self.cleanBuild(of: site)))
    }

    @Test func memoDocsComponentsArePaintedWhenTheCacheLostThem() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        for name in try FileManager.default.contentsOfDirectory(atPath: site.cache.path) where name.hasSuffix(".entry") {
            try FileManager.default.removeItem(at: site.cache.appendingPathComponent(name))
        }
        try site.write("c.md", "# C\n\nEdited.\n\n```skeleton\nskeleton width=20 height=5\n  animation shimmer\n```\n")
        let second = try site.build()
        #expect(Self.parseLine(second) == "[2/8] parse Markdown: 4 docs, 3 unchanged, 5 specs ")
        #expect((second.rendered, second.cached) == (2, 0))
        #expect(TestSite.hashes(of: site.output) == (try Self.cleanBuild(of: site)))
    }

    @Test func eachSettingInvalidatesTheMemo() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        // Another renderer (tool version or binary).
        var builder = site.builder()
        builder.options.rendererFingerprint = "other"
        #expect(Self.parseLine(try builder.build()) == "[2/8] parse Markdown: 4 docs, 5 specs ")
        try site.write("c.md", "# C\n\nEdited.\n")
        #expect(Self.parseLine(try builder.build()) == "[2/8] parse Markdown: 4 docs, 3 unchanged, 4 specs ")
        // Raw HTML allowed or not.
        builder.options.allowRawHTML = true
        #expect(Self.parseLine(try builder.build()) == "[2/8] parse Markdown: 4 docs, 4 specs ")
        // A doc added: links to it are rewritten, so every doc is parsed again.
        try site.write("d.md", "# D\n")
        #expect(Self.parseLine(try builder.build()) == "[2/8] parse Markdown: 5 docs, 4 specs ")
        #expect(TestSite.hashes(of: site.output) == (try Self.cleanBuild(of: site, options: builder.options)))
    }

    /// Spec defaults (site/guides/site-wide-appearance.md) reach specs taken from a memo:
    /// the project's are part of the memo's key, and a doc whose front matter sets its own
    /// is parsed every build (the memo does not keep them). Found merging the doc memo
    /// with inherited settings: a memo spec parsed again without them lost its colours.
    @Test func specDefaultsReachMemoDocsAndChangeTheirKey() throws {
        var docs = Self.docs
        docs["tinted.md"] = "---\nappearance: base=#00FF00\n---\n# Tinted\n\n" + Self.row
        let site = try TestSite(docs)
        defer { site.remove() }
        var builder = site.builder()
        var project = InheritedSettings()
        #expect(project.add(.appearance, words: Array("base=#FF0000".utf8), line: 1, column: 1).isEmpty)
        builder.options.specDefaults = project
        _ = try builder.build()
        try site.write("c.md", "# C\n\nEdited.\n\n```skeleton\nskeleton width=20 height=5\n  animation shimmer\n```\n")
        // index, a/b and a-c from the memo; tinted.md (front matter defaults) and c.md parsed.
        #expect(Self.parseLine(try builder.build()) == "[2/8] parse Markdown: 5 docs, 3 unchanged, 6 specs ")
        #expect(try site.read("index.html").contains("#ff0000"))
        #expect(try site.read("tinted.html").contains("#00ff00"))
        #expect(TestSite.hashes(of: site.output) == (try Self.cleanBuild(of: site, options: builder.options)))
        // Other project defaults: every doc is parsed again.
        var other = InheritedSettings()
        #expect(other.add(.appearance, words: Array("base=#0000FF".utf8), line: 1, column: 1).isEmpty)
        builder.options.specDefaults = other
        #expect(Self.parseLine(try builder.build()) == "[2/8] parse Markdown: 5 docs, 6 specs ")
        #expect(try site.read("index.html").contains("#0000ff"))
        #expect(TestSite.hashes(of: site.output) == (try Self.cleanBuild(of: site, options: builder.options)))
    }

    @Test func templatesAndTitleKeepTheMemoButRemakePages() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        let theme = site.root.appendingPathComponent("theme")
        try FileManager.default.copyItem(at: TestSite.templates, to: theme)
        var builder = site.builder()
        builder.templates = theme
        _ = try builder.build()
        let page = theme.appendingPathComponent("page.mustache")
        try Data((try String(contentsOf: page, encoding: .utf8) + "<!-- edited theme -->\n").utf8).write(to: page)
        builder.options.siteTitle = "Renamed"
        let second = try builder.build()
        #expect(Self.parseLine(second) == "[2/8] parse Markdown: 4 docs, 4 unchanged, 5 specs ")
        #expect(try site.read("a/b.html").contains("<!-- edited theme -->"))
        var clean = builder
        clean.output = site.root.appendingPathComponent("clean-out")
        clean.options.cacheDirectory = site.root.appendingPathComponent("clean-cache")
        _ = try clean.build()
        #expect(TestSite.hashes(of: site.output) == TestSite.hashes(of: clean.output))
    }

    /// A white row without dark-fill: a warning at its row's fill=.
    static let warnedCard = "```skeleton\nskeleton \"Card\" width=200\n  row padding=8 fill=#FFFFFF\n    rect height=12\n```\n"

    @Test func docsWithWarningsComeFromTheirMemoWithTheirWarnings() throws {
        let site = try TestSite(["a.md": "---\ncolour: red\n---\n# A\n\n" + Self.warnedCard, "b.md": "# B\n"])
        defer { site.remove() }
        let first = try site.build()
        #expect(first.diagnostics.map { "\($0.line):\($0.column)" } == ["2:1", "8:17"])
        #expect(DocMemoStore.read(from: site.cache, settings: try Self.settings(of: site))["a.md"]?.warnings.map(\.line)
                    == [2, 8])
        try site.write("b.md", "# B\n\nMore.\n")
        let second = try site.build()
        // a.md is not parsed again, and its warnings are printed as the first build printed them.
        #expect(Self.parseLine(second) == "[2/8] parse Markdown: 2 docs, 1 unchanged, 1 specs ")
        #expect(second.diagnostics == first.diagnostics)
        #expect(second.diagnostics.map(\.text) == first.diagnostics.map(\.text))
        #expect(TestSite.hashes(of: site.output) == (try Self.cleanBuild(of: site)))
    }

    @Test func proseEditOfAWarnedDocKeepsItsWarnings() throws {
        // The doc itself is edited in its prose: parsed again, the same warnings, now one
        // line lower, and its memo follows.
        let site = try TestSite(["a.md": "# A\n\n" + Self.warnedCard, "b.md": "# B\n"])
        defer { site.remove() }
        let first = try site.build()
        #expect(first.diagnostics.map { "\($0.line):\($0.column)" } == ["5:17"])
        try site.write("a.md", "# A\n\nMore prose.\n\n" + Self.warnedCard)
        let second = try site.build()
        #expect(Self.parseLine(second) == "[2/8] parse Markdown: 2 docs, 1 unchanged, 1 specs ")
        #expect(second.diagnostics.map { "\($0.line):\($0.column)" } == ["7:17"])
        #expect(second.diagnostics.map(\.message) == first.diagnostics.map(\.message))
        #expect(second.diagnostics[0].sourceLine == "  row padding=8 fill=#FFFFFF")
        let memo = DocMemoStore.read(from: site.cache, settings: try Self.settings(of: site))["a.md"]
        #expect(memo?.warnings == [RecordedWarning(path: "a.md", line: 7, column: 17, message: first.diagnostics[0].message,
                                                   sourceLine: "  row padding=8 fill=#FFFFFF")])
        // And b.md edited: a.md from its new memo, with the new line.
        try site.write("b.md", "# B\n\nMore.\n")
        let third = try site.build()
        #expect(Self.parseLine(third) == "[2/8] parse Markdown: 2 docs, 1 unchanged, 1 specs ")
        #expect(third.diagnostics == second.diagnostics)
    }

    /// The settings key the memo file was written under.
    static func settings(of site: TestSite) throws -> String {
        let bytes = [UInt8](try Data(contentsOf: site.cache.appendingPathComponent(DocMemoStore.fileName)))
        return try #require(DocMemoStore.decode(bytes)).settings
    }

    @Test func damagedMemoFileIsIgnored() throws {
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        let file = site.cache.appendingPathComponent(DocMemoStore.fileName)
        var bytes = [UInt8](try Data(contentsOf: file))
        bytes[bytes.count / 2] ^= 0x20
        // Replaced (a new inode), as an edit would: within one clock tick of the build's
        // own write, an edit in place could keep the stamp (see `StampedMemory`).
        try Self.replace(file, with: bytes)
        try site.write("c.md", "# C\n\nEdited.\n")
        #expect(Self.parseLine(try site.build()) == "[2/8] parse Markdown: 4 docs, 4 specs ")
        #expect(TestSite.hashes(of: site.output) == (try Self.cleanBuild(of: site)))
    }

    /// Writes `bytes` beside `file` and renames them over it.
    static func replace(_ file: URL, with bytes: [UInt8]) throws {
        let temporary = file.deletingLastPathComponent().appendingPathComponent("replacement.tmp")
        try Data(bytes).write(to: temporary)
        #expect(rename(temporary.path, file.path) == 0)
    }

    @Test func aServeProcessTakesUnchangedFilesFromMemory() throws {
        // What a build read or wrote is remembered with its file's stamp; a file replaced
        // since is read again.
        let site = try TestSite(Self.docs)
        defer { site.remove() }
        _ = try site.build()
        let file = site.cache.appendingPathComponent(DocMemoStore.fileName).path
        let memory = StampedMemory<Int>()
        var reads = 0
        let decode: ([UInt8]) -> Int? = { bytes in
            reads += 1
            return bytes.count
        }
        let size = try #require(memory.value(at: file, decode: decode))
        #expect(memory.value(at: file, decode: decode) == size && reads == 1)
        try Self.replace(URL(fileURLWithPath: file), with: [1, 2, 3])
        #expect(memory.value(at: file, decode: decode) == 3 && reads == 2)
        memory.remember(99, at: file)
        #expect(memory.value(at: file, decode: decode) == 99 && reads == 2)
        unlink(file)
        #expect(memory.value(at: file, decode: decode) == nil)
        // A second build in this process takes the memo its first one wrote.
        try site.write("c.md", "# C\n\nOnce.\n")
        _ = try site.build()
        try site.write("c.md", "# C\n\nTwice.\n")
        #expect(Self.parseLine(try site.build()) == "[2/8] parse Markdown: 4 docs, 3 unchanged, 4 specs ")
    }

    @Test func fileRoundTripsAndRefusesDamage() throws {
        let memo = DocMemo(digest: String(repeating: "ab", count: 32), slug: "a/é", title: "Tïtle: 12",
                           frontMatter: FrontMatter(title: nil, description: "d\nx", tags: ["", "t 1"], order: -3),
                           specs: [.init(title: nil, block: SpecBlock(text: "skeleton\n  rect 1x1", firstLine: 4,
                                                                      columnOffset: 2, fenceLine: 3), marker: "<!--m:0-->"),
                                   .init(title: "", block: SpecBlock(text: "", firstLine: 9, columnOffset: 0, fenceLine: 8),
                                         marker: "")],
                           warnings: [RecordedWarning(path: "a/é.md", line: 5, column: 3, message: "pale\n2", sourceLine: "  rect"),
                                      RecordedWarning(path: "a/é.md", line: 1, column: 1, message: "", sourceLine: nil)])
        let memos = ["a/é.md": memo, "b.md": DocMemo(digest: "d", slug: "b", title: "B", frontMatter: FrontMatter(), specs: [])]
        let bytes = DocMemoStore.encode(memos, settings: "s1")
        #expect(DocMemoStore.decode(bytes, settings: "s1") == memos)
        #expect(DocMemoStore.decode(bytes, settings: "s2") == nil)
        #expect(DocMemoStore.decode(Array(bytes.dropLast()), settings: "s1") == nil)
        var flipped = bytes
        flipped[30] ^= 1
        #expect(DocMemoStore.decode(flipped, settings: "s1") == nil)
        #expect(DocMemoStore.decode(DocMemoStore.encode([:], settings: "s1"), settings: "s1") == [:])
    }
}
