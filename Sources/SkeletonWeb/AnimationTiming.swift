import SkeletonCore

/// Timing helpers shared by the animation rules.
enum AnimationTiming {
    /// The CSS keyword of an easing (CSS defines exactly the cubic-béziers the
    /// rendering rules name).
    static func keyword(_ easing: Easing) -> String {
        switch easing {
        case .linear: return "linear"
        case .easeIn: return "ease-in"
        case .easeOut: return "ease-out"
        case .easeInOut: return "ease-in-out"
        }
    }

    /// The keyword of `easing` played forwards, or backwards in time (a return leg,
    /// `CycleKey.backwards`): cubic-bezier(x1, y1, x2, y2) mirrored is
    /// (1 − x2, 1 − y2, 1 − x1, 1 − y1), which swaps ease-in and ease-out and leaves
    /// linear and ease-in-out as they are.
    static func keyword(_ easing: Easing, backwards: Bool) -> String {
        guard backwards else { return keyword(easing) }
        switch easing {
        case .easeIn: return keyword(.easeOut)
        case .easeOut: return keyword(.easeIn)
        case .linear, .easeInOut: return keyword(easing)
        }
    }

    /// The iteration count of the `animation` shorthand, with its leading space:
    /// `infinite`, or `iterations=`. No fill mode is needed: after the last cycle (and
    /// before a delayed start) the layer and the shape show their own style, the band
    /// outside the start edge and the pulse at `from`, which is the end state.
    static func count(_ animation: Animation) -> String {
        animation.iterations > 0 ? " " + String(animation.iterations) : " infinite"
    }

    /// The band layer's gradient after its angle: transparent, the highlight, transparent;
    /// with `intensity=` the highlight is held from --sk-i0 to --sk-i1, which `bandHold`
    /// sets. (Positions as variables: the Nu Html Checker refuses a var() colour with a
    /// plain percentage, site/guides/accessibility.md.)
    static func bandStops(_ animation: Animation) -> String {
        bandHold(animation).isEmpty ? "var(--sk-h0),var(--sk-h),var(--sk-h0)"
            : "var(--sk-h0),var(--sk-h) var(--sk-i0),var(--sk-h) var(--sk-i1),var(--sk-h0)"
    }

    /// How the band layer paints: a stripe's gradient across the layer, or for a radial
    /// band (site/reference/animation.md, "A radial band") the highlight cut to a disc by
    /// a mask that falls from the layer's middle to its sides, held out to `intensity`
    /// of the radius. A mask's alpha scales the highlight's as the stripe's gradient to
    /// its clear end does; and the Nu checker's CSS validator, which the site's pages
    /// must pass, rejects var() colours inside radial-gradient().
    static func bandPaint(_ animation: Animation) -> [String] {
        guard isRadial(animation) else { return ["background:linear-gradient(90deg," + bandStops(animation) + ")"] }
        let held = animation.intensity > 0 ? " " + CSSNumber.percent(100 * animation.intensity) : ""
        let disc = "radial-gradient(closest-side,#000" + held + ",#0000)"
        return ["background:var(--sk-h)", "-webkit-mask-image:" + disc, "mask-image:" + disc]
    }

    static func isRadial(_ animation: Animation) -> Bool {
        animation.kind == .shimmer && animation.bandShape == .radial
    }

    /// The declarations of the held stretch: none without `intensity=` (or off a
    /// shimmer's stripe; a radial band writes its own stop).
    static func bandHold(_ animation: Animation) -> [String] {
        let i = animation.kind == .shimmer && animation.bandShape == .linear ? animation.intensity : 0
        guard i > 0 else { return [] }
        return ["--sk-i0:" + CSSNumber.percent(50 - 50 * i), "--sk-i1:" + CSSNumber.percent(50 + 50 * i)]
    }

    /// The `animation-delay` that makes a CSS animation show the painter's phase
    /// (t − offset) mod T at time t (T: the whole cycle, `Animation.period`): offset
    /// mod T, moved into (−T, 0] so the animation
    /// is already running at t = 0 (a positive delay would show the start frame
    /// instead of the phase the painter draws).
    ///
    /// With `iterations=` the count runs from each shape's own start, so the delay is
    /// the offset itself (the painter's `Animation.isAtRest`).
    static func phaseDelay(offset: Double, animation: Animation) -> Double {
        if animation.iterations > 0 { return offset }
        guard let wrapped = animation.timeInCycle(at: offset) else { return 0 }
        let duration = animation.period
        // 1 µs below T is rounding noise of a whole number of periods.
        if wrapped <= 1e-9 || wrapped >= duration - 1e-9 { return 0 }
        return wrapped - duration
    }
}
