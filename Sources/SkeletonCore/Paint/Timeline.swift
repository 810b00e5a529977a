/// The animation's geometry and timing for one component: the sweep axis over the
/// component (in pixels) and the band or opacity at a time.
struct Timeline {
    let animation: Animation
    let ux: Double
    let uy: Double
    /// Progress range over the component's corners, in pixels.
    let pMin: Double
    let pMax: Double

    init(_ animation: Animation, width: Double, height: Double, scale: Double) {
        self.animation = animation
        // u = (sin θ, −cos θ): CSS gradient angles, 90° pointing right.
        let ux = DeterministicMath.sin(degrees: animation.angle)
        let uy = -DeterministicMath.cos(degrees: animation.angle)
        // −0 would make no difference to the arithmetic, but +0 keeps tests readable.
        self.ux = ux == 0 ? 0 : ux
        self.uy = uy == 0 ? 0 : uy
        let w = width * scale
        let h = height * scale
        let corners = [0, w * self.ux, h * self.uy, w * self.ux + h * self.uy]
        var lo = corners[0]
        var hi = corners[0]
        for c in corners {
            lo = min(lo, c)
            hi = max(hi, c)
        }
        pMin = lo
        pMax = hi
    }

    /// Fraction of the cycle at time t: (t mod T) / T, in [0, 1).
    func cycle(at t: Double) -> Double? {
        let period = animation.duration
        guard period > 0, period.isFinite, t.isFinite else { return nil }
        let wrapped = t - period * (t / period).rounded(.down)
        let f = wrapped / period
        return f < 0 ? 0 : (f >= 1 ? 0 : f)
    }

    func shimmerSweep(at t: Double, _ highlight: RGBA) -> Sweep? {
        let length = pMax - pMin
        let band = animation.band * length
        guard length > 0, band > 0, let f = cycle(at: t) else { return nil }
        let e = EasingCurve.value(animation.easing, at: f)
        let centre = pMin - band / 2 + e * (length + band)
        return Sweep(ux: ux, uy: uy, centre: centre, halfWidth: band / 2, minP: pMin, maxP: pMax, highlight: highlight)
    }

    func gradientSweep(_ highlight: RGBA) -> Sweep? {
        let length = pMax - pMin
        guard length > 0 else { return nil }
        return Sweep(ux: ux, uy: uy, centre: pMin + length / 2, halfWidth: length / 2, minP: pMin, maxP: pMax,
                     highlight: highlight)
    }

    /// Pulse opacity: 1 at the cycle's start, down to Defaults.pulseMinOpacity at its
    /// middle (eased in-out), back to 1.
    func pulseOpacity(at t: Double) -> Double {
        guard let f = cycle(at: t) else { return 1 }
        let phase = f < 0.5 ? 2 * f : 2 - 2 * f
        return 1 - (1 - Defaults.pulseMinOpacity) * EasingCurve.value(Defaults.pulseEasing, at: phase)
    }
}
