/// pixelmatch's anti-aliasing detector (after Vysniauskas, "Anti-aliased Pixel and
/// Intensity Slope Detector", 2009): a pixel is anti-aliasing when, among its 8
/// neighbours, it has both a darker and a brighter one, at most 2 equal ones, and the
/// darkest or the brightest neighbour sits in a flat area (3+ equal neighbours) in
/// both images.
///
/// Invariant: neighbours are visited x-major then y (as pixelmatch does), and ties keep
/// the first extreme found, so the chosen darkest/brightest pixel is pixelmatch's.
enum AntiAliasing {
    /// Is pixel (x1, y1) of `image` likely anti-aliasing? `other` is the image it is
    /// compared with. Both are `width * height` RGBA pixels.
    static func isAntialiased(_ metric: YIQMetric, _ image: UnsafeRawPointer, _ x1: Int, _ y1: Int,
                              _ width: Int, _ height: Int, other: UnsafeRawPointer) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let centreOffset = (y1 * width + x1) * 4
        let centre = image.loadUnaligned(fromByteOffset: centreOffset, as: UInt32.self)
        // A pixel on the image border counts its missing side as one equal neighbour.
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        // Fast exit, same verdict: 3+ byte-equal neighbours (each has luma delta 0)
        // make pixelmatch's loop below return false at some point whatever the order.
        if zeroes + equalNeighbours(image, centreOffset, centre, x0, y0, x2, y2, x1, y1, width, height) > 2 {
            return false
        }
        // Computed once: pixelmatch recomputes it per neighbour with the same result.
        let centreLuma = metric.blendedLuma(image + centreOffset)
        var minDelta: Double = 0
        var maxDelta: Double = 0
        var minX = 0, minY = 0, maxX = 0, maxY = 0

        for x in x0...x2 {
            for y in y0...y2 {
                if x == x1 && y == y1 { continue }
                let offset = (y * width + x) * 4
                let delta: Double
                if image.loadUnaligned(fromByteOffset: offset, as: UInt32.self) == centre {
                    delta = 0
                } else {
                    delta = metric.brightnessDelta(image + centreOffset, image + offset,
                                                   centreOffset: centreOffset, centreLuma: centreLuma)
                }
                if delta == 0 {
                    zeroes += 1
                    // More than 2 equal neighbours: a flat area, not anti-aliasing.
                    if zeroes > 2 { return false }
                } else if delta < minDelta {
                    minDelta = delta
                    minX = x
                    minY = y
                } else if delta > maxDelta {
                    maxDelta = delta
                    maxX = x
                    maxY = y
                }
            }
        }
        // Anti-aliasing sits between a darker and a brighter neighbour.
        if minDelta == 0 || maxDelta == 0 { return false }

        return (hasManySiblings(image, minX, minY, width, height)
                && hasManySiblings(other, minX, minY, width, height))
            || (hasManySiblings(image, maxX, maxY, width, height)
                && hasManySiblings(other, maxX, maxY, width, height))
    }

    /// How many of the 8 neighbours are byte-equal to `centre`; the 3 x 3 window is
    /// x0...x2 by y0...y2, already clipped to the image.
    @inline(__always)
    static func equalNeighbours(_ image: UnsafeRawPointer, _ centreOffset: Int, _ centre: UInt32,
                                _ x0: Int, _ y0: Int, _ x2: Int, _ y2: Int,
                                _ x1: Int, _ y1: Int, _ width: Int, _ height: Int) -> Int {
        if x1 > 0 && y1 > 0 && x1 < width - 1 && y1 < height - 1 {
            // Interior pixel: all 8 neighbours at fixed offsets, no branches per neighbour.
            let p = image + centreOffset
            let up = -width * 4, down = width * 4
            @inline(__always) func same(_ offset: Int) -> Int {
                p.loadUnaligned(fromByteOffset: offset, as: UInt32.self) == centre ? 1 : 0
            }
            return same(up - 4) + same(up) + same(up + 4) + same(-4) + same(4)
                + same(down - 4) + same(down) + same(down + 4)
        }
        var count = 0
        for y in y0...y2 {
            let row = image + y * width * 4
            for x in x0...x2 where row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self) == centre {
                count += 1
            }
        }
        return count - 1  // the centre itself
    }

    /// Does pixel (x1, y1) have 3 or more byte-identical neighbours (the border
    /// counting as one)?
    static func hasManySiblings(_ image: UnsafeRawPointer, _ x1: Int, _ y1: Int,
                                _ width: Int, _ height: Int) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let centreOffset = (y1 * width + x1) * 4
        let centre = image.loadUnaligned(fromByteOffset: centreOffset, as: UInt32.self)
        let border = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        // pixelmatch counts equal neighbours and stops once the count passes 2; the
        // count only grows, so comparing the total gives the same verdict.
        return border + equalNeighbours(image, centreOffset, centre, x0, y0, x2, y2, x1, y1, width, height) > 2
    }
}
