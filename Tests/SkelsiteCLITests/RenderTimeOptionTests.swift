import Foundation
import Testing
import SkeletonCore

/// `render --time` is seconds from when the component shows
/// (site/reference/command-line.md), so it is at least 0. Before the fix, `--time -1`
/// was taken for a missing value ("Missing value for '--time <time>'"), while
/// `--time=-1` painted a frame from before the component showed.
@Suite struct RenderTimeOptionTests {
    static let spec = "skeleton \"A\" width=40\n  animation shimmer duration=1s\n  rect 10x10\n"

    @Test(arguments: [["--time", "-1"], ["--time=-1"], ["--time", "-0.25"]])
    func negativeTimeIsAClearError(arguments: [String]) throws {
        let dir = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(Self.spec.utf8).write(to: dir.appendingPathComponent("a.skel"))
        let result = try CLIRunner.run(["render", "a.skel"] + arguments + ["--output", "o.png"], cwd: dir)
        let value = arguments.count == 2 ? arguments[1] : "-1"
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: --time must be at least 0 (seconds from when the component shows), got '\(value)'\n")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("o.png").path))
    }

    /// -0 is 0: the same bytes as the first frame.
    @Test func negativeZeroIsTheFirstFrame() throws {
        let dir = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(Self.spec.utf8).write(to: dir.appendingPathComponent("a.skel"))
        let zero = try CLIRunner.run(["render", "a.skel", "--time", "-0", "--output", "z.png"], cwd: dir)
        #expect(zero.status == 0)
        let spec = try #require(SpecParser.parse(Self.spec).spec)
        let first = Painter.paint(spec, layout: LayoutEngine.layout(spec), time: 0, scale: 1, theme: .light)
        #expect(try [UInt8](Data(contentsOf: dir.appendingPathComponent("z.png"))) == PNGEncoder.encode(first))
    }

    /// Other numeric options take a leading minus as a value too, and say what is wrong.
    @Test func negativeNumbersAreValuesEverywhere() throws {
        let root = try DiffCLIFixtures.changedOnly()
        defer { try? FileManager.default.removeItem(at: root) }
        let pixels = try CLIRunner.run(["diff", "base", "cur", "--max-diff-pixels", "-1"], cwd: root)
        #expect(pixels.status == 2)
        #expect(pixels.stderr == "error: --max-diff-pixels must be a whole number of at least 0, got '-1'\n")
        let threshold = try CLIRunner.run(["diff", "base", "cur", "--threshold", "-0.1"], cwd: root)
        #expect(threshold.stderr == "error: --threshold must be a number from 0 to 1, got '-0.1'\n")
        let scale = try CLIRunner.run(["render", "x.skel", "--scale", "-2", "--output", "o.png"], cwd: root)
        #expect(scale.stderr == "error: --scale must be a whole number from 1 to 4, got '-2'\n")
    }
}
