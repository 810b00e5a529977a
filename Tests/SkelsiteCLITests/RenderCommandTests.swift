import Foundation
import Testing
import SkeletonCore

/// End-to-end tests of `skelsite render` through the built binary.
@Suite struct RenderCommandTests {
    static let article = """
        skeleton "Article" width=120
          animation shimmer duration=1s
          row padding=8 gap=8
            circle 24
            text lines=2 line-height=8 spacing=4 grow=1

        """

    func folder(_ files: [String: String]) throws -> URL {
        let dir = try CLIRunner.temporaryFolder()
        for (name, text) in files { try Data(text.utf8).write(to: dir.appendingPathComponent(name)) }
        return dir
    }

    func exists(_ dir: URL, _ name: String) -> Bool {
        FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path)
    }

    @Test
    func rendersSkelFileToPNG() throws {
        let dir = try folder(["a.skel": Self.article])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLIRunner.run(["render", "a.skel", "--scale", "2", "--output", "a.png"], cwd: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        #expect(result.stdout == "wrote a.png (240x80 px)\n")
        let png = try [UInt8](Data(contentsOf: dir.appendingPathComponent("a.png")))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // The same frame painted in-process gives the same bytes.
        let spec = try #require(SpecParser.parse(Self.article).spec)
        let image = Painter.paint(spec, layout: LayoutEngine.layout(spec), time: 0, scale: 2, theme: .light)
        #expect(png == PNGEncoder.encode(image))
        // Rendering twice gives identical files; options change the picture.
        _ = try CLIRunner.run(["render", "a.skel", "--scale", "2", "--output", "b.png"], cwd: dir)
        #expect(try Data(contentsOf: dir.appendingPathComponent("b.png")) == Data(png))
        let dark = try CLIRunner.run(["render", "a.skel", "--scale", "2", "--theme", "dark", "--time", "0.5",
                                      "--output", "c.png"], cwd: dir)
        #expect(dark.status == 0)
        let darkImage = Painter.paint(spec, layout: LayoutEngine.layout(spec), time: 0.5, scale: 2, theme: .dark)
        #expect(try [UInt8](Data(contentsOf: dir.appendingPathComponent("c.png"))) == PNGEncoder.encode(darkImage))
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: dir.path)).contains { $0.hasSuffix(".tmp") })
    }

    @Test
    func picksMarkdownSpecByName() throws {
        let markdown = """
            # Two specs

            ```skeleton
            skeleton "First" width=50
              rect 10x10
            ```

            ```skeleton
            skeleton "Second" width=70
              rect 10x30
            ```

            """
        let dir = try folder(["doc.md": markdown])
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = try CLIRunner.run(["render", "doc.md", "--output", "1.png"], cwd: dir)
        #expect(first.stdout == "wrote 1.png (50x10 px)\n")
        let second = try CLIRunner.run(["render", "doc.md", "--name", "Second", "--output", "2.png"], cwd: dir)
        #expect(second.stdout == "wrote 2.png (70x30 px)\n")
        let missing = try CLIRunner.run(["render", "doc.md", "--name", "Third", "--output", "3.png"], cwd: dir)
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: 'doc.md' has no spec titled 'Third' (it has 'First', 'Second')\n")
        #expect(!exists(dir, "3.png"))
    }

    @Test
    func invalidSpecPrintsEveryDiagnosticExactly() throws {
        let markdown = """
            Intro

              ```skeleton
              skeleton "Broken" width=100
                rect 10x10 radus=4
                blob 3
              ```

            """
        let dir = try folder(["doc.md": markdown])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLIRunner.run(["render", "doc.md", "--output", "out.png"], cwd: dir)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("""
            doc.md:5:16: error: unknown attribute 'radus' on rect; did you mean 'radius'?
                rect 10x10 radus=4
                           ^
            doc.md:6:5: error: unknown node kind 'blob'
            """))
        #expect(!exists(dir, "out.png"))
    }

    /// Whatever the parser reports, the command prints each diagnostic as
    /// `path:line:column: severity: message`, the file's line, and a caret under the column.
    @Test func diagnosticsUseFilePositions() throws {
        let markdown = "# Doc\n\n```skeleton\nskeleton \"Bad\"\n  rect 10x10 wat=1\n  zzz\n```\n"
        let dir = try folder(["doc.md": markdown])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLIRunner.run(["render", "doc.md", "--output", "out.png"], cwd: dir)
        let parsed = SpecParser.parse("skeleton \"Bad\"\n  rect 10x10 wat=1\n  zzz", firstLine: 4, columnOffset: 0)
        let fileLines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        var expected = ""
        for d in parsed.diagnostics {
            expected += "doc.md:\(d.position.line):\(d.position.column): \(d.severity.label): \(d.message)\n"
            expected += fileLines[d.position.line - 1] + "\n"
            expected += String(repeating: " ", count: d.position.column - 1) + "^\n"
        }
        #expect(!parsed.diagnostics.isEmpty)
        #expect(result.status == 1)
        #expect(result.stderr == expected)
        #expect(!exists(dir, "out.png"))
    }

    @Test(arguments: [
        (["render", "a.skel", "--scale", "5", "--output", "o.png"], "error: --scale must be a whole number from 1 to 4, got '5'\n"),
        (["render", "a.skel", "--scale", "0", "--output", "o.png"], "error: --scale must be a whole number from 1 to 4, got '0'\n"),
        (["render", "a.skel", "--theme", "sepia", "--output", "o.png"], "error: --theme must be light or dark, got 'sepia'\n"),
        (["render", "a.skel", "--time", "soon", "--output", "o.png"], "error: --time must be a number of seconds, got 'soon'\n"),
        (["render", "missing.skel", "--output", "o.png"], "error: cannot read 'missing.skel'\n"),
        (["render", "a.skel"], "error: missing --output OUT.png\n"),
        (["render", "a.skel", "--frobnicate", "--output", "o.png"], "error: unexpected argument '--frobnicate'\n"),
        (["render", "empty.md", "--output", "o.png"], "error: 'empty.md' has no ```skeleton block\n"),
    ])
    func usageAndIOErrorsExitTwo(arguments: [String], message: String) throws {
        let dir = try folder(["a.skel": Self.article, "empty.md": "# Nothing here\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLIRunner.run(arguments, cwd: dir)
        #expect(result.status == 2)
        #expect(result.stderr == message)
        #expect(!exists(dir, "o.png"))
    }

    @Test
    func unwritableOutputExitsTwoAndKeepsNothing() throws {
        let dir = try folder(["a.skel": Self.article])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLIRunner.run(["render", "a.skel", "--output", "no/such/folder/o.png"], cwd: dir)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: cannot write 'no/such/folder/o.png': "))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["a.skel"])
    }
}
