import Testing
@testable import SkeletonCore

/// CSS colour functions and `px` lengths as people copy them from MUI, design tools and
/// CSS (site/reference/colors.md, site/reference/language.md): resolved when parsed to
/// the colour or length the spec language already had, so every renderer agrees.
@Suite struct ColourFunctionTests {
    @Test(arguments: [
        ("rgba(0,0,0,0.11)", RGBA(0, 0, 0, 28)),            // MUI's skeleton colour: 0.11 x 255 = 28.05
        ("rgb(255 0 0 / 50%)", RGBA(255, 0, 0, 128)),       // 127.5 rounds half up
        ("RGB(10%,20%,30%)", RGBA(26, 51, 77)),             // 25.5, 51, 76.5
        ("rgb(235, 235, 235)", RGBA(235, 235, 235)),
        ("hsl(210 20% 96%)", RGBA(243, 245, 247)),          // what browsers compute
        ("hsla(0,100%,50%,1)", RGBA(255, 0, 0)),
        ("hsl(120deg,100%,25%)", RGBA(0, 128, 0)),          // CSS's green
        ("hsl(-30,100%,50%)", RGBA(255, 0, 128)),           // a hue below 0 wraps
    ])
    func functionsResolveToTheirBytes(text: String, expected: RGBA) {
        #expect(SpecValues.colour(Array(text.utf8)) == .success(expected))
    }

    @Test(arguments: [
        ("rgb(0,0)", "invalid colour 'rgb(0,0)'; expected rgb() with three parts and an optional alpha, like rgb(0,0,0) or rgba(0,0,0,0.11)"),
        ("rgb(0,0/0,1)", "invalid colour 'rgb(0,0/0,1)'; expected rgb() with three parts and an optional alpha, like rgb(0,0,0) or rgba(0,0,0,0.11)"),
        ("rgb(300,0,0)", "channel '300' in 'rgb(300,0,0)' is out of range; expected 0 to 255 or 0% to 100%"),
        ("rgba(0,0,0,2)", "alpha '2' in 'rgba(0,0,0,2)' is out of range; expected 0 to 1 or 0% to 100%"),
        ("hsl(10,20,30%)", "saturation and lightness in 'hsl(10,20,30%)' must be percentages from 0% to 100%, like hsl(210 20% 96%)"),
        ("hsl(x,20%,30%)", "hue 'x' in 'hsl(x,20%,30%)' is not an angle; expected degrees like 210 or 210deg"),
        ("rgba(0,", "colour 'rgba(0,' has no closing ')'; write it without spaces, like rgb(0,0,0), or in quotes, like fill=\"rgb(0 0 0 / 50%)\""),
        ("#12", "invalid colour '#12'; expected #RGB, #RRGGBB, #RRGGBBAA, rgb(), rgba(), hsl(), hsla() or a palette name"),
    ])
    func badFunctionsSayWhatIsWrong(text: String, message: String) {
        #expect(SpecValues.colour(Array(text.utf8)) == .failure(ValueProblem(message: message)))
    }

    @Test func aSpecInPixelsAndFunctionsIsTheSpecInPointsAndHex() throws {
        let css = "skeleton \"A\" width=120px\n  column padding=8px gap=4px fill=rgb(255,255,255)\n"
            + "    rect width=60px height=10px radius=4px color=rgba(0,0,0,0.11)\n    rect width=50% height=8\n"
        let plain = "skeleton \"A\" width=120\n  column padding=8 gap=4 fill=#FFFFFF\n"
            + "    rect width=60 height=10 radius=4 color=#0000001C\n    rect width=50% height=8\n"
        let a = try #require(SpecParser.parse(css).spec), b = try #require(SpecParser.parse(plain).spec)
        #expect(SpecParser.parse(css).diagnostics.isEmpty)
        let pa = Painter.paint(a, layout: LayoutEngine.layout(a), time: 0, scale: 1, theme: .light)
        let pb = Painter.paint(b, layout: LayoutEngine.layout(b), time: 0, scale: 1, theme: .light)
        #expect(pa == pb)
        #expect(pa.width == 120)
    }
}
