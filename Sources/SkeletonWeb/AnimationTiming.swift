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

    /// The `animation-delay` that makes a CSS animation show the painter's phase
    /// (t − offset) mod T at time t (T: the whole cycle, `Animation.period`): offset
    /// mod T, moved into (−T, 0] so the animation
    /// is already running at t = 0 (a positive delay would show the start frame
    /// instead of the phase the painter draws).
    static func phaseDelay(offset: Double, animation: Animation) -> Double {
        guard let wrapped = animation.timeInCycle(at: offset) else { return 0 }
        let duration = animation.period
        // 1 µs below T is rounding noise of a whole number of periods.
        if wrapped <= 1e-9 || wrapped >= duration - 1e-9 { return 0 }
        return wrapped - duration
    }
}
