/// A raster of straight-alpha 8-bit sRGB pixels that anti-aliased rounded rectangles
/// (rects, circles, capsules) are composited onto, source-over, with exact area
/// coverage (see `RoundedBox.coverage`) and the rounding rule of `Compositor`.
///
/// Speed: only pixels inside a shape's bounds are visited; rows and columns away
/// from edges and corners are filled as spans without coverage math; a horizontal
/// or vertical sweep is evaluated once per column or row, not per pixel.
public struct Canvas: Sendable {
    public private(set) var image: RGBAImage
    /// True while every pixel is opaque (an opaque background stays opaque under
    /// source-over), which enables the cheaper opaque-destination blend.
    private var opaque: Bool
    /// The last shape's palette: shapes mostly share one colour and highlight, and a
    /// palette costs up to 256 blends to build.
    private var cachedPalette: (colour: RGBA, highlight: RGBA?, palette: LevelPalette)?
    /// Corner areas met so far on this canvas: rounded shapes repeat (see `CornerCache`).
    private var cornerCache = CornerCache()

    public init(width: Int, height: Int, background: RGBA) {
        let w = max(0, width)
        let h = max(0, height)
        // Whole pixels at a time: one little-endian word per pixel (the byte order every
        // writer below assumes), written straight into uninitialised storage, so the
        // buffer is touched once instead of zeroed and then patched byte by byte.
        let word = UInt32(background.r) | UInt32(background.g) << 8
            | UInt32(background.b) << 16 | UInt32(background.a) << 24
        let count = w * h
        let pixels = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialised in
            buffer.withMemoryRebound(to: UInt32.self) { words in
                words.initialize(repeating: word)
            }
            initialised = count * 4
        }
        image = RGBAImage(width: w, height: h, pixels: pixels)
        opaque = background.a == 255
    }

    /// A canvas that goes on from `image`, whose every pixel is opaque when `opaque`
    /// (a `Backdrop` handing its surfaces on to a frame's shapes).
    init(continuing image: RGBAImage, opaque: Bool) {
        // A copy by one memcpy (the backdrop stays as it is for the next frame): left to
        // copy-on-write, the first pixel written would copy the buffer byte by byte.
        let count = image.pixels.count
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialised in
            image.pixels.withUnsafeBytes { source in
                if count > 0 { UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: source.baseAddress!, byteCount: count) }
            }
            initialised = count
        }
        self.image = RGBAImage(width: image.width, height: image.height, pixels: pixels)
        self.opaque = opaque
    }

    /// Whether every pixel is known to be opaque.
    var isOpaque: Bool { opaque }

    /// Composites `box` (pixel coordinates) in `colour`, with `sweep`'s highlight over
    /// the colour where given.
    public mutating func fill(_ box: RoundedBox, colour: RGBA, sweep: Sweep? = nil) {
        guard let bounds = Self.pixelBounds(box, width: image.width, height: image.height) else { return }
        if colour.a == 0 && (sweep == nil || sweep!.highlight.a == 0) { return }
        // Moved out for the pixel loop (it runs while `image` is borrowed), put back after.
        var cache = cornerCache
        cornerCache = .none
        defer { cornerCache = cache }
        composite(iStart: bounds.iStart, iEnd: bounds.iEnd, colour: colour, sweep: sweep) { sink in
            Self.walk(box, bounds, cache: &cache, into: &sink)
        }
    }

    /// Composites a recorded fill (`FillPlan`): the same pixels as `fill` of the box the
    /// plan was recorded from on a canvas of this size, without the coverage math.
    mutating func fill(_ plan: FillPlan, colour: RGBA, sweep: Sweep?) {
        guard plan.iStart < plan.iEnd else { return }
        if colour.a == 0 && (sweep == nil || sweep!.highlight.a == 0) { return }
        composite(iStart: plan.iStart, iEnd: plan.iEnd, colour: colour, sweep: sweep) { sink in
            plan.replay(into: &sink)
        }
    }

    /// The pixel columns and rows a box touches on a `width` × `height` canvas; nil
    /// when none (empty, non-finite or outside).
    static func pixelBounds(_ box: RoundedBox, width: Int, height: Int) -> PixelBounds? {
        guard box.x0.isFinite, box.x1.isFinite, box.y0.isFinite, box.y1.isFinite,
              box.x1 > box.x0, box.y1 > box.y0 else { return nil }
        let bounds = PixelBounds(iStart: max(0, floorInt(box.x0, limit: width)), iEnd: min(width, ceilInt(box.x1, limit: width)),
                                 jStart: max(0, floorInt(box.y0, limit: height)), jEnd: min(height, ceilInt(box.y1, limit: height)),
                                 canvasWidth: width)
        return bounds.iStart < bounds.iEnd && bounds.jStart < bounds.jEnd ? bounds : nil
    }

    /// Sets up the colours of one shape and lets `cover` say which pixels it covers and
    /// how much (through a `PixelSink`).
    private mutating func composite(iStart: Int, iEnd: Int, colour: RGBA, sweep: Sweep?,
                                    _ cover: (inout PixelSink) -> Void) {
        let width = image.width
        let activeSweep = (sweep?.highlight.a ?? 0) > 0 ? sweep : nil
        let palette: LevelPalette
        if let cached = cachedPalette, cached.colour == colour, cached.highlight == activeSweep?.highlight {
            palette = cached.palette
        } else {
            palette = LevelPalette(colour: colour, highlight: activeSweep?.highlight)
            cachedPalette = (colour, activeSweep?.highlight, palette)
        }
        let writer = SpanWriter(palette: palette, sweep: activeSweep, iStart: iStart, iEnd: iEnd,
                                width: width, opaque: opaque)
        var keptOpaque = true
        image.pixels.withUnsafeMutableBytes { raw in
            raw.withMemoryRebound(to: UInt32.self) { words in
                var sink = PixelSink(writer: writer, base: words.baseAddress!, width: width)
                cover(&sink)
                keptOpaque = sink.writer.keptOpaque
            }
        }
        if !keptOpaque { opaque = false }
    }

    /// Every pixel of `box` within `bounds` with its exact coverage, row by row, into
    /// `sink`: rows and columns away from edges and corners as spans.
    static func walk<Sink: CoverageSink>(_ box: RoundedBox, _ bounds: PixelBounds, cache: inout CornerCache,
                                         into sink: inout Sink) {
        if box.isDisc { return walkDisc(box, bounds, into: &sink) }
        let (iStart, iEnd) = (bounds.iStart, bounds.iEnd)
        let width = bounds.canvasWidth
        let r = box.radius
        for j in bounds.jStart..<bounds.jEnd {
            let top = Double(j)
            let vy = Coverage.overlap(top, top + 1, box.y0, box.y1)
            if vy <= 0 { continue }
            sink.startRow(j)
            let inCorner = r > 0 && (top < box.y0 + r || top + 1 > box.y1 - r)
            if !inCorner {
                var a = iStart
                var b = iEnd
                if Double(a) < box.x0 {
                    sink.pixel(a, vy * Coverage.overlap(Double(a), Double(a) + 1, box.x0, box.x1))
                    a += 1
                }
                if b > a && Double(b) > box.x1 {
                    sink.pixel(b - 1, vy * Coverage.overlap(Double(b - 1), Double(b), box.x0, box.x1))
                    b -= 1
                }
                sink.span(a, b, vy)
            } else {
                let leftEnd = max(iStart, min(iEnd, Self.ceilInt(box.x0 + r, limit: width)))
                let rightStart = min(iEnd, max(iStart, Self.floorInt(box.x1 - r, limit: width)))
                let topBand = top < box.y0 + r
                let bottomBand = top + 1 > box.y1 - r
                if leftEnd >= rightStart || topBand == bottomBand {
                    // Narrow or short shapes: every pixel of the row exactly.
                    for i in iStart..<iEnd {
                        sink.pixel(i, box.coverage(Double(i), top, Double(i) + 1, top + 1, cache: &cache))
                    }
                } else {
                    let arc = ArcRow(box, top: top, topBand: topBand)
                    // Outside the arc: nothing; inside it over the whole row: a span.
                    let a = max(iStart, min(leftEnd, Self.floorInt(arc.leftOut, limit: width)))
                    let aIn = max(a, min(leftEnd, Self.ceilInt(arc.leftIn, limit: width)))
                    let bEnd = min(iEnd, max(rightStart, Self.ceilInt(arc.rightOut, limit: width)))
                    let bIn = min(bEnd, max(rightStart, Self.floorInt(arc.rightIn, limit: width)))
                    for i in a..<aIn {
                        sink.pixel(i, box.coverage(Double(i), top, Double(i) + 1, top + 1, cache: &cache))
                    }
                    sink.span(aIn, bIn, vy)
                    for i in bIn..<bEnd {
                        sink.pixel(i, box.coverage(Double(i), top, Double(i) + 1, top + 1, cache: &cache))
                    }
                }
            }
        }
    }

    /// A disc's pixels by `RoundedBox.discCoverage`, left to right: the partly covered
    /// pixels at each end of a row one by one, the fully covered run between them as a
    /// span. Coverage falls as |dx| grows (the distance is monotonic in it, rounding
    /// included), so a row's full pixels are one run, found by walking in from both
    /// ends; rows and columns the ramp cannot reach (with a pixel to spare) are skipped.
    static func walkDisc<Sink: CoverageSink>(_ box: RoundedBox, _ bounds: PixelBounds, into sink: inout Sink) {
        let reach = min(box.x1 - box.x0, box.y1 - box.y0) / 2 + 0.5
        let cx = (box.x0 + box.x1) / 2
        let cy = (box.y0 + box.y1) / 2
        let width = bounds.canvasWidth
        for j in bounds.jStart..<bounds.jEnd {
            let dy = Double(j) + 0.5 - cy
            if dy >= reach || -dy >= reach { continue }
            let half = (reach * reach - dy * dy).squareRoot() + 1
            let first = max(bounds.iStart, floorInt(cx - half, limit: width))
            let end = min(bounds.iEnd, ceilInt(cx + half, limit: width))
            guard first < end else { continue }
            sink.startRow(j)
            var a = first
            while a < end {
                let c = box.discCoverage(a, j)
                if c >= 1 { break }
                if c > 0 { sink.pixel(a, c) }
                a += 1
            }
            guard a < end else { continue }
            var b = end
            while b > a && box.discCoverage(b - 1, j) < 1 { b -= 1 }
            sink.span(a, b, 1)
            for i in b..<end {
                let c = box.discCoverage(i, j)
                if c > 0 { sink.pixel(i, c) }
            }
        }
    }

    /// floor(v) as Int, clamped to [-1, limit + 1] so huge coordinates cannot trap.
    @inline(__always)
    static func floorInt(_ v: Double, limit: Int) -> Int {
        if v < -1 { return -1 }
        if v > Double(limit) + 1 { return limit + 1 }
        return Int(v.rounded(.down))
    }

    @inline(__always)
    static func ceilInt(_ v: Double, limit: Int) -> Int {
        if v < -1 { return -1 }
        if v > Double(limit) + 1 { return limit + 1 }
        return Int(v.rounded(.up))
    }
}

