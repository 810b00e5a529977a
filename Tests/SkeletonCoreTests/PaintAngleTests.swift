import Testing
@testable import SkeletonCore

/// The shimmer band at a custom `angle=`, against the rules in
/// site/reference/rendering.md ("shimmer"), from parsed specs through the painter.
///
/// The specs paint a black shape under an opaque white highlight, so a pixel's red
/// channel is exactly the highlight level round(255·k) (ties up): source over black at
/// alpha a gives (255·a + 127) / 255 = a.
@Suite struct PaintAngleTests {
    /// One W×H rect filling a W×H component, shimmer at `angle` with linear easing.
    static func fullRect(width: Int, height: Int, angle: String, duration: String = "2s", band: String = "0.5") -> String {
        """
        skeleton width=\(width) height=\(height)
          appearance base=#000000 highlight=#FFFFFF background=#FFFFFF
          animation shimmer duration=\(duration) band=\(band) angle=\(angle) easing=linear
          rect \(width)x\(height)

        """
    }

    static func paint(_ text: String, time: Double, scale: Int = 1, theme: Theme = .light) throws -> RGBAImage {
        let parsed = SpecParser.parse(text)
        #expect(parsed.diagnostics == [])
        let spec = try #require(parsed.spec)
        return Painter.paint(spec, layout: LayoutEngine.layout(spec), time: time, scale: scale, theme: theme)
    }

    static func red(_ image: RGBAImage, _ x: Int, _ y: Int) -> Int { Int(image.pixels[(y * image.width + x) * 4]) }

    /// The documented band, in pixels of an image `w`×`h` pixels: u = (sin θ, −cos θ),
    /// p at pixel centres, p_min/p_max over the corners, B = band·L, centre
    /// c = p_min − B/2 + e·(L + B) with e = (t mod T)/T (linear easing).
    struct Band {
        let ux: Double, uy: Double, pMin: Double, length: Double, width: Double, centre: Double

        init(angle: Double, w: Int, h: Int, band: Double, cycle e: Double) {
            ux = DeterministicMath.sin(degrees: angle)
            uy = -DeterministicMath.cos(degrees: angle)
            let corners = [0, Double(w) * ux, Double(h) * uy, Double(w) * ux + Double(h) * uy]
            pMin = corners.min()!
            length = corners.max()! - pMin
            width = band * length
            centre = pMin - width / 2 + e * (length + width)
        }

        func p(_ i: Int, _ j: Int) -> Double { (Double(i) + 0.5) * ux + (Double(j) + 0.5) * uy }

        /// round(255·k), k = max(0, 1 − |p − c| / (B/2)).
        func level(_ i: Int, _ j: Int) -> Int {
            let p = p(i, j)
            let k = 1 - (p < centre ? centre - p : p - centre) / (width / 2)
            return k > 0 ? min(255, Int(255 * k + 0.5)) : 0
        }
    }

    @Test func sweepAxisOfThirtyDegrees() {
        // u = (sin 30°, −cos 30°) = (1/2, −√3/2), within one unit in the last place.
        let band = Band(angle: 30, w: 10, h: 10, band: 0.5, cycle: 0)
        #expect(band.ux == 0.49999999999999994)
        #expect(band.uy == -0.8660254037844386)
    }

