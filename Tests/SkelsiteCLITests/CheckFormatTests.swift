import Foundation
import Testing

/// `--format json|github` on `check` and `build`: exact machine output on stdout.
@Suite struct CheckFormatTests {
    static let broken = """
    # Broken

    ```skeleton
    skeleton "Card" width=200
      rect 40x40 radus=4
      circel 20
    ```

    """

    func folder() throws -> URL {
        let root = try CLIRunner.temporaryFolder()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try Data(Self.broken.utf8).write(to: root.appendingPathComponent("docs/card.md"))
        return root
    }

    @Test func checkJSONListsEveryDiagnostic() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLIRunner.run(["check", "docs", "--format", "json"], cwd: root)
        #expect(result.status == 1)
        #expect(result.stdout == """
        {"ok":false,"diagnostics":[{"file":"docs/card.md","line":5,"column":14,"severity":"error","message":"unknown attribute 'radus' on rect; did you mean 'radius'?"},{"file":"docs/card.md","line":6,"column":3,"severity":"error","message":"unknown node kind 'circel'; did you mean 'circle'?"}],"documents":1,"components":1}

        """)
    }

    @Test func checkGitHubAnnotatesEachDiagnostic() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLIRunner.run(["check", "docs", "--format", "github", "--quiet"], cwd: root)
        #expect(result.status == 1)
        #expect(result.stdout == """
        ::error file=docs/card.md,line=5,col=14::unknown attribute 'radus' on rect; did you mean 'radius'?
        ::error file=docs/card.md,line=6,col=3::unknown node kind 'circel'; did you mean 'circle'?

        """)
        #expect(result.stderr.hasPrefix("docs/card.md:5:14: error: unknown attribute 'radus' on rect; did you mean 'radius'?\n  rect 40x40 radus=4\n             ^\n"))
    }

    @Test func buildJSONReportsSuccess() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(Self.broken.replacingOccurrences(of: "radus", with: "radius")
            .replacingOccurrences(of: "circel", with: "circle").utf8).write(to: root.appendingPathComponent("docs/card.md"))
        let result = try CLIRunner.run(["build", "docs", "--output", "out", "--format", "json"], cwd: root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "{\"ok\":true,\"diagnostics\":[],\"documents\":1,\"components\":1,\"rendered\":1,\"cached\":0}\n")
        let again = try CLIRunner.run(["build", "docs", "--output", "out", "--format", "json"], cwd: root)
        #expect(again.stdout == "{\"ok\":true,\"diagnostics\":[],\"documents\":1,\"components\":1,\"rendered\":0,\"cached\":1}\n")
    }

    @Test func buildJSONReportsFailureAndKeepsTheOldOutput() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let card = root.appendingPathComponent("docs/card.md")
        try Data(Self.broken.replacingOccurrences(of: "radus", with: "radius")
            .replacingOccurrences(of: "circel", with: "circle").utf8).write(to: card)
        #expect(try CLIRunner.run(["build", "docs", "--output", "out", "--quiet"], cwd: root).status == 0)
        let before = Self.snapshot(root.appendingPathComponent("out"))
        #expect(before.keys.contains("card.html"))
        try Data(Self.broken.utf8).write(to: card)
        let result = try CLIRunner.run(["build", "docs", "--output", "out", "--format", "json"], cwd: root)
        #expect(result.status == 1)
        #expect(result.stdout == """
        {"ok":false,"diagnostics":[{"file":"docs/card.md","line":5,"column":14,"severity":"error","message":"unknown attribute 'radus' on rect; did you mean 'radius'?"},{"file":"docs/card.md","line":6,"column":3,"severity":"error","message":"unknown node kind 'circel'; did you mean 'circle'?"}],"documents":1,"components":1,"rendered":0,"cached":0}

        """)
        // json keeps stderr free of progress; the human summary still goes there.
        #expect(result.stderr.hasSuffix("build failed: 2 errors; out left as it was\n"))
        #expect(!result.stderr.contains("[1/"))
        #expect(Self.snapshot(root.appendingPathComponent("out")) == before)
    }

    /// Relative path -> bytes of every file under `folder`.
    static func snapshot(_ folder: URL) -> [String: Data] {
        var out: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return out }
        while let path = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                out[path] = FileManager.default.contents(atPath: url.path)
            }
        }
        return out
    }

    @Test func buildGitHubAnnotatesEachDiagnostic() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLIRunner.run(["build", "docs", "--output", "out", "--format", "github", "--quiet"], cwd: root)
        #expect(result.status == 1)
        #expect(result.stdout == """
        ::error file=docs/card.md,line=5,col=14::unknown attribute 'radus' on rect; did you mean 'radius'?
        ::error file=docs/card.md,line=6,col=3::unknown node kind 'circel'; did you mean 'circle'?

        """)
        #expect(result.stderr == """
        docs/card.md:5:14: error: unknown attribute 'radus' on rect; did you mean 'radius'?
          rect 40x40 radus=4
                     ^
        docs/card.md:6:3: error: unknown node kind 'circel'; did you mean 'circle'?
          circel 20
          ^
        build failed: 2 errors; out left as it was

