/// One key moment of an animation's cycle (docs/rendering-rules.md, "Rhythm"). The
/// painter evaluates the keys at a time, the CSS writes them as @keyframes and the
/// SwiftUI export follows the same rule, so the three move alike.
public struct CycleKey: Equatable, Sendable {
    /// Where in the cycle, as a fraction of the period T (0 for the first key, 1 for
    /// the last).
    public var at: Double
    /// The animated amount at this key: a sweep's progress (0: the band wholly before
    /// the start edge, 1: wholly past the end edge) or a pulse's depth (0: `from`,
    /// 1: `to`).
    public var value: Double
    /// The curve from this key to the next (unused on the last key).
    public var easing: Easing
    /// True on a return leg: the outbound leg played backwards in time, so its curve is
    /// the easing mirrored (ease-in comes back as ease-out; CSS's `alternate`).
    public var backwards: Bool

    public init(at: Double, value: Double, easing: Easing, backwards: Bool = false) {
        self.at = at
        self.value = value
        self.easing = easing
        self.backwards = backwards
    }
}

extension Animation {
    /// T, the length of one full cycle in seconds: a sweep or a pulse (`duration`), then
    /// the rest (`interval`); with `repeat=reverse` a sweep goes out and comes back, so
    /// a shimmer's cycle is twice that. A pulse already comes back within its duration,
    /// so `reverse` does not lengthen it. The verify frames are at 0, T/4, T/2, 3T/4.
    public var period: Double {
        let leg = duration + interval
        return kind == .shimmer && repeatMode == .reverse ? 2 * leg : leg
    }

    /// The keys of one cycle, in order, first at 0 and last at 1. A key followed by one
    /// of the same value is a rest.
    ///
    /// - shimmer: progress 0 → 1 over `duration` with `easing`, a rest at 1 (the band
    ///   is past the end edge) for `interval`; with `reverse`, then back 1 → 0 (the same
    ///   sweep played backwards) and a rest at 0.
    /// - pulse: depth 0 → 1 over the first half of `duration` with `easing`, back to 0
    ///   over the second half (played backwards), a rest at 0 (`from`) for `interval`.
    /// - gradient and none: no cycle, no keys.
    public var cycleKeys: [CycleKey] {
        let total = period
        guard moves, total > 0, total.isFinite else { return [] }
        var keys: [CycleKey] = []
        var clock = 0.0
        func leg(_ length: Double, to value: Double, backwards: Bool) {
            let from = keys.last?.value ?? 0
            if keys.isEmpty { keys.append(CycleKey(at: 0, value: from, easing: easing)) }
            keys[keys.count - 1].easing = easing
            keys[keys.count - 1].backwards = backwards
            clock += length
            keys.append(CycleKey(at: clock / total, value: value, easing: .linear))
        }
        func rest() {
            guard interval > 0 else { return }
            keys[keys.count - 1].easing = .linear
            clock += interval
            keys.append(CycleKey(at: clock / total, value: keys[keys.count - 1].value, easing: .linear))
        }
        switch kind {
        case .shimmer:
            leg(duration, to: 1, backwards: false)
            rest()
            if repeatMode == .reverse {
                leg(duration, to: 0, backwards: true)
                rest()
            }
        case .pulse:
            leg(duration / 2, to: 1, backwards: false)
            leg(duration / 2, to: 0, backwards: true)
            rest()
        case .none, .gradient:
            return []
        }
        // Exactly 1, whatever the sums' rounding.
        keys[keys.count - 1].at = 1
        return keys
    }

    /// Is `time` (a shape's own clock, t − its stagger offset) outside the
    /// `iterations=` cycles it runs? Before its start and after N·T it rests in its
    /// end state, which is also its t = 0 state: no band, the pulse at `from`.
    public func isAtRest(at time: Double) -> Bool {
        iterations > 0 && (time < 0 || time >= Double(iterations) * period)
    }

    /// The animated amount (see `CycleKey.value`) at `time` seconds: the keys evaluated
    /// at f = (t mod T) / T. nil when nothing moves or `time` is not finite, or when
    /// a finite count has not started or has ended (`isAtRest`).
    public func amount(at time: Double) -> Double? {
        if isAtRest(at: time) { return nil }
        let keys = cycleKeys
        guard let wrapped = timeInCycle(at: time), keys.count >= 2 else { return nil }
        let raw = wrapped / period
        let f = raw < 0 ? 0 : (raw >= 1 ? 0 : raw)
        var index = 0
        while index + 2 < keys.count && f >= keys[index + 1].at { index += 1 }
        let start = keys[index]
        let end = keys[index + 1]
        let span = end.at - start.at
        guard span > 0 else { return end.value }
        let x = (f - start.at) / span
        if start.backwards {
            // Backwards in time: the outbound curve read from the far end.
            return end.value + (start.value - end.value) * EasingCurve.value(start.easing, at: 1 - x)
        }
        return start.value + (end.value - start.value) * EasingCurve.value(start.easing, at: x)
    }

    /// The pulse's shape opacity at `time`: `from` at the cycle's start, `to` at the
    /// middle of the pulse, `from` again and during the rest (`from` when nothing moves).
    public func pulseOpacity(at time: Double) -> Double {
        guard let depth = amount(at: time) else { return pulseFrom }
        return pulseFrom - (pulseFrom - pulseTo) * depth
    }
}
