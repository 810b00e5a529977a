import Foundation
import Testing

/// `render` on a `.skel` file as editors save it (site/reference/limits.md, "Spec text").
@Suite struct RenderSpecTextTests {
    static let spec = "skeleton \"B\" width=40\n  rect width=10 height=10\n"

    /// Before: exit 1, "1:1: error: unknown node kind '\u{FEFF}skeleton'"; and with
    /// --name, "holds no spec titled 'B'".
    @Test func aByteOrderMarkedSkelFileRenders() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bom.skel")
        try Data([0xEF, 0xBB, 0xBF] + Array(Self.spec.utf8)).write(to: file)
        for extra in [[], ["--name", "B"]] {
            let png = folder.appendingPathComponent("out.png")
            let result = try CLIRunner.run(["render", file.path, "--output", png.path] + extra)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "wrote \(png.path) (40x10 px)\n")
        }
    }

    /// A CRLF `.skel` is found by its title (before: "holds no spec titled 'B'", since
    /// "\r\n" is one Character and the title line never split).
    @Test func aCRLFSkelFileIsFoundByName() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("crlf.skel")
        // A comment first: the title is on the second line.
        try Data(("# bars\n" + Self.spec).replacingOccurrences(of: "\n", with: "\r\n").utf8).write(to: file)
        let png = folder.appendingPathComponent("out.png")
        let result = try CLIRunner.run(["render", file.path, "--name", "B", "--output", png.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "wrote \(png.path) (40x10 px)\n")
    }

    /// Before: "2:3: error: unknown node kind 'rect'; did you mean 'rect'?" (the NUL
    /// invisible in the message).
    @Test func aNulByteIsALocatedError() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Array("skeleton \"A\"\n  rect".utf8) + [0] + Array(" width=10 height=10\n".utf8))
            .write(to: folder.appendingPathComponent("nul.skel"))
        let result = try CLIRunner.run(["render", "nul.skel", "--output", "nul.png"], cwd: folder)
        #expect(result.status == 1)
        // The quoted line shows the NUL as "?", so the terminal shows what the caret points at.
        #expect(result.stderr == "nul.skel:2:7: error: unexpected control character U+0000\n  rect? width=10 height=10\n      ^\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("nul.png").path))
    }
}
