/// The animation's geometry and timing for one component: the sweep axis over the
/// component (in pixels) and the band or opacity at a time. Timing comes from the
/// rules in Rules/AnimationRhythm.swift (`Animation.amount(at:)`), shared with the CSS.
struct Timeline {
    let animation: Animation
    /// The sweep axis over the component, in pixels.
    let axis: SweepAxis
    let scale: Double

    init(_ animation: Animation, width: Double, height: Double, scale: Double) {
        self.animation = animation
        self.scale = scale
        axis = SweepAxis(angleDegrees: animation.angle, width: width * scale, height: height * scale)
    }

    /// Fraction of the whole cycle at time t: (t mod T) / T, in [0, 1).
    func cycle(at t: Double) -> Double? {
        guard let wrapped = animation.timeInCycle(at: t) else { return nil }
        let f = wrapped / animation.period
        return f < 0 ? 0 : (f >= 1 ? 0 : f)
    }

    /// Where a sweep runs for a shape with layout frame `frame` (points): the
    /// component's axis, or with `scope=shape` the shape's own box, shifted to the
    /// shape's place (p is measured from the component's origin). `shift` is the
    /// shape origin's p.
    private func sweepBox(_ frame: Rect) -> (axis: SweepAxis, shift: Double) {
        guard animation.scope == .shape else { return (axis, 0) }
        let own = SweepAxis(angleDegrees: animation.angle, width: frame.width * scale, height: frame.height * scale)
        return (own, frame.x * scale * own.ux + frame.y * scale * own.uy)
    }

    func shimmerSweep(at t: Double, over frame: Rect, _ highlight: RGBA) -> Sweep? {
        let (box, shift) = sweepBox(frame)
        let length = box.length
        let band = animation.band * length
        guard length > 0, band > 0, let e = animation.amount(at: t) else { return nil }
        let centre = box.pMin - band / 2 + e * (length + band)
        var sweep = Sweep(ux: axis.ux, uy: axis.uy, centre: centre + shift, halfWidth: band / 2, minP: axis.pMin,
                          maxP: axis.pMax, highlight: highlight, plateau: animation.intensity)
        if animation.bandShape == .radial {
            // The disc's centre: on the axis through the middle of the box it crosses.
            let spot = box.middle(p: centre)
            let origin = animation.scope == .shape ? (x: frame.x * scale, y: frame.y * scale) : (x: 0.0, y: 0.0)
            sweep.radial = true
            sweep.spotX = origin.x + spot.x
            sweep.spotY = origin.y + spot.y
        }
        return sweep
    }

    func gradientSweep(over frame: Rect, _ highlight: RGBA) -> Sweep? {
        let (box, shift) = sweepBox(frame)
        let length = box.length
        guard length > 0 else { return nil }
        return Sweep(ux: axis.ux, uy: axis.uy, centre: box.pMin + length / 2 + shift, halfWidth: length / 2,
                     minP: axis.pMin, maxP: axis.pMax, highlight: highlight)
    }

    /// Pulse opacity: `from` at the cycle's start, `to` at the pulse's middle.
    func pulseOpacity(at t: Double) -> Double {
        animation.pulseOpacity(at: t)
    }
}
