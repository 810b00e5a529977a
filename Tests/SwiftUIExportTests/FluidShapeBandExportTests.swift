import SkeletonCore
import SkeletonWeb
import Testing

/// `scope=shape` on a fluid spec exports as a view that fills its width and gives each
/// shape its own band: `SkeletonStyle.band` measures the shape's frame with its
/// `GeometryReader` at whatever width the view is placed (site/reference/swiftui-export.md).
@Suite struct FluidShapeBandExportTests {
    @Test func aFluidSpecKeepsItsPerShapeBands() throws {
        let spec = try #require(SpecParser.parse("""
            skeleton "Wave" width=fill max-width=480
              animation shimmer scope=shape duration=1.5s band=1 easing=ease-in-out
              column padding=8 gap=8
                rect height=10 width=50% radius=4

            """).spec)
        let file = SwiftUIExport.viewsFile([ExportedSpec(spec: spec, origin: "a.skel:1:1")])
        let lines = file.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("animation: SkeletonAnimation(kind: .shimmer, duration: 1.5, angle: 90, band: 1,"))
        #expect(lines.contains("delay: 0, easing: .easeInOut,"))
        #expect(lines.contains("scope: .shape),"))
        #expect(lines.contains("pulseMinimum: 0.5,"))
        #expect(lines.contains("fluid: SkeletonFluid(maxWidth: 480)"))
        #expect(lines.contains(".skeletonFraction(0.5, height: 10) // width 50%"))
        // The band is measured on each shape's own frame (support source).
        let support = SwiftUIExport.supportSource
        #expect(support.contains("let box = animation.scope == .shape ? frame : CGRect(x: 0, y: 0, width: width, height: height)"))
    }
}
