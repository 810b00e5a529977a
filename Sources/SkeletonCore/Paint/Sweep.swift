/// A highlight laid over a shape colour with a strength that is a "tent" along a
/// direction: k(p) = max(0, 1 − |p − centre| / halfWidth), where p = x·ux + y·uy is
/// measured at pixel centres in pixel units. Outside [minP, maxP] (the component)
/// k = 0: the gradient exists only over the component.
///
/// Shimmer's band and the static `gradient` are both tents (the gradient's centre is
/// the middle of the component and its half width half the sweep length).
///
/// `intensity=` (site/reference/animation.md) flattens the tent's top: over the middle
/// `plateau` of the band the level is the highlight's full alpha, falling linearly to 0
/// at its edges: level = min(a, a · k / (1 − plateau)). The tent's level is already
/// capped at a, so only its peak changes; with no plateau the peak is exactly a and
/// every level is what the plain tent gives.
///
/// `band-shape=radial` makes the tent one of distance: k = max(0, 1 − d / halfWidth),
/// d the distance of the pixel centre from (spotX, spotY), a point of the sweep axis.
public struct Sweep: Equatable, Sendable {
    public var ux: Double
    public var uy: Double
    public var centre: Double
    public var halfWidth: Double
    public var minP: Double
    public var maxP: Double
    public var highlight: RGBA
    /// The level the tent would reach at its centre: a / (1 − plateau), capped in
    /// `level`. A band that is all plateau gets a million times a: full from the
    /// first millionth of its edge. A Float (exact for a plain tent's a) keeps the
    /// struct as small as it was, which the WebAssembly build's size notices.
    public var peak: Float
    /// A radial band: the levels fall with the distance from (spotX, spotY), in pixels.
    public var radial = false
    public var spotX = 0.0
    public var spotY = 0.0

    public init(ux: Double, uy: Double, centre: Double, halfWidth: Double, minP: Double, maxP: Double,
                highlight: RGBA, plateau: Double = 0) {
        self.ux = ux
        self.uy = uy
        self.centre = centre
        self.halfWidth = halfWidth
        self.minP = minP
        self.maxP = maxP
        self.highlight = highlight
        peak = Float(plateau > 0 ? Double(highlight.a) / (plateau < 1 ? 1 - plateau : 1e-6) : Double(highlight.a))
    }

    /// Highlight alpha (0...highlight.a) at progress p: peak · k rounded, ties up, capped at highlight.a.
    @inline(__always)
    func level(_ p: Double) -> Int {
        if p < minP || p > maxP { return 0 }
        return level(distance: p < centre ? centre - p : p - centre)
    }

    /// A radial band's level at the pixel centre (x, y).
    @inline(__always)
    func level(x: Double, y: Double) -> Int {
        let dx = x - spotX, dy = y - spotY
        return level(distance: (dx * dx + dy * dy).squareRoot())
    }

    @inline(__always)
    private func level(distance: Double) -> Int {
        let k = 1 - distance / halfWidth
        if !(k > 0) { return 0 }
        let level = Int(Double(peak) * k + 0.5)
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
