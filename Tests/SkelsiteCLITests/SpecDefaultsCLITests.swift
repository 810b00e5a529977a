import Foundation
import SkeletonCore
import Testing

/// `[appearance]`, `[animation]` and `lang` in skelsite.toml, and the same in front
/// matter, as every command applies them (site/reference/appearance.md, "Defaults for
/// a whole site").
@Suite struct SpecDefaultsCLITests {
    static let toml = """
        source = "pages"
        lang = "fr"
        [appearance]
        base = "#F1E4D8"
        [animation]
        kind = "none"
        """

    static let doc = """
        ---
        appearance: background=#102030
        ---
        # Page

        ```skeleton
        skeleton "Ligne" width=40
          rect 20x10
        ```

        """

    static func project() throws -> URL {
        let root = try CLIRunner.temporaryFolder()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("pages"), withIntermediateDirectories: true)
        try Data(doc.utf8).write(to: root.appendingPathComponent("pages/index.md"))
        try Data(toml.utf8).write(to: root.appendingPathComponent("skelsite.toml"))
        return root
    }

    @Test func renderPaintsWithTheProjectsAndTheDocsDefaults() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let render = try CLIRunner.run(["render", "pages/index.md", "--output", "row.png"], cwd: root)
        #expect(render.status == 0, "\(render.stderr)")
        let image = try PNGDecoder.decode(Array(try Data(contentsOf: root.appendingPathComponent("row.png"))))
        // The rect in the project's base, the box in the front matter's background.
        #expect(Array(image.pixels[0..<4]) == [0xF1, 0xE4, 0xD8, 0xFF])
        #expect(Array(image.pixels[(39 * 4)..<(40 * 4)]) == [0x10, 0x20, 0x30, 0xFF])
    }

    @Test func exportSpeaksTheProjectLanguage() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let export = try CLIRunner.run(["export", "pages", "--format", "html", "--output", "out"], cwd: root)
        #expect(export.status == 0, "\(export.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("out").path).sorted()
        let html = try String(contentsOf: root.appendingPathComponent("out").appendingPathComponent(names.first { $0.hasSuffix(".html") } ?? ""),
                              encoding: .utf8)
        #expect(html.contains("lang=\"fr\" role=\"status\""))
        #expect(html.contains("<span class=\"sk-label\">Chargement de Ligne…</span>"))
    }

    @Test func badDefaultsAreLocatedInBothFiles() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("source = \"pages\"\n[animation]\nduration = \"fast\"\n".utf8).write(to: root.appendingPathComponent("skelsite.toml"))
        let build = try CLIRunner.run(["build", "--quiet"], cwd: root)
        #expect(build.status == 2)
        #expect(build.stderr == "skelsite.toml:3:13: error: invalid time 'fast' for duration; expected seconds like 1.3s or milliseconds like 1300ms\n")

        try Data("source = \"pages\"\n".utf8).write(to: root.appendingPathComponent("skelsite.toml"))
        try Data("---\nanimation: pulse band=2\n---\n".utf8).write(to: root.appendingPathComponent("pages/index.md"))
        let check = try CLIRunner.run(["check", "--quiet"], cwd: root)
        #expect(check.status == 1)
        #expect(check.stderr.contains("pages/index.md:2:23: error: band 2 is out of range; expected more than 0% and at most 100% (a fraction up to 1)\n"))
    }

    /// A front matter error fails the doc's build; render, export and verify used to
    /// drop the bad setting without a word and go on with the project's defaults.
    @Test func aFrontMatterErrorFailsRenderExportAndVerifyAsItFailsTheBuild() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let doc = Self.doc.replacingOccurrences(of: "background=#102030", with: "background=#1020")
            + "```skeleton\nskeleton \"Second\" width=40\n  rect 20x10\n```\n"
        try Data(doc.utf8).write(to: root.appendingPathComponent("pages/index.md"))
        let message = "pages/index.md:2:24: error: invalid colour '#1020'; expected #RGB, #RRGGBB, #RRGGBBAA, rgb(), rgba(), hsl(), hsla() or a palette name\n"

        let render = try CLIRunner.run(["render", "pages/index.md", "--output", "row.png"], cwd: root)
        #expect(render.status == 1)
        #expect(render.stderr.hasPrefix("pages/index.md:2:24: error: invalid colour '#1020'"), "\(render.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("row.png").path))

        // Told once for the doc, not once per spec.
        let export = try CLIRunner.run(["export", "pages", "--format", "html", "--output", "out"], cwd: root)
        #expect(export.status == 1)
        #expect(export.stderr.components(separatedBy: "invalid colour '#1020'").count - 1 == 1, "\(export.stderr)")
        #expect(export.stderr.hasPrefix("pages/index.md:2:24: error: invalid colour '#1020'"), "\(export.stderr)")

        // verify skips the doc's specs; with nothing left it fails before any browser starts.
        let verify = try CLIRunner.run(["verify", "pages", "--chromium", "/nonexistent/chromium"], cwd: root)
        #expect(verify.status == 1)
        #expect(verify.stderr == message)
    }
}