        """)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("out").path))

        // Fixed: no annotations at all, and the site is written.
        try Data(Self.broken.replacingOccurrences(of: "radus", with: "radius")
            .replacingOccurrences(of: "circel", with: "circle").utf8).write(to: root.appendingPathComponent("docs/card.md"))
        let fixed = try CLIRunner.run(["build", "docs", "--output", "out", "--format", "github", "--quiet"], cwd: root)
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(fixed.stdout == "")
        #expect(fixed.stderr == "")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("out/card.html").path))
    }
}

/// `render --format json|github`.
@Suite struct RenderFormatTests {
    @Test func renderReportsDiagnosticsAndResultForTools() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("skeleton \"A\" width=40\n  rect 10x10 radus=2\n  circel 8\n".utf8).write(to: root.appendingPathComponent("bad.skel"))
        try Data("skeleton \"A\" width=40\n  rect 10x10\n".utf8).write(to: root.appendingPathComponent("ok.skel"))

        let json = try CLIRunner.run(["render", "bad.skel", "--output", "x.png", "--format", "json"], cwd: root)
        #expect(json.status == 1)
        #expect(json.stdout == """
        {"ok":false,"diagnostics":[{"file":"bad.skel","line":2,"column":14,"severity":"error","message":"unknown attribute 'radus' on rect; did you mean 'radius'?"},{"file":"bad.skel","line":3,"column":3,"severity":"error","message":"unknown node kind 'circel'; did you mean 'circle'?"}]}

        """)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("x.png").path))

        let github = try CLIRunner.run(["render", "bad.skel", "--output", "x.png", "--format", "github"], cwd: root)
        #expect(github.status == 1)
        #expect(github.stdout == """
        ::error file=bad.skel,line=2,col=14::unknown attribute 'radus' on rect; did you mean 'radius'?
        ::error file=bad.skel,line=3,col=3::unknown node kind 'circel'; did you mean 'circle'?

        """)

        let ok = try CLIRunner.run(["render", "ok.skel", "--output", "x.png", "--format", "json"], cwd: root)
        #expect(ok.status == 0)
        #expect(ok.stdout == "{\"ok\":true,\"diagnostics\":[],\"output\":\"x.png\",\"width\":40,\"height\":10}\n")
        #expect(try CLIRunner.run(["render", "ok.skel", "--output", "x.png", "--format", "yaml"], cwd: root).status == 2)
    }
}

/// `check --links SITE_DIR`: broken and network-bound references fail the check.
@Suite struct CheckLinksTests {
    @Test func brokenAndExternalReferencesExitOne() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let docs = root.appendingPathComponent("docs"), built = root.appendingPathComponent("built")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: built, withIntermediateDirectories: true)
        try Data("# Fine\n".utf8).write(to: docs.appendingPathComponent("index.md"))
        try Data("<p>ok</p>\n<a href=\"nope.html\">x</a><img src=\"https://x.org/a.png\">\n".utf8)
            .write(to: built.appendingPathComponent("index.html"))
        let result = try CLIRunner.run(["check", "docs", "--links", "built", "--quiet"], cwd: root)
        #expect(result.status == 1)
        #expect(result.stderr == """
        index.html:2: href "nope.html": no file nope.html
        index.html:2: src "https://x.org/a.png": needs the network
        links: 1 references in 1 files, 2 problems

        """)
        try Data("<p>ok</p>\n".utf8).write(to: built.appendingPathComponent("index.html"))
        #expect(try CLIRunner.run(["check", "docs", "--links", "built", "--quiet"], cwd: root).status == 0)
    }
}

/// Content taller than the 4096-point limit is an error in render and check, at the
/// `skeleton` keyword, not a silently cropped PNG.
@Suite struct ContentBoundsTests {
    @Test func oversizedContentIsAnError() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let spec = "skeleton \"Tall\" width=100\n  repeat 500\n    rect height=4096\n"
        try Data(spec.utf8).write(to: root.appendingPathComponent("tall.skel"))
        let render = try CLIRunner.run(["render", "tall.skel", "--output", "tall.png"], cwd: root)
        #expect(render.status == 1)
        #expect(render.stderr.hasPrefix("tall.skel:1:1: error: component is 2048000 points tall; the limit is 4096 (Limits.maxDimension)\n"))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("tall.png").path))

        try FileManager.default.createDirectory(at: root.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try Data("# Tall\n\n```skeleton\n\(spec)```\n".utf8).write(to: root.appendingPathComponent("docs/tall.md"))
        let check = try CLIRunner.run(["check", "docs", "--format", "github"], cwd: root)
        #expect(check.status == 1)
        #expect(check.stdout == "::error file=docs/tall.md,line=4,col=1::component is 2048000 points tall; the limit is 4096 (Limits.maxDimension)\n")
    }
}
