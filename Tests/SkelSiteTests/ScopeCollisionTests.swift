import Foundation
import SkeletonCore
import SkeletonWeb
import Testing
@testable import SkelSite
import SkelsiteStore

/// Two different components whose 32-bit scope hashes collide, on one page: the second
/// must get its own (salted) scope and CSS, never silently the first one's styles.
@Suite struct ScopeCollisionTests {
    /// Found by brute force over titles "A0"…"A99999" against "B0", "B1", …: the first
    /// B whose scope (FNV-1a 32 of the spec) equals some A's. The specs differ in width
    /// and rect height, so their CSS differs. If ScopeHash's input ever changes, the
    /// precondition below fails and a new pair must be searched for.
    static let specA = "skeleton \"A4971\" width=200\n  rect height=10\n"
    static let specB = "skeleton \"B61863\" width=300\n  rect height=20\n"
    /// The shared scope, and B's with `EmitOptions(salt: 1)`.
    static let sharedScope = "sk-63cac980"
    static let saltedScope = "sk-08f3050d"

    static func fence(_ spec: String) -> String { "```skeleton\n" + spec + "```\n\n" }

    /// The page's one `<style>` element's text.
    static func styles(_ page: String) throws -> String {
        let open = try #require(page.range(of: "<style>\n"))
        let close = try #require(page.range(of: "\n</style>", range: open.upperBound..<page.endIndex))
        #expect(page.components(separatedBy: "<style>").count == 2)
        return String(page[open.upperBound..<close.lowerBound])
    }

    static func emit(_ text: String, label: String, salt: Int = 0) throws -> WebComponent {
        let spec = try #require(SpecParser.parse(text).spec)
        return ComponentEmitter.emit(spec, layout: LayoutEngine.layout(spec), label: label, options: EmitOptions(salt: salt))
    }

    @Test func thePairReallyCollides() throws {
        let a = try Self.emit(Self.specA, label: "A4971")
        let b = try Self.emit(Self.specB, label: "B61863")
        #expect(a.scope == Self.sharedScope)
        #expect(b.scope == Self.sharedScope)
        #expect(a.css != b.css)
        let salted = try Self.emit(Self.specB, label: "B61863", salt: 1)
        #expect(salted.scope == Self.saltedScope)
        // Salting changes the scope and nothing else.
        #expect(salted.css == b.css.replacingOccurrences(of: Self.sharedScope, with: Self.saltedScope))
        #expect(salted.html == b.html.replacingOccurrences(of: Self.sharedScope, with: Self.saltedScope))
    }

    /// Page order A, B, B again, A again: A keeps the plain scope, both Bs take the
    /// salted one, and the page's CSS holds A's and salted B's rules exactly once each.
    @Test func secondComponentGetsADistinctScopeAndItsOwnCSS() throws {
        let doc = "# Collide\n\n" + Self.fence(Self.specA) + Self.fence(Self.specB) + Self.fence(Self.specB)
            + Self.fence(Self.specA)
        let site = try TestSite(["collide.md": doc, "index.md": "# Home\n"])
        defer { site.remove() }
        let report = try site.build()
        #expect(report.diagnostics == [])
        #expect(report.components == 4)
        let page = try site.read("collide.html")

        let a = try Self.emit(Self.specA, label: "A4971")
        let b = try Self.emit(Self.specB, label: "B61863", salt: 1)
        #expect(try Self.styles(page) == a.css + "\n" + b.css)

        func section(_ id: String) throws -> Substring {
            let start = try #require(page.range(of: "<section class=\"component\" id=\"\(id)\""))
            let end = try #require(page.range(of: "</section>", range: start.upperBound..<page.endIndex))
            return page[start.lowerBound..<end.upperBound]
        }
        for (id, scope, html) in [("collide--a4971", Self.sharedScope, a.html), ("collide--b61863", Self.saltedScope, b.html),
                                  ("collide--b61863-2", Self.saltedScope, b.html), ("collide--a4971-2", Self.sharedScope, a.html)] {
            let text = try section(id)
            #expect(text.contains("data-scope=\"\(scope)\""), "\(id)")
            #expect(text.contains(html), "\(id)")
        }
        #expect(page.components(separatedBy: "class=\"\(Self.sharedScope)\"").count - 1 == 2)
        #expect(page.components(separatedBy: "class=\"\(Self.saltedScope)\"").count - 1 == 2)
    }

    /// Resolved where scopes are assigned: step 4's output already gives the second
    /// component of a page its salted scope, HTML and CSS (pages only collect them), and
    /// a colliding spec on another page keeps the plain scope (pages are independent).
    @Test func renderStepAssignsTheSaltedScope() throws {
        func component(_ id: String, _ text: String, line: Int) throws -> SiteComponent {
            let block = SpecBlock(text: text, firstLine: line, columnOffset: 0, fenceLine: line - 1)
            let spec = try #require(SpecParser.parse(text).spec)
            return SiteComponent(id: id, title: spec.title ?? id, block: block, marker: "<!--\(id)-->", parsedSpec: spec)
        }
        func document(_ slug: String, _ components: [SiteComponent]) -> SiteDocument {
            SiteDocument(relativePath: slug + ".md", slug: slug, frontMatter: FrontMatter(), title: slug, html: "",
                         components: components)
        }
        let collide = document("collide", [try component("a", Self.specA, line: 2), try component("b", Self.specB, line: 6),
                                           try component("b2", Self.specB, line: 10)])
        let alone = document("alone", [try component("b-alone", Self.specB, line: 2)])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skelsite-scope-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let work = folder.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let writer = GenerationWriter(folder: work, live: nil)
        let cache = RenderCache(directory: folder.appendingPathComponent("cache"))
        let docs = [collide, alone]
        let kept = try KeepStep.run(docs, pageKeys: PageReuse(shared: "test", docDigests: [:], allPaths: [], documents: docs),
                                    writer: writer, cache: cache, index: RenderCacheIndex(), fingerprint: "test",
                                    parse: { _ in nil })
        let output = try RenderStep.run(kept, cache: cache, index: RenderCacheIndex(), writer: writer)
        #expect((output.rendered, output.cached) == (2, 0))
        #expect(["a", "b", "b2", "b-alone"].map { output.components[$0]?.artifacts.scope }
                    == [Self.sharedScope, Self.saltedScope, Self.saltedScope, Self.sharedScope])
        let salted = try Self.emit(Self.specB, label: "B61863", salt: 1)
        #expect(output.components["b"]?.artifacts.css == salted.css)
        #expect(output.components["b"]?.artifacts.html == salted.html)
        // Pages collect each scope's CSS once and emit nothing.
        var scopes = PageScopes()
        for id in ["a", "b", "b2"] { scopes.place(try #require(output.components[id]).artifacts) }
        #expect(scopes.styles == [try Self.emit(Self.specA, label: "A4971").css, salted.css])
    }

    /// Without a collision nothing changes: the same spec twice shares one scope and
    /// one CSS block, with no salt.
    @Test func identicalComponentsStillShareOneScope() throws {
        let site = try TestSite(["twice.md": "# Twice\n\n" + Self.fence(Self.specA) + Self.fence(Self.specA),
                                 "index.md": "# Home\n"])
        defer { site.remove() }
        #expect(try site.build().diagnostics == [])
        let page = try site.read("twice.html")
        let a = try Self.emit(Self.specA, label: "A4971")
        #expect(try Self.styles(page) == a.css)
        #expect(page.components(separatedBy: "data-scope=\"\(Self.sharedScope)\"").count - 1 == 2)
    }
}
