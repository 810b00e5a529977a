// Exact pixel coverage of rounded rectangles: the area of the shape inside a pixel,
// computed in closed form (no supersampling). A rounded rect is its rectangle minus
// four corner pieces; each corner piece is the corner's r×r square minus a quarter
// disc, and the area of a disc inside an axis-aligned box comes from the integral of
// sqrt(r² − x²), whose closed form needs an arctangent (DeterministicMath.atan).

/// A rounded rectangle in pixel coordinates, radius already clamped to
/// [0, min(width, height) / 2].
public struct RoundedBox: Equatable, Sendable {
    public var x0: Double
    public var y0: Double
    public var x1: Double
    public var y1: Double
    public var radius: Double
    /// Painted as a disc (`LayoutItem.isDisc`): covered by `discCoverage`, not by area.
    public var isDisc = false

    public init(x: Double, y: Double, width: Double, height: Double, radius: Double) {
        x0 = x
        y0 = y
        x1 = x + max(0, width)
        y1 = y + max(0, height)
        let limit = min(x1 - x0, y1 - y0) / 2
        self.radius = max(0, min(radius, limit))
    }

    /// Area of the shape inside the axis-aligned box [bx0, bx1] × [by0, by1].
    public func coverage(_ bx0: Double, _ by0: Double, _ bx1: Double, _ by1: Double) -> Double {
        var none = CornerCache.none
        return coverage(bx0, by0, bx1, by1, cache: &none)
    }

    /// `coverage(_:_:_:_:)` with corner areas memoised in `cache` (same results, bit for bit).
    func coverage(_ bx0: Double, _ by0: Double, _ bx1: Double, _ by1: Double,
                  cache: inout CornerCache) -> Double {
        let rectArea = Coverage.overlap(bx0, bx1, x0, x1) * Coverage.overlap(by0, by1, y0, y1)
        guard radius > 0, rectArea > 0 else { return rectArea }
        let r = radius
        var area = rectArea
        // Corner squares and their disc centres: (square x-range, y-range, centre).
        area -= Coverage.cornerCut(bx0, by0, bx1, by1, qx0: x0, qx1: x0 + r, qy0: y0, qy1: y0 + r,
                                   cx: x0 + r, cy: y0 + r, r: r, cache: &cache)
        area -= Coverage.cornerCut(bx0, by0, bx1, by1, qx0: x1 - r, qx1: x1, qy0: y0, qy1: y0 + r,
                                   cx: x1 - r, cy: y0 + r, r: r, cache: &cache)
        area -= Coverage.cornerCut(bx0, by0, bx1, by1, qx0: x0, qx1: x0 + r, qy0: y1 - r, qy1: y1,
                                   cx: x0 + r, cy: y1 - r, r: r, cache: &cache)
        area -= Coverage.cornerCut(bx0, by0, bx1, by1, qx0: x1 - r, qx1: x1, qy0: y1 - r, qy1: y1,
                                   cx: x1 - r, cy: y1 - r, r: r, cache: &cache)
        return area < 0 ? 0 : area
    }
}

public enum Coverage {
    /// Length of the overlap of [a0, a1] and [b0, b1] (0 when disjoint).
    @inline(__always)
    static func overlap(_ a0: Double, _ a1: Double, _ b0: Double, _ b1: Double) -> Double {
        let lo = a0 > b0 ? a0 : b0
        let hi = a1 < b1 ? a1 : b1
        return hi > lo ? hi - lo : 0
    }

    /// Area of the corner piece (square Q minus the disc) inside the box.
    static func cornerCut(_ bx0: Double, _ by0: Double, _ bx1: Double, _ by1: Double,
                          qx0: Double, qx1: Double, qy0: Double, qy1: Double,
                          cx: Double, cy: Double, r: Double, cache: inout CornerCache) -> Double {
        let ix0 = bx0 > qx0 ? bx0 : qx0
        let ix1 = bx1 < qx1 ? bx1 : qx1
        guard ix1 > ix0 else { return 0 }
        let iy0 = by0 > qy0 ? by0 : qy0
        let iy1 = by1 < qy1 ? by1 : qy1
        guard iy1 > iy0 else { return 0 }
        let boxArea = (ix1 - ix0) * (iy1 - iy0)
        return boxArea - discArea(ix0 - cx, iy0 - cy, ix1 - cx, iy1 - cy, r: r, boxArea: boxArea, cache: &cache)
    }

    /// Area of the disc of radius r at the origin inside [a, b] × [c, d].
    static func discArea(_ a: Double, _ c: Double, _ b: Double, _ d: Double, r: Double, boxArea: Double,
                         cache: inout CornerCache) -> Double {
        let r2 = r * r
        // Farthest and nearest points of the box from the centre decide the easy cases.
        let fx = max(-a, b)
        let fy = max(-c, d)
        if fx * fx + fy * fy <= r2 { return boxArea }
        let nx = a > 0 ? a : (b < 0 ? -b : 0)
        let ny = c > 0 ? c : (d < 0 ? -d : 0)
        if nx * nx + ny * ny >= r2 { return 0 }
        let area = signedCorner(b, d, r, &cache) - signedCorner(a, d, r, &cache)
            - signedCorner(b, c, r, &cache) + signedCorner(a, c, r, &cache)
        return area < 0 ? 0 : (area > boxArea ? boxArea : area)
    }

    /// ∫₀ˣ∫₀ʸ [inside disc] (signed: negative when exactly one of x, y is negative).
    @inline(__always)
    static func signedCorner(_ x: Double, _ y: Double, _ r: Double, _ cache: inout CornerCache) -> Double {
        if x == 0 || y == 0 { return 0 }
        let value = cornerCached(x < 0 ? -x : x, y < 0 ? -y : y, r, &cache)
        return (x < 0) != (y < 0) ? -value : value
    }

    /// `corner`, with the cheap in-disc case answered before the memo is consulted.
    @inline(__always)
    static func cornerCached(_ xIn: Double, _ yIn: Double, _ r: Double, _ cache: inout CornerCache) -> Double {
        let x = xIn < r ? xIn : r
        let y = yIn < r ? yIn : r
        if x * x + y * y <= r * r { return x * y }
        return cache.corner(xIn, yIn, r)
    }

    /// Area of the disc inside [0, x] × [0, y], x, y ≥ 0.
    static func corner(_ xIn: Double, _ yIn: Double, _ r: Double) -> Double {
        let x = xIn < r ? xIn : r
        let y = yIn < r ? yIn : r
        let r2 = r * r
        if x * x + y * y <= r2 { return x * y }
        // The arc crosses the box's top edge at xs and its right edge at ys.
        let xs = max(0, r2 - y * y).squareRoot()
        let ys = max(0, r2 - x * x).squareRoot()
        // Rectangle [0, xs] × [0, y], plus the region under the arc from xs to x:
        // (xs·y + x·ys)/2 are the two triangles to the centre, r²/2·Δθ the sector.
        let cross = x * y - xs * ys
        let dot = xs * x + y * ys
        let angle = dot > 0 ? DeterministicMath.atan(cross / dot) : DeterministicMath.pi / 2
        return (xs * y + x * ys) / 2 + r2 / 2 * angle
    }
}
