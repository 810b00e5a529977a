@testable import SkeletonCore
import Testing
@testable import SkeletonWeb

/// Each rule the painter and the CSS emitter share lives once in SkeletonCore; these
/// tests hold every user of a rule to the same answer on its edge cases.
@Suite struct SharedRulesTests {
    static func parse(_ text: String) throws -> (Spec, SpecLayout) {
        let parsed = SpecParser.parse(text)
        let spec = try #require(parsed.spec, "\(parsed.diagnostics)")
        return (spec, LayoutEngine.layout(spec))
    }

    static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> RGBA {
        let i = (y * image.width + x) * 4
        return RGBA(image.pixels[i], image.pixels[i + 1], image.pixels[i + 2], image.pixels[i + 3])
    }

    // MARK: Colour per theme

    /// The painter's background and base pixels are the CSS variables of the same
    /// theme, and an item with only a light colour keeps it in dark in both.
    @Test(arguments: [Theme.light, .dark])
    func painterColoursAreTheCSSColours(theme: Theme) throws {
        let (spec, layout) = try Self.parse("""
            skeleton "Colours" width=40 height=20
              appearance base=#102030 background=#405060 dark-base=#708090 dark-background=#A0B0C0
              animation none
              row gap=10
                rect 10x10
                rect 10x10 color=#FF0000

            """)
        let image = Painter.paint(spec, layout: layout, time: 0, scale: 1, theme: theme)
        let variables = ThemeColors.variables(spec.appearance, theme)
        #expect(variables.contains("--sk-bg:" + Self.pixel(image, 39, 19).hex))
        #expect(variables.contains("--sk-b:" + Self.pixel(image, 5, 5).hex))
        #expect(Self.pixel(image, 25, 5) == RGBA(255, 0, 0))
        let css = ComponentEmitter.emit(spec, layout: layout).css
        let block = theme == .light ? "[data-theme=\"light\"]" : "[data-theme=\"dark\"]"
        #expect(Fixture.lines(css, containing: block).contains { $0.hasSuffix(" .sk-i1{background:#ff0000}") })
        #expect(spec.appearance.colours(for: theme).background == Self.pixel(image, 39, 19))
    }

