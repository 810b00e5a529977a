import Foundation
import SkeletonCore
import Testing
@testable import SkelSite
import SkelsiteStore

/// The records the build's steps hand each other: complete when made.
@Suite struct BuildPipelineTests {
    static func loaded(_ text: String, path: String = "guides/cards.md") throws -> LoadedDocument {
        let markdown = MarkdownRenderer.render(text)
        return LoadedDocument(relativePath: path, displayPath: "docs/" + path, slug: DocumentLoader.slug(for: path),
                              frontMatter: FrontMatter(), title: "Cards", markdown: markdown,
                              lines: text.components(separatedBy: "\n"))
    }

    static func fence(_ spec: String) -> String { "```skeleton\n" + spec + "\n```\n\n" }

    @Test func specStepNamesEveryComponentInDocOrder() throws {
        let text = "# Cards\n\n" + Self.fence("skeleton \"Card\" width=20 height=10\n  rect width=5 height=5")
            + Self.fence("skeleton \"Card\" width=30 height=10\n  rect width=5 height=5")
            + Self.fence("skeleton width=20 height=10\n  rect width=5 height=5")
        let output = SpecStep.run([try Self.loaded(text)])
        #expect(output.diagnostics == [])
        #expect(output.specCount == 3)
        let components = try #require(output.documents.first).components
        #expect(components.map(\.id) == ["guides-cards--card", "guides-cards--card-2", "guides-cards--component-3"])
        #expect(components.map(\.title) == ["Card", "Card", "Component 3"])
        #expect(components.map(\.spec.width) == [20, 30, 20])
        #expect(components.map(\.marker) == ["<!--skelsite:component:0-->", "<!--skelsite:component:1-->",
                                             "<!--skelsite:component:2-->"])
    }

    /// A spec that does not parse is an error, counted among the specs, and not a
    /// component; the components after it keep their numbers.
    @Test func aSpecThatDoesNotParseIsAnErrorAndNoComponent() throws {
        let text = "# Cards\n\n" + Self.fence("skeleton width=20\n  blob 3")
            + Self.fence("skeleton width=20 height=10\n  rect width=5 height=5")
        let output = SpecStep.run([try Self.loaded(text)])
        #expect(output.specCount == 2)
        // At the doc's own line and column, with the doc's line for the caret (the
        // parser's wording after "unknown node kind 'blob'" is its own business).
        let diagnostic = try #require(output.diagnostics.first)
        #expect(output.diagnostics.count == 1)
        #expect((diagnostic.path, diagnostic.line, diagnostic.column, diagnostic.severity, diagnostic.sourceLine)
                == ("docs/guides/cards.md", 5, 3, .error, "  blob 3"))
        #expect(diagnostic.message.hasPrefix("unknown node kind 'blob'"))
        #expect(try #require(output.documents.first).components.map(\.id) == ["guides-cards--component-2"])
    }

    @Test func manifestSaysNilInputsAsAnEmptyValue() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skelsite-manifest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let marker = folder.appendingPathComponent(OutputSwap.markerName)
        for inputs in [nil, "abc"] as [String?] {
            let manifest = OutputManifest(inputs: inputs, documents: 2, listing: .init(files: 1, bytes: 3, digest: "d"))
            try manifest.markerText().write(to: marker, atomically: false, encoding: .utf8)
            #expect(try String(contentsOf: marker, encoding: .utf8).contains("\ninputs=\(inputs ?? "")\n"))
            #expect(OutputManifest.read(from: folder) == manifest)
        }
    }

    @Test func stepsAreNamedOnceInOrder() {
        #expect(BuildStep.allCases.map(\.displayName) == ["discover docs", "parse Markdown", "parse specs",
                                                         "keep unchanged", "render components", "write pages", "write indexes",
                                                         "swap output"])
        #expect(BuildStep.checkSteps == Array(BuildStep.allCases.prefix(3)))
    }

    @Test func componentFilesSpellEveryPathOneWay() {
        let files = ComponentFiles(id: "guides-cards--card")
        #expect(files.link(ComponentFiles.light1x) == "png/guides-cards--card/light@1x.png")
        #expect(files.link(ComponentFiles.strip, root: "../") == "../png/guides-cards--card/strip-light@1x.png")
        #expect(files.folder(in: URL(fileURLWithPath: "/site")).path == "/site/png/guides-cards--card")
    }
}
