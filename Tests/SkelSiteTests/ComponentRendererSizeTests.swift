import SkeletonCore
import Testing
@testable import SkelSite

/// The size a page gives a component's images is the size of its PNGs
/// (`SpecLayout.pixelSize(scale:)`), also for an empty component, whose layout is
/// 0 points tall but whose PNG cannot be empty. Before the rule was shared, the
/// renderer said 0 where the PNG was 1 pixel tall.
@Suite struct ComponentRendererSizeTests {
    @Test(arguments: ["skeleton \"Empty\" width=40\n", "skeleton \"Thin\" width=12.25\n  rect height=0.5\n"])
    func artifactSizeIsThePNGSize(text: String) throws {
        let spec = try #require(SpecParser.parse(text).spec)
        let output = ComponentRenderer.render(spec, label: "x")
        let light = try #require(output.files.first { $0.0 == "light@1x.png" }?.1)
        let image = try PNGDecoder.decode(light)
        #expect(output.artifacts.width == image.width && output.artifacts.height == image.height)
        let double = try PNGDecoder.decode(try #require(output.files.first { $0.0 == "light@2x.png" }?.1))
        #expect(double.width == 2 * image.width && double.height == 2 * image.height)
        #expect(image.height == 1)
    }
}
