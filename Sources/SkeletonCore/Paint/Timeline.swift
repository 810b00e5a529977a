/// The animation's geometry and timing for one component: the sweep axis over the
/// component (in pixels) and the band or opacity at a time.
struct Timeline {
    let animation: Animation
    /// The sweep axis over the component, in pixels.
    let axis: SweepAxis

    init(_ animation: Animation, width: Double, height: Double, scale: Double) {
        self.animation = animation
        axis = SweepAxis(angleDegrees: animation.angle, width: width * scale, height: height * scale)
    }

    /// Fraction of the cycle at time t: (t mod T) / T, in [0, 1).
    func cycle(at t: Double) -> Double? {
        guard let wrapped = animation.timeInCycle(at: t) else { return nil }
        let f = wrapped / animation.duration
        return f < 0 ? 0 : (f >= 1 ? 0 : f)
    }

    func shimmerSweep(at t: Double, _ highlight: RGBA) -> Sweep? {
        let length = axis.length
        let band = animation.band * length
        guard length > 0, band > 0, let f = cycle(at: t) else { return nil }
        let e = EasingCurve.value(animation.easing, at: f)
        let centre = axis.pMin - band / 2 + e * (length + band)
        return Sweep(ux: axis.ux, uy: axis.uy, centre: centre, halfWidth: band / 2, minP: axis.pMin,
                     maxP: axis.pMax, highlight: highlight)
    }

    func gradientSweep(_ highlight: RGBA) -> Sweep? {
        let length = axis.length
        guard length > 0 else { return nil }
        return Sweep(ux: axis.ux, uy: axis.uy, centre: axis.pMin + length / 2, halfWidth: length / 2,
                     minP: axis.pMin, maxP: axis.pMax, highlight: highlight)
    }

    /// Pulse opacity: 1 at the cycle's start, down to Defaults.pulseMinOpacity at its
    /// middle (eased in-out), back to 1.
    func pulseOpacity(at t: Double) -> Double {
        guard let f = cycle(at: t) else { return 1 }
        let phase = f < 0.5 ? 2 * f : 2 - 2 * f
        return 1 - (1 - Defaults.pulseMinOpacity) * EasingCurve.value(Defaults.pulseEasing, at: phase)
    }
}
