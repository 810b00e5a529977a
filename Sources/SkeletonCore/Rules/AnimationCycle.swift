extension Animation {
    /// Does the component change with time? Shimmer and pulse do, over a cycle of
    /// `duration` seconds; `none` and the static `gradient` do not, nor does an
    /// animation whose duration is not positive (it has no cycle to loop). The site
    /// makes a preview and a strip only for these, the CSS writes @keyframes only for
    /// these, and the playground redraws only these (wasm exports it as `moves`).
    public var moves: Bool {
        switch kind {
        case .shimmer, .pulse: return duration > 0 && duration.isFinite
        case .none, .gradient: return false
        }
    }

    /// t mod T: how far into its cycle the animation is at `time` seconds, in [0, T)
    /// up to rounding (docs/rendering-rules.md: "(t' mod T) / T"), T being the whole
    /// cycle, `period` (the duration, plus the interval, doubled by `repeat=reverse`).
    /// nil when there is no cycle (a duration that is not positive and finite) or
    /// `time` is not finite.
    public func timeInCycle(at time: Double) -> Double? {
        let period = self.period
        guard duration > 0, period > 0, period.isFinite, time.isFinite else { return nil }
        return time - period * (time / period).rounded(.down)
    }
}