/// Where a row crosses the corner arcs of a box whose row meets only the top or only
/// the bottom corners: pixels left of `leftOut` (right of `rightOut`) lie wholly
/// outside the shape; pixels from `leftIn` to `rightIn` are inside over the whole
/// covered height of the row.
struct ArcRow {
    var leftOut: Double
    var leftIn: Double
    var rightIn: Double
    var rightOut: Double

    init(_ box: RoundedBox, top: Double, topBand: Bool) {
        let r = box.radius
        let y0 = max(top, box.y0)
        let y1 = min(top + 1, box.y1)
        let cy = topBand ? box.y0 + r : box.y1 - r
        // Vertical distances from the corner centres to the row's nearest and farthest covered y.
        let far = topBand ? cy - y0 : y1 - cy
        let nearRaw = topBand ? cy - y1 : y0 - cy
        let near = nearRaw > 0 ? nearRaw : 0
        let halfFar = max(0, r * r - far * far).squareRoot()
        let halfNear = max(0, r * r - near * near).squareRoot()
        leftOut = box.x0 + r - halfNear
        leftIn = box.x0 + r - halfFar
        rightIn = box.x1 - r + halfFar
        rightOut = box.x1 - r + halfNear
    }
}

/// Writes one shape's pixels: picks each pixel's colour (solid, or by the sweep's
/// level at that column, row or pixel) and blends it with its coverage.
struct SpanWriter {
    enum Mode {
        case solid
        /// Horizontal sweep: colour per column, precomputed for the shape's columns.
        case columns
        /// Vertical sweep: one colour per row.
        case rows
        /// Diagonal sweep: p = columnP[i] + rowP, level per pixel.
        case diagonal
        /// Radial band: level per pixel from its distance to the spot (rowP is the row's y).
        case radial
    }