    @Test(arguments: [
        (30.0, 0.5, 1), (30.0, 1.0, 1), (60.0, 1.3, 1), (120.0, 0.8, 2), (200.0, 1.1, 1), (-20.0, 0.9, 1),
        (333.0, 1.6, 2), (10.0, 1.0, 1), (260.0, 0.7, 3),
    ])
    func everyPixelIsTheFormulasLevel(angle: Double, time: Double, scale: Int) throws {
        let (w, h) = (48, 30)
        let image = try Self.paint(Self.fullRect(width: w, height: h, angle: "\(angle)"), time: time, scale: scale)
        #expect(image.width == w * scale && image.height == h * scale)
        let band = Band(angle: angle, w: w * scale, h: h * scale, band: 0.5, cycle: time / 2)
        var mismatches = 0
        var levels: Set<Int> = []
        for j in 0..<image.height {
            for i in 0..<image.width {
                let level = band.level(i, j)
                levels.insert(level)
                let at = (j * image.width + i) * 4
                if Array(image.pixels[at..<(at + 4)]) != [UInt8(level), UInt8(level), UInt8(level), 255] { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
        // The band is inside the component and spread over many levels: the test bites.
        #expect(levels.contains(0) && levels.count > 60 && levels.max()! >= 250)
    }

    /// At T/2 the band's centre passes through the component's centre. With odd sides
    /// that centre is the centre of pixel (40, 20), whose k is exactly 1.
    @Test func brightestPixelOfEveryRowIsWhereTheCentreLineCrossesIt() throws {
        let (w, h) = (81, 41)
        let image = try Self.paint(Self.fullRect(width: w, height: h, angle: "30"), time: 1)
        let band = Band(angle: 30, w: w, h: h, band: 0.5, cycle: 0.5)
        #expect(band.centre == band.pMin + band.length / 2)
        #expect(band.p(40, 20) == band.centre)
        #expect(Self.red(image, 40, 20) == 255)
        var rowsChecked = 0
        var ties = 0
        for j in 0..<h {
            let row = (0..<w).map { Self.red(image, $0, j) }
            let peak = row.max()!
            let brightest = (0..<w).filter { row[$0] == peak }
            // The centre line p = c crosses row j at column x = (c − (j + ½)·u_y) / u_x.
            let x = (band.centre - (Double(j) + 0.5) * band.uy) / band.ux
            let nearest = Int((x - 0.5).rounded(.toNearestOrAwayFromZero))
            guard nearest >= 0 && nearest < w else { continue }
            // The pixel whose centre is nearest the line is brightest; its neighbour on
            // the line's side ties only when both round to the same level.
            let neighbour = x - 0.5 > Double(nearest) ? nearest + 1 : nearest - 1
            if band.level(neighbour, j) == band.level(nearest, j) {
                #expect(brightest == [min(nearest, neighbour), max(nearest, neighbour)], "row \(j): centre at x = \(x)")
                ties += 1
            } else {
                #expect(brightest == [nearest], "row \(j): centre at x = \(x)")
            }
            #expect(peak == band.level(nearest, j), "row \(j)")
            rowsChecked += 1
        }
        #expect(rowsChecked == 41)
        #expect(ties == 2)
    }

    /// A steep angle, read down the columns: 160° is mostly downwards (u_y ≈ 0.94).
    @Test func brightestPixelOfEveryColumnIsWhereTheCentreLineCrossesIt() throws {
        let (w, h) = (41, 81)
        let image = try Self.paint(Self.fullRect(width: w, height: h, angle: "160"), time: 1)
        let band = Band(angle: 160, w: w, h: h, band: 0.5, cycle: 0.5)
        #expect(Self.red(image, 20, 40) == 255)
        var columnsChecked = 0
        for i in 0..<w {
            let column = (0..<h).map { Self.red(image, i, $0) }
            let peak = column.max()!
            let brightest = (0..<h).filter { column[$0] == peak }
            let y = (band.centre - (Double(i) + 0.5) * band.ux) / band.uy
            let nearest = Int((y - 0.5).rounded(.toNearestOrAwayFromZero))
            guard nearest >= 0 && nearest < h else { continue }
            #expect(brightest == [nearest], "column \(i): centre at y = \(y)")
            columnsChecked += 1
        }
        #expect(columnsChecked == 41)
    }

    /// At 45° (u = (1, −1)/√2) the progress p depends on x − y only, at 135°
    /// (u = (1, 1)/√2) on x + y only: every such diagonal is one colour. (At 45° the
    /// levels 255·k are rationals with small denominators at a round time such as
    /// 0.9 s, where some land exactly on n + ½ and round either way by a last-bit
    /// difference between pixels; t = 0.9137 s keeps every level off those ties.)
    @Test(arguments: [(45.0, -1), (225.0, -1), (135.0, 1), (315.0, 1)])
    func pixelsAtEqualProgressAreEqual(angle: Double, sign: Int) throws {
        let (w, h) = (50, 30)
        let image = try Self.paint(Self.fullRect(width: w, height: h, angle: "\(angle)"), time: 0.9137)
        var diagonalLevels: [Int] = []
        for sum in (sign > 0 ? 0 : 1 - h)...(sign > 0 ? w + h - 2 : w - 1) {
            let cells = (0..<w).compactMap { i -> (Int, Int)? in
                let j = sign > 0 ? sum - i : i - sum
                return j >= 0 && j < h ? (i, j) : nil
            }
            let first = Self.red(image, cells[0].0, cells[0].1)
            for (i, j) in cells { #expect(Self.red(image, i, j) == first, "pixel \(i),\(j) on diagonal \(sum)") }
            diagonalLevels.append(first)
        }
        #expect(Set(diagonalLevels).count > 20)
    }

    /// θ and 180° − θ are mirror images top to bottom; θ and −θ left to right.
    ///
    /// The sides are one odd, one even (why: a pixel whose exact level is n + ½ would
    /// round up in one image and, by a last-bit difference, down in the other; such
    /// exact ties need (2i + 1)·h = (2j + 1)·w for some pixel, impossible when w is
    /// odd and h even).
    @Test(arguments: [(30.0, 0.6), (65.0, 1.2), (100.0, 0.9), (155.0, 1.45), (12.5, 1.0)])
    func symmetricAnglesMirrorEachOther(angle: Double, time: Double) throws {
        let (w, h) = (61, 36)
        func image(_ a: Double) throws -> RGBAImage {
            try Self.paint(Self.fullRect(width: w, height: h, angle: "\(a)"), time: time)
        }
        let original = try image(angle)
        let upDown = try image(180 - angle)
        let leftRight = try image(-angle)
        var distinct: Set<Int> = []
        for j in 0..<h {
            for i in 0..<w {
                let r = Self.red(original, i, j)
                distinct.insert(r)
                #expect(Self.red(upDown, i, h - 1 - j) == r, "\(180 - angle)° at \(i),\(j)")
                #expect(Self.red(leftRight, w - 1 - i, j) == r, "\(-angle)° at \(i),\(j)")
            }
        }
        #expect(distinct.count > 30)
        // Not symmetric in itself: the mirror is a real check.
        #expect(original.pixels != upDown.pixels && original.pixels != leftRight.pixels)
    }

    /// A spec with round shapes, a card surface and text, to compare whole frames.
    static func card(_ animation: String) -> String {
        """
        skeleton "Card" width=220
          animation shimmer duration=1.5s \(animation)
          row padding=12 gap=10 radius=10 fill=#FFFFFF
            circle 40
            column gap=6 grow=1
              text lines=2 line-height=12 spacing=6 last=60%
              capsule 90x10

        """
    }

    @Test(arguments: [
        ("left-to-right", "90"), ("right-to-left", "270"), ("top-to-bottom", "180"), ("bottom-to-top", "0"),
        ("top-left-to-bottom-right", "135"), ("bottom-right-to-top-left", "315"),
    ])
    func namedDirectionEqualsItsAngleByteForByte(direction: String, angle: String) throws {
        for time in [0.2, 0.55, 0.75, 1.1, 1.4] {
            for (scale, theme) in [(1, Theme.light), (2, .dark)] {
                let named = try Self.paint(Self.card("direction=\(direction)"), time: time, scale: scale, theme: theme)
                let angled = try Self.paint(Self.card("angle=\(angle)"), time: time, scale: scale, theme: theme)
                #expect(named == angled, "\(direction) vs angle=\(angle) at t=\(time) scale \(scale)")
            }
        }
        // And the frame is not the static one, so equality says something.
        let moving = try Self.paint(Self.card("angle=\(angle)"), time: 0.75)
        let still = try Self.paint(Self.card("angle=\(angle)"), time: 0)
        #expect(moving != still)
    }

    @Test func angleSpellingsAndOverridesAgree() throws {
        let reference = try Self.paint(Self.card("direction=left-to-right"), time: 0.6)
        for spelling in ["angle=90", "angle=90deg", "angle=450", "angle=-270", "direction=top-to-bottom angle=90"] {
            #expect(try Self.paint(Self.card(spelling), time: 0.6) == reference, "\(spelling)")
        }
        #expect(try Self.paint(Self.card("angle=-90"), time: 0.6) == Self.paint(Self.card("direction=right-to-left"), time: 0.6))
        // A custom angle a little off the named one is a different frame.
        #expect(try Self.paint(Self.card("angle=95"), time: 0.6) != reference)
    }
}