    /// A dark-only card: no surface in light (painter: background; CSS: transparent),
    /// the card in dark.
    @Test func darkOnlySurfaceIsNothingInLight() throws {
        let (spec, layout) = try Self.parse("""
            skeleton "Card" width=20 height=10
              animation none
              column dark-fill=#112233 height=10

            """)
        #expect(layout.items.map(\.role) == [.surface])
        #expect(layout.items[0].ownColour(in: .light) == nil)
        #expect(layout.items[0].ownColour(in: .dark) == RGBA(0x11, 0x22, 0x33))
        let light = Painter.paint(spec, layout: layout, time: 0, scale: 1, theme: .light)
        let dark = Painter.paint(spec, layout: layout, time: 0, scale: 1, theme: .dark)
        #expect(Self.pixel(light, 3, 3) == Defaults.background)
        #expect(Self.pixel(dark, 3, 3) == RGBA(0x11, 0x22, 0x33))
        let css = ComponentEmitter.emit(spec, layout: layout).css
        #expect(Fixture.lines(css, containing: " .sk-i0{background").map { $0.split(separator: "{").last! } == [
            "background:transparent}", "background:#112233}", "background:transparent}", "background:#112233}",
        ])
    }

    @Test func colourHexIsCSSNotation() {
        #expect(RGBA(0xE5, 0xE5, 0xEA).hex == "#e5e5ea")
        #expect(RGBA(0, 0x0A, 0xFF, 0x1A).hex == "#000aff1a")
        #expect(RGBA(0, 0, 0, 0).hex == "#00000000")
    }

    // MARK: Sweep axis

    /// The painter's axis in pixels is the CSS axis in points times the scale (exactly,
    /// for the power-of-two scales), at negative zero and other edge angles and sizes.
    @Test(arguments: [-0.0, 0, 30, 90, 112.5, 180, 270, -45])
    func sweepRangeInPixelsIsTheCSSRangeTimesTheScale(angle: Double) {
        for (width, height) in [(100.0, 50.0), (0, 0), (7.5, 3.25)] {
            let points = SweepAxis(angleDegrees: angle, width: width, height: height)
            for scale in [1, 2, 4] {
                var animation = Fixture.animation(.shimmer)
                animation.angle = angle
                let pixels = Timeline(animation, width: width, height: height, scale: Double(scale)).axis
                #expect(pixels.pMin == points.pMin * Double(scale))
                #expect(pixels.pMax == points.pMax * Double(scale))
                #expect(pixels.ux == points.ux && pixels.uy == points.uy)
            }
            // −0 never reaches the arithmetic.
            #expect(points.ux.sign == .plus || points.ux != 0)
            #expect(points.uy.sign == .plus || points.uy != 0)
        }
    }

    /// The CSS keyframes move the band (L + B)·u, L the painter's sweep length.
    @Test func keyframesTravelTheSweepLength() {
        let animation = Fixture.animation(.shimmer, angle: 30, band: 0.5)
        let node = Node(kind: .rect, position: Fixture.at, width: .points(30), height: .points(20))
        let spec = Fixture.spec(width: 80, height: 40, animation: animation, children: [node])
        let layout = SpecLayout(width: 80, height: 40, items: [Fixture.shape(0, 0, 30, 20, node: 0)])
        let component = ComponentEmitter.emit(spec, layout: layout)
        let axis = Timeline(animation, width: 80, height: 40, scale: 2).axis
        let travel = axis.length / 2 * 1.5
        #expect(Fixture.lines(component.css, containing: "@keyframes") == [
            "@keyframes \(component.scope)-sweep{from{translate:0 0}to{translate:"
                + CSSNumber.px(travel * axis.ux) + " " + CSSNumber.px(travel * axis.uy) + "}}",
        ])
    }

    // MARK: t mod T

    /// At t = 0 the painter shows an item with offset o at (−o) mod T; the CSS delay
    /// shows the same phase (a delay of −d starts d into the cycle).
    @Test(arguments: [0, 0.5, 1.5, 2, -0.25, -0.0, 3 * 1.5, 123.456])
    func cssDelayShowsThePaintersPhase(offset: Double) throws {
        let animation = Fixture.animation(.shimmer, duration: 1.5)
        let painter = try #require(Timeline(animation, width: 10, height: 10, scale: 1).cycle(at: 0 - offset)) * 1.5
        let css = -AnimationTiming.phaseDelay(offset: offset, animation: animation)
        #expect(abs(painter - css) < 1e-9, "offset \(offset): painter \(painter), css \(css)")
        #expect(animation.timeInCycle(at: offset).map { $0 >= 0 && $0 < 1.5 } == true)
    }

    @Test func noCycleWithoutAPositiveFiniteDuration() {
        for duration in [0, -1, .infinity, .nan] {
            #expect(Fixture.animation(.pulse, duration: duration).timeInCycle(at: 1) == nil)
        }
        #expect(Fixture.animation(.pulse, duration: 1.5).timeInCycle(at: .infinity) == nil)
    }

    // MARK: Does it move?

    /// `moves` is the painter's answer (frames at 0 and T/2 differ) and the CSS's
    /// (@keyframes for the sweep or the pulse), for every kind and edge durations.
    @Test(arguments: [AnimationKind.none, .gradient, .pulse, .shimmer])
    func movesIsWhatThePainterAndTheCSSDo(kind: AnimationKind) throws {
        for duration in [1.5, 0, -1] {
            let animation = Fixture.animation(kind, duration: duration)
            let (spec, layout) = Fixture.oneRect(animation: animation)
            let start = Painter.paint(spec, layout: layout, time: 0, scale: 1, theme: .light)
            let middle = Painter.paint(spec, layout: layout, time: 0.75, scale: 1, theme: .light)
            let component = ComponentEmitter.emit(spec, layout: layout)
            let keyframes = component.css.contains("@keyframes \(component.scope)-sweep{")
                || component.css.contains("@keyframes \(component.scope)-pulse{")
            let expected = (kind == .pulse || kind == .shimmer) && duration > 0
            #expect(animation.moves == expected, "\(kind) \(duration)")
            #expect((start != middle) == expected, "\(kind) \(duration): painter")
            #expect(keyframes == expected, "\(kind) \(duration): CSS")
        }
    }

    // MARK: Image size

    /// The painter's image is `pixelSize(scale:)`: whole points rounded up, at least 1
    /// (an empty component still makes a 1 × 1 PNG), the scale clamped into 1...4.
    @Test func paintedImageIsThePixelSize() {
        let spec = Fixture.spec(children: [])
        for (width, height) in [(0.0, 0.0), (0.5, 1), (1.0000001, 2.5), (37.25, 0)] {
            let layout = SpecLayout(width: width, height: height, items: [])
            for scale in [0, 1, 2, 3, 5] {
                let image = Painter.paint(spec, layout: layout, time: 0, scale: scale, theme: .light)
                let size = layout.pixelSize(scale: scale)
                #expect(ImageSize(width: image.width, height: image.height) == size, "\(width)x\(height) @\(scale)")
            }
        }
        let empty = SpecLayout(width: 0, height: 0, items: [])
        #expect(empty.pixelSize(scale: 1) == ImageSize(width: 1, height: 1))
        #expect(SpecLayout(width: 37.25, height: 2.5, items: []).pixelSize(scale: 9) == ImageSize(width: 152, height: 12))
    }

    // MARK: Surfaces and node numbers

    /// Every item's element carries its node's class, a surface exactly when the node
    /// `paintsSurface`, also after a `repeat` with no copies (its children are not
    /// numbered) and inside nested copies.
    @Test func elementsAndItemsAgreeOnNodeNumbers() {
        let at = Fixture.at
        let text = Node(kind: .text(TextMetrics(lines: 2, lineHeight: 4, spacing: 2, lastLineFraction: 0.5)), position: at)
        let empty = Node(kind: .repeat(count: 0), position: at, fill: RGBA(1, 2, 3), children: [Fixture.rect(5, 5)])
        let card = Node(kind: .column, position: at, darkFill: RGBA(4, 5, 6), children: [text])
        let inner = Node(kind: .repeat(count: 2), position: at, fill: RGBA(7, 8, 9), children: [card, Fixture.rect(3, 3)])
        let outer = Node(kind: .repeat(count: 2), position: at, children: [inner])
        let plain = Node(kind: .row, position: at, children: [Fixture.rect(2, 2)])
        let spec = Fixture.spec(width: 50, animation: Fixture.animation(.none), children: [empty, outer, plain])
        #expect(empty.numberedCount == 1 && outer.numberedCount == 5 && !plain.paintsSurface && empty.paintsSurface)
        let layout = LayoutEngine.layout(spec)
        // Nodes: empty 0, outer 1, inner 2, card 3, text 4, rect 5, plain 6, rect 7.
        // The empty repeat still paints its own (empty) surface; then per outer copy the
        // inner surface, and per inner copy the card, its 2 bars, the rect.
        #expect(layout.items.map(\.node) == [0, 2, 3, 4, 4, 5, 3, 4, 4, 5, 2, 3, 4, 4, 5, 3, 4, 4, 5, 7])
        let html = ComponentEmitter.emit(spec, layout: layout).html
        for (index, item) in layout.items.enumerated() {
            let element = Fixture.lines(html, containing: " sk-i\(index)\"")
            let nodeClass = (item.node == 4 ? "sk-t" : "sk-n") + String(item.node)
            #expect(element.count == 1 && element[0].contains(nodeClass + " sk-i\(index)\""), "item \(index): \(element)")
        }
        #expect(Fixture.count("sk-i", in: html) == layout.items.count)
        #expect(Fixture.lines(html, containing: "sk-n6").count == 1 && !Fixture.lines(html, containing: "sk-n6")[0].contains("sk-i"))
    }
}