    let palette: LevelPalette
    let sweep: Sweep?
    let mode: Mode
    let iStart: Int
    let opaque: Bool
    /// Whether every pixel written so far left the destination opaque.
    private(set) var keptOpaque = true
    private var columnColours: [UInt32] = []
    private var columnAlphas: [UInt8] = []
    private var columnsOpaque = true
    private var columnP: [Double] = []
    private var rowColour: UInt32
    private var rowAlpha: UInt8
    private var rowP: Double = 0

    init(palette: LevelPalette, sweep: Sweep?, iStart: Int, iEnd: Int, width: Int, opaque: Bool) {
        self.palette = palette
        self.sweep = sweep
        self.iStart = iStart
        self.opaque = opaque
        rowColour = palette.colours[0]
        rowAlpha = palette.alphas[0]
        guard let sweep else {
            mode = .solid
            return
        }
        if sweep.radial {
            mode = .radial
        } else if sweep.uy == 0 {
            mode = .columns
            columnColours.reserveCapacity(iEnd - iStart)
            columnAlphas.reserveCapacity(iEnd - iStart)
            for i in iStart..<iEnd {
                let level = sweep.level((Double(i) + 0.5) * sweep.ux)
                columnColours.append(palette.colours[level])
                columnAlphas.append(palette.alphas[level])
                if palette.alphas[level] != 255 { columnsOpaque = false }
            }
        } else if sweep.ux == 0 {
            mode = .rows
        } else {
            mode = .diagonal
            columnP.reserveCapacity(iEnd - iStart)
            for i in iStart..<iEnd { columnP.append((Double(i) + 0.5) * sweep.ux) }
        }
    }

