import Foundation
import SkeletonCore
import Testing

/// skelsite.toml (site/reference/command-line.md, "Project file"): found in the current
/// folder or a parent, or named by --config; paths relative to its folder; a flag wins;
/// unknown keys and wrong types are `path:line:column: error:` lines and exit 2.
@Suite struct ProjectFileTests {
    static let doc = "---\ntitle: Home\n---\n# Home\n\n```skeleton\nskeleton \"Row\" width=100\n  rect 40x20 radius=4\n```\n"

    /// A project folder with docs in `pages/` and the given project file.
    static func project(_ toml: String) throws -> URL {
        let root = try CLIRunner.temporaryFolder()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("pages"), withIntermediateDirectories: true)
        try Data(doc.utf8).write(to: root.appendingPathComponent("pages/index.md"))
        try Data(toml.utf8).write(to: root.appendingPathComponent("skelsite.toml"))
        return root
    }

    static func title(_ site: URL) throws -> String? {
        let html = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        guard let start = html.range(of: "<title>"), let end = html.range(of: "</title>") else { return nil }
        return String(html[start.upperBound..<end.lowerBound])
    }

    @Test func settingsComeFromTheFileAndFlagsWin() throws {
        let root = try Self.project("""
            source = "pages"
            output = "out/site"
            title = "Team skeletons"
            base_url = "https://example.org/sk/"
            """)
        defer { try? FileManager.default.removeItem(at: root) }
        let build = try CLIRunner.run(["build", "--quiet"], cwd: root.appendingPathComponent("pages"))
        #expect(build.status == 0, "\(build.stderr)")
        let site = root.appendingPathComponent("out/site")
        #expect(try Self.title(site) == "Team skeletons")
        let sitemap = try String(contentsOf: site.appendingPathComponent("sitemap.xml"), encoding: .utf8)
        #expect(sitemap.contains("<loc>https://example.org/sk/index.html</loc>"))
        // Flags override the file: another output and base URL.
        let flagged = try CLIRunner.run(["build", "--quiet", "--output", "other", "--base-url", "https://x.test/"], cwd: root)
        #expect(flagged.status == 0, "\(flagged.stderr)")
        let other = try String(contentsOf: root.appendingPathComponent("other/sitemap.xml"), encoding: .utf8)
        #expect(other.contains("<loc>https://x.test/index.html</loc>"))
    }

    @Test func configOptionPicksAnotherFile() throws {
        let root = try Self.project("source = \"missing\"\n")
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("source = \"../pages\"\noutput = \"../built\"\n".utf8)
            .write(to: root.appendingPathComponent("pages/alt.toml"))
        let build = try CLIRunner.run(["build", "--quiet", "--config", "pages/alt.toml"], cwd: root)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("built/index.html").path))
        let missing = try CLIRunner.run(["check", "--config", "nowhere.toml"], cwd: root)
        #expect(missing.status == 2)
        #expect(missing.stderr == "nowhere.toml: error: cannot read the project file\n")
    }

    @Test func unknownKeysAndWrongTypesAreLocated() throws {
        let root = try Self.project("""
            source = "pages"
            titel = "Typo"

            [diff]
            threshold = "high"

            [verify]
            scales = [1, 9]
            browsers = "chromium"
            """)
        defer { try? FileManager.default.removeItem(at: root) }
        for command in [["build"], ["check"], ["verify"], ["diff", "a", "b"]] {
            let result = try CLIRunner.run(command, cwd: root)
            #expect(result.status == 2, "\(command)")
            #expect(result.stdout == "")
            #expect(result.stderr == """
                skelsite.toml:2:1: error: unknown key 'titel'; known keys here: source, output, base_url, title, templates, lang, appearance, animation, type, diff, verify, build, serve, fit
                skelsite.toml:5:13: error: diff.threshold must be a number from 0 to 1, got a string
                skelsite.toml:8:10: error: verify.scales must be an array of whole numbers from 1 to 4
                skelsite.toml:9:12: error: verify.browsers must be an array of browser engines or executables (strings), got a string

                """, "\(command)")
        }
    }

    @Test func syntaxErrorsAndNestedKeysAreLocated() throws {
        let root = try Self.project("source = \"pages\"\noutput = \n")
        defer { try? FileManager.default.removeItem(at: root) }
        let broken = try CLIRunner.run(["check"], cwd: root)
        #expect(broken.status == 2)
        #expect(broken.stderr.hasPrefix("skelsite.toml:2:"))
        #expect(broken.stderr.contains(": error: "))
        // Dotted keys and inline tables are placed too.
        try Data("diff.colour = 1\nverify = { minimum = 2 }\n".utf8).write(to: root.appendingPathComponent("skelsite.toml"))
        let nested = try CLIRunner.run(["check"], cwd: root)
        #expect(nested.status == 2)
        #expect(nested.stderr == """
            skelsite.toml:1:1: error: unknown key 'diff.colour'; known keys here: threshold, max_diff_pixels, max_diff_ratio
            skelsite.toml:2:12: error: verify.minimum must be a number from 0 to 1, got 2.0

            """)
    }

    /// diff reads its tolerance from [diff]: 2 changed pixels pass with max_diff_pixels = 3;
    /// the flag --max-diff-pixels 1 wins and fails them.
    @Test func diffTakesItsDefaultsFromTheFile() throws {
        let root = try Self.project("[diff]\nmax_diff_pixels = 3\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let base = root.appendingPathComponent("base"), current = root.appendingPathComponent("current")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: current, withIntermediateDirectories: true)
        let red = DiffTestImages.filled(4, 4, [255, 0, 0, 255])
        var changed = red
        for x in 0..<2 { changed.pixels.replaceSubrange(x * 4..<x * 4 + 4, with: [0, 0, 255, 255]) }
        try Data(PNGEncoder.encode(red)).write(to: base.appendingPathComponent("a.png"))
        try Data(PNGEncoder.encode(changed)).write(to: current.appendingPathComponent("a.png"))
        let tolerated = try CLIRunner.run(["diff", "base", "current"], cwd: root)
        #expect(tolerated.status == 0, "\(tolerated.stdout)\(tolerated.stderr)")
        let strict = try CLIRunner.run(["diff", "base", "current", "--max-diff-pixels", "1"], cwd: root)
        #expect(strict.status == 1)
    }
}
