import Testing
@testable import SkeletonCore

/// `rect aspect=W:H`: the height follows the width (site/reference/rect.md).
@Suite struct AspectTests {
    @Test func theHeightFollowsTheWidthAtEveryWidth() throws {
        let spec = try #require(SpecParser.parse("""
            skeleton width=fill
              column padding=10 gap=4
                rect aspect=16:9
                row align=start
                  rect width=50% aspect=1:1
            """).spec)
        #expect(spec.children[0].children[0].aspect == 16.0 / 9.0)
        let ratio = 16.0 / 9.0
        let frames = LayoutEngine.layout(spec).items.map(\.frame)
        // 375 − 2 × 10 = 355 wide, 355 / (16/9) high; the square is half of 355.
        #expect(frames == [Rect(x: 10, y: 10, width: 355, height: 355 / ratio),
                           Rect(x: 10, y: 10 + 355 / ratio + 4, width: 177.5, height: 177.5)])
        let narrow = LayoutEngine.layout(spec.at(width: 180))
        #expect(narrow.items.map(\.frame) == [Rect(x: 10, y: 10, width: 160, height: 160 / ratio),
                                              Rect(x: 10, y: 10 + 160 / ratio + 4, width: 80, height: 80)])
        #expect(narrow.height == 10 + 160 / ratio + 4 + 80 + 10)
    }

    @Test func diagnostics() {
        #expect(located("skeleton\n  rect aspect=16x9") == ["2:15: invalid aspect '16x9'; expected width:height like 16:9"])
        #expect(located("skeleton\n  rect aspect=16:0") == ["2:15: aspect 16:0 needs both sides more than 0, like 16:9"])
        #expect(located("skeleton\n  rect height=40 aspect=2:1") == [
            "2:18: aspect= and a height both give the rect's height; remove one",
        ])
        #expect(located("skeleton\n  rect 40x40 aspect=2:1") == [
            "2:14: aspect= and a height both give the rect's height; remove one",
        ])
        #expect(located("skeleton\n  circle 20 aspect=2:1") == [
            "2:13: attribute 'aspect' does not apply to circle; circle takes grow, color or dark-color",
        ])
    }
}