    mutating func startRow(_ j: Int) {
        switch mode {
        case .rows:
            let level = sweep!.level((Double(j) + 0.5) * sweep!.uy)
            rowColour = palette.colours[level]
            rowAlpha = palette.alphas[level]
        case .diagonal:
            rowP = (Double(j) + 0.5) * sweep!.uy
        case .radial:
            rowP = Double(j) + 0.5
        case .solid, .columns:
            break
        }
    }

    @inline(__always)
    private func colour(at i: Int) -> (UInt32, UInt8) {
        switch mode {
        case .solid, .rows:
            return (rowColour, rowAlpha)
        case .columns:
            return (columnColours[i - iStart], columnAlphas[i - iStart])
        case .diagonal:
            let level = sweep!.level(columnP[i - iStart] + rowP)
            return (palette.colours[level], palette.alphas[level])
        case .radial:
            let level = sweep!.level(x: Double(i) + 0.5, y: rowP)
            return (palette.colours[level], palette.alphas[level])
        }
    }

    /// One pixel at coverage `coverage` (0...1).
    @inline(__always)
    mutating func pixel(_ row: UnsafeMutablePointer<UInt32>, _ i: Int, _ coverage: Double) {
        let (c, a) = colour(at: i)
        blend(row + i, c, Compositor.scaledAlpha(a, coverage))
    }

    /// Pixels [a, b) of a row, all at the same coverage.
    mutating func span(_ row: UnsafeMutablePointer<UInt32>, _ a: Int, _ b: Int, _ coverage: Double) {
        guard a < b else { return }
        switch mode {
        case .solid, .rows:
            let alpha = Compositor.scaledAlpha(rowAlpha, coverage)
            if alpha == 255 {
                (row + a).update(repeating: rowColour | 0xFF00_0000, count: b - a)
            } else if alpha > 0 {
                for i in a..<b { blend(row + i, rowColour, alpha) }
            }
        case .columns:
            if coverage >= 1 && columnsOpaque {
                columnColours.withUnsafeBufferPointer { colours in
                    (row + a).update(from: colours.baseAddress! + (a - iStart), count: b - a)
                }
            } else {
                for i in a..<b {
                    blend(row + i, columnColours[i - iStart], Compositor.scaledAlpha(columnAlphas[i - iStart], coverage))
                }
            }
        case .diagonal, .radial:
            for i in a..<b { pixel(row, i, coverage) }
        }
    }

    @inline(__always)
    private mutating func blend(_ target: UnsafeMutablePointer<UInt32>, _ colour: UInt32, _ alpha: UInt32) {
        if alpha == 0 { return }
        if alpha == 255 {
            target.pointee = colour | 0xFF00_0000
            return
        }
        let dest = target.pointee
        if opaque || dest >> 24 == 255 {
            target.pointee = Compositor.overOpaque(colour, alpha: alpha, dest)
        } else {
            let out = Compositor.over(Compositor.unpack(colour), alpha: Int(alpha), Compositor.unpack(dest))
            if out.a != 255 { keptOpaque = false }
            target.pointee = Compositor.pack(out)
        }
    }
}
