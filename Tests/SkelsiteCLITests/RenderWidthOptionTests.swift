import Foundation
import SkeletonCore
import Testing

/// `skelsite render --width W`: a fluid spec painted at another width within its bounds
/// (site/reference/command-line.md); a fixed spec or a width outside them is a usage error.
@Suite struct RenderWidthOptionTests {
    static let fluid = "skeleton \"Card\" width=fill min-width=200 max-width=600\n  column padding=8\n    rect aspect=2:1\n"

    func run(_ spec: String, _ arguments: [String]) throws -> (CLIRunner.Result, URL) {
        let dir = try CLIRunner.temporaryFolder()
        try Data(spec.utf8).write(to: dir.appendingPathComponent("a.skel"))
        return (try CLIRunner.run(["render", "a.skel"] + arguments + ["--output", "a.png"], cwd: dir), dir)
    }

    @Test func paintsTheFluidSpecAtTheGivenWidth() throws {
        let (result, dir) = try run(Self.fluid, ["--width", "480", "--scale", "2"])
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(result.status == 0, "\(result.stderr)")
        // 480 wide: the 2:1 image is 464 x 232, plus 8 + 8 of padding.
        #expect(result.stdout == "wrote a.png (960x496 px)\n")
        let spec = try #require(SpecParser.parse(Self.fluid).spec).at(width: 480)
        let image = Painter.paint(spec, layout: LayoutEngine.layout(spec), time: 0, scale: 2, theme: .light)
        #expect(try [UInt8](Data(contentsOf: dir.appendingPathComponent("a.png"))) == PNGEncoder.encode(image))
        // Without --width: the reference width, 375 (the 195.5-point height rounds up).
        let (reference, dir2) = try run(Self.fluid, [])
        defer { try? FileManager.default.removeItem(at: dir2) }
        #expect(reference.stdout == "wrote a.png (375x196 px)\n")
    }

    @Test func refusesAFixedSpecAndWidthsOutsideTheBounds() throws {
        let (fixed, dir) = try run("skeleton width=300\n  rect height=4\n", ["--width", "320"])
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(fixed.status == 2)
        #expect(fixed.stderr.contains("error: --width applies to a fluid spec (skeleton width=fill or a percentage); this one is 300 points wide\n"))
        let (outside, dir2) = try run(Self.fluid, ["--width", "100"])
        defer { try? FileManager.default.removeItem(at: dir2) }
        #expect(outside.status == 2)
        #expect(outside.stderr.contains("error: --width 100 is outside the spec's min-width and max-width (200...600)\n"))
        let (bad, dir3) = try run(Self.fluid, ["--width", "0"])
        defer { try? FileManager.default.removeItem(at: dir3) }
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("error: --width must be a number of points more than 0 and at most 4096, got '0'\n"))
        for d in [dir, dir2, dir3] { #expect(!FileManager.default.fileExists(atPath: d.appendingPathComponent("a.png").path)) }
    }
}
