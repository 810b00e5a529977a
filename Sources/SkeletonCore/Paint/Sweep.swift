/// A highlight laid over a shape colour with a strength that is a "tent" along a
/// direction: k(p) = max(0, 1 − |p − centre| / halfWidth), where p = x·ux + y·uy is
/// measured at pixel centres in pixel units. Outside [minP, maxP] (the component)
/// k = 0: the gradient exists only over the component.
///
/// Shimmer's band and the static `gradient` are both tents (the gradient's centre is
/// the middle of the component and its half width half the sweep length).
///
/// `intensity=` (site/reference/animation.md) flattens the tent's top: over the middle
/// `plateau` of the band k = 1, falling linearly to 0 at its edges, so
/// k(p) = min(1, (1 − |p − centre| / halfWidth) / (1 − plateau)). With no plateau the
/// factor is exactly 1 and every level is what the plain tent gives.
public struct Sweep: Equatable, Sendable {
    public var ux: Double
    public var uy: Double
    public var centre: Double
    public var halfWidth: Double
    public var minP: Double
    public var maxP: Double
    public var highlight: RGBA
    /// 1 / (1 − plateau): infinity for a band that is all plateau.
    public var gain: Double

    public init(ux: Double, uy: Double, centre: Double, halfWidth: Double, minP: Double, maxP: Double,
                highlight: RGBA, plateau: Double = 0) {
        self.ux = ux
        self.uy = uy
        self.centre = centre
        self.halfWidth = halfWidth
        self.minP = minP
        self.maxP = maxP
        self.highlight = highlight
        gain = plateau > 0 ? 1 / (1 - plateau) : 1
    }

    /// Highlight alpha (0...highlight.a) at progress p: highlight.a · k rounded, ties up.
    @inline(__always)
    func level(_ p: Double) -> Int {
        if p < minP || p > maxP { return 0 }
        let distance = p < centre ? centre - p : p - centre
        var k = 1 - distance / halfWidth
        if !(k > 0) { return 0 }
        k *= gain
        if k > 1 { k = 1 }
        let level = Int(Double(highlight.a) * k + 0.5)
        return level > Int(highlight.a) ? Int(highlight.a) : level
    }
}

/// The colours a shape can take under a sweep: entry `level` is the shape colour
/// with the highlight composited over it at alpha `level`.
struct LevelPalette {
    var colours: [UInt32]
    var alphas: [UInt8]

    init(colour: RGBA, highlight: RGBA?) {
        let top = Int(highlight?.a ?? 0)
        colours = []
        alphas = []
        colours.reserveCapacity(top + 1)
        alphas.reserveCapacity(top + 1)
        var level = 0
        while level <= top {
            let mixed = highlight.map { Compositor.over($0, alpha: level, colour) } ?? colour
            colours.append(Compositor.pack(mixed))
            alphas.append(mixed.a)
            level += 1
        }
    }
}
