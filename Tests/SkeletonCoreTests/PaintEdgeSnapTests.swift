import Testing
@testable import SkeletonCore

/// Box edges land on whole device pixels, as browsers place them
/// (site/reference/rendering.md, "Edges"): no half-covered row or column.
@Suite struct PaintEdgeSnapTests {
    typealias P = PaintFixture

    @Test(arguments: [
        (21.5, 1, 22.0), (21.5, 2, 43.0), (21.25, 2, 43.0), (21.24, 2, 42.0),
        (0.25, 1, 0.0), (0.75, 1, 1.0), (10.5, 1, 11.0), (10.49, 1, 10.0),
        // Floating-point noise a fixed-point layout engine does not have: 1/64 px rounds it away.
        (21.499999999, 1, 22.0), (3.3, 3, 10.0), (33.3, 3, 100.0),
    ])
    func edgesRoundToWholeDevicePixelsHalvesUp(points: Double, scale: Int, device: Double) {
        #expect(PixelSnap.edge(points, scale: scale) == device)
    }

    /// The case: a 29-pt bar centred in a 40-pt row starts at y = 5.5.
    static let centred = """
        skeleton "Snap" width=40
          animation none
          appearance base=#000000 background=#FFFFFF
          row height=40 align=center
            rect 20x29

        """

    @Test(arguments: [(1, 6, 35), (2, 11, 69), (3, 17, 104)])
    func centredBarCoversWholeRowsOnly(scale: Int, firstRow: Int, endRow: Int) throws {
        let spec = try #require(SpecParser.parse(Self.centred).spec)
        let layout = LayoutEngine.layout(spec)
        #expect(layout.items.first?.frame.y == 5.5)
        let image = Painter.paint(spec, layout: layout, time: 0, scale: scale, theme: .light)
        var rows: [Int] = []
        for y in 0..<image.height {
            let value = P.pixel(image, 10 * scale, y).r
            #expect(value == 0 || value == 255, "row \(y) is half covered: \(value)")
            if value == 0 { rows.append(y) }
        }
        #expect(rows == Array(firstRow..<endRow))
    }

    /// Neighbours meet on one pixel boundary: with a half-transparent colour a pixel
    /// painted by both would come out darker, one painted by neither stays white.
    @Test func neighboursNeitherOverlapNorLeaveAGap() {
        var appearance = P.contrast
        appearance.base = RGBA(0, 0, 0, 128)
        let items = [P.item(Rect(0.25, 0, 10.5, 4)), P.item(Rect(10.75, 0, 10.5, 4))]
        let image = P.paint(items, width: 24, height: 4, appearance: appearance)
        let row = (0..<24).map { P.pixel(image, $0, 1).r }
        let once = P.blend(0, 255, alpha: 128)
        #expect(row == Array(repeating: once, count: 21) + [255, 255, 255])
    }

    /// Corner radii are not snapped: a circle at a half-point offset keeps its
    /// diameter, so its coverage is the same disc moved by half a pixel.
    @Test func circleAtHalfPointPaintsTheSameDiscOnWholePixels() {
        let whole = P.paint([P.item(Rect(4, 4, 20, 20), radius: 10, kind: .circle)], width: 30, height: 30)
        let half = P.paint([P.item(Rect(4.5, 4.5, 20, 20), radius: 10, kind: .circle)], width: 30, height: 30)
        for y in 0..<29 {
            for x in 0..<29 {
                #expect(P.pixel(half, x + 1, y + 1) == P.pixel(whole, x, y), "pixel \(x),\(y)")
            }
        }
    }
}
