import SkeletonCore
import SkeletonWeb
import Testing

/// A fluid spec (`skeleton width=fill`) exports as a view that fills the width it is
/// offered (site/reference/swiftui-export.md, "Fluid width"); a fixed one keeps its
/// fixed frames.
@Suite struct FluidExportTests {
    static func lines(_ text: String) throws -> [String] {
        let spec = try #require(SpecParser.parse(text).spec)
        return SwiftUIExport.viewsFile([ExportedSpec(spec: spec, origin: "a.skel:1:1")])
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func framesThatFollowTheWidthAreFlexible() throws {
        let lines = try Self.lines("""
            skeleton "Card" width=fill min-width=200 max-width=480
              column padding=8 gap=8
                rect aspect=2:1
                row gap=8
                  circle 20
                  rect height=10 grow=1
                rect width=50% height=10
                text lines=2 line-height=10 spacing=4 last=60%

            """)
        // The root fills the offered width within the bounds.
        #expect(lines.contains("fluid: SkeletonFluid(minWidth: 200, maxWidth: 480)"))
        #expect(lines.contains("pulseMinimum: 0.5,"))
        // The image keeps its ratio; its height follows its width, and so does its column's.
        let image = try #require(lines.firstIndex(of: "Rectangle().skeleton()"))
        #expect(Array(lines[image...(image + 2)]) == [
            "Rectangle().skeleton()", ".aspectRatio(2, contentMode: .fit)", ".frame(maxWidth: .infinity)",
        ])
        #expect(lines.contains(".frame(maxWidth: .infinity, alignment: .topLeading)"))
        // A fixed-size circle keeps its frame; the grown bar and the row take the width.
        #expect(lines.contains(".frame(width: 20, height: 20)"))
        #expect(lines.contains(".frame(maxWidth: .infinity, minHeight: 10, maxHeight: 10) // grow=1"))
        #expect(lines.contains(".frame(maxWidth: .infinity, minHeight: 20, maxHeight: 20, alignment: .topLeading)"))
        // A percentage and the text's last line are shares of the offered width.
        #expect(lines.contains(".skeletonFraction(0.5, height: 10) // width 50%"))
        #expect(lines.contains(".skeletonFraction(0.6, height: 10) // last line: 60%"))
        #expect(lines.contains(".frame(maxWidth: .infinity, minHeight: 10, maxHeight: 10)"))
        #expect(!lines.contains { $0.hasPrefix(".frame(width: 359") || $0.hasPrefix(".frame(width: 343") })
    }

    @Test func aShareOfTheContainerIsSaid() throws {
        let lines = try Self.lines("skeleton width=80%\n  rect height=10\n")
        #expect(lines.contains("fluid: SkeletonFluid(share: 0.8)"))
        // A fixed height stays fixed at every width.
        #expect(try Self.lines("skeleton width=fill height=120\n  rect height=10\n")
            .contains("fluid: SkeletonFluid(height: 120)"))
        #expect(lines.contains(".frame(maxWidth: .infinity, minHeight: 10, maxHeight: 10)"))
    }

    @Test func aFixedSpecHasNoFluidArgument() throws {
        let lines = try Self.lines("skeleton width=200\n  column padding=8\n    rect aspect=2:1\n")
        #expect(!lines.contains { $0.contains("fluid:") || $0.contains("maxWidth") || $0.contains("aspectRatio") })
        #expect(lines.contains("pulseMinimum: 0.5"))
        #expect(lines.contains(".frame(width: 184, height: 92)"))
    }
}
