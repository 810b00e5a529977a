import Foundation
import SkelSite
import SkeletonCore
import SkeletonWeb
import Testing

/// `skelsite export` end to end (site/reference/swiftui-export.md,
/// site/reference/command-line.md): what it writes, and what bad input gets.
@Suite struct ExportCommandTests {
    static let card = """
        # Cards

        ```skeleton
        skeleton "Profile card" width=200
          row gap=8
            circle 40
            text lines=2 line-height=10 grow=1
        ```

        ```skeleton
        skeleton "Profile card" width=120
          animation pulse duration=1s
          rect height=12
        ```
        """

    @Test func swiftUIFromAMarkdownDocWritesViewsAndSupport() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.card.utf8).write(to: folder.appendingPathComponent("cards.md"))
        let result = try CLIRunner.run(["export", "cards.md", "--output", "out"], cwd: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        #expect(result.stdout == "exported 2 specs as swiftui into out: Skeletons.swift, SkeletonSupport.swift\n")
        let views = try String(contentsOf: folder.appendingPathComponent("out/Skeletons.swift"), encoding: .utf8)
        let specs = SpecBlocksForTest.specs(Self.card)
        let expected = SwiftUIExport.viewsFile([
            ExportedSpec(spec: specs[0], origin: "cards.md:4:1"), ExportedSpec(spec: specs[1], origin: "cards.md:11:1"),
        ])
        #expect(views == expected)
        #expect(views.contains("public struct ProfileCardSkeleton: View {"))
        #expect(views.contains("public struct ProfileCardSkeleton2: View {"))
        let support = try String(contentsOf: folder.appendingPathComponent("out/SkeletonSupport.swift"), encoding: .utf8)
        #expect(support == SwiftUIExport.supportSource)
    }

    @Test func htmlWritesTheBuildsComponentPerSpec() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.card.utf8).write(to: folder.appendingPathComponent("cards.md"))
        let result = try CLIRunner.run(["export", "cards.md", "--format", "html", "--output", "web"], cwd: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "exported 2 specs as html into web: profile-card.html, profile-card.css, "
                + "profile-card-2.html, profile-card-2.css\n")
        let spec = SpecBlocksForTest.specs(Self.card)[1]
        let component = ComponentEmitter.emit(spec, layout: LayoutEngine.layout(spec))
        #expect(try String(contentsOf: folder.appendingPathComponent("web/profile-card-2.html"), encoding: .utf8) == component.html)
        #expect(try String(contentsOf: folder.appendingPathComponent("web/profile-card-2.css"), encoding: .utf8) == component.css)
    }

    @Test func unknownFormatExits2AndListsTheFormats() throws {
        let result = try CLIRunner.run(["export", "x.md", "--format", "kotlin"])
        #expect(result.status == 2)
        #expect(result.stderr == "error: --format must be one of: swiftui, html, react, web-component, npm, got 'kotlin'\n")
    }

    @Test func invalidSpecIsLocatedExits1AndWritesNothing() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("skeleton \"Bad\"\n  rectt 4x4\n".utf8).write(to: folder.appendingPathComponent("bad.skel"))
        let result = try CLIRunner.run(["export", "bad.skel", "--output", "out"], cwd: folder)
        #expect(result.status == 1)
        #expect(result.stderr == "bad.skel:2:3: error: unknown node kind 'rectt'; did you mean 'rect'?\n  rectt 4x4\n  ^\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    @Test func missingSourceAndEmptyDocAreUsageErrors() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("# No specs\n".utf8).write(to: folder.appendingPathComponent("plain.md"))
        let missing = try CLIRunner.run(["export", "nope.md"], cwd: folder)
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: cannot read 'nope.md': no such file or folder\n")
        let empty = try CLIRunner.run(["export", "plain.md"], cwd: folder)
        #expect(empty.status == 2)
        #expect(empty.stderr == "error: 'plain.md' holds no spec\n")
    }

    /// A docs folder is read as the build reads it: a link out of it is a located error.
    @Test func aFolderWithALinkOutOfItFailsLocated() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let docs = folder.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        try Data(Self.card.utf8).write(to: docs.appendingPathComponent("cards.md"))
        try Data("# Outside\n".utf8).write(to: folder.appendingPathComponent("outside.md"))
        try FileManager.default.createSymbolicLink(atPath: docs.appendingPathComponent("out.md").path,
                                                   withDestinationPath: folder.appendingPathComponent("outside.md").path)
        let result = try CLIRunner.run(["export", "docs", "--output", "x"], cwd: folder)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("docs/out.md:1:1: error: symbolic link leaves the source folder (-> "))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x").path))
        try FileManager.default.removeItem(at: docs.appendingPathComponent("out.md"))
        let ok = try CLIRunner.run(["export", "docs", "--output", "x"], cwd: folder)
        #expect(ok.status == 0)
        #expect(ok.stdout == "exported 2 specs as swiftui into x: Skeletons.swift, SkeletonSupport.swift\n")
    }

    @Test func aFIFOInTheOutputFolderIsRefusedBeforeAnyWrite() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.card.utf8).write(to: folder.appendingPathComponent("cards.md"))
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        #expect(mkfifo(out.appendingPathComponent("SkeletonSupport.swift").path, 0o644) == 0)
        let result = try CLIRunner.run(["export", "cards.md", "--output", "out"], cwd: folder)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: cannot write '"))
        #expect(result.stderr.hasSuffix("SkeletonSupport.swift': it is a FIFO, not a regular file\n"))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("Skeletons.swift").path))
    }
}

/// The specs of a Markdown text, parsed as the command parses them (SkelSite's own
/// block finder, the one `export` uses).
enum SpecBlocksForTest {
    static func specs(_ markdown: String) -> [Spec] {
        SpecBlocks.find(inMarkdown: markdown).compactMap {
            SpecParser.parse($0.text, firstLine: $0.firstLine, columnOffset: $0.columnOffset).spec
        }
    }
}
