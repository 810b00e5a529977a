/// CSS timing functions evaluated with plain arithmetic (no libm), so every platform
/// computes the same progress for the same time.
public enum EasingCurve {
    /// Eased progress for linear progress `x` in 0...1 (clamped).
    public static func value(_ easing: Easing, at x: Double) -> Double {
        switch easing {
        case .linear: return clamp(x)
        case .easeIn: return cubicBezier(0.42, 0, 1, 1, at: x)
        case .easeOut: return cubicBezier(0, 0, 0.58, 1, at: x)
        case .easeInOut: return cubicBezier(0.42, 0, 0.58, 1, at: x)
        }
    }

    /// CSS `cubic-bezier(x1, y1, x2, y2)` at `x`: finds the curve parameter s with
    /// X(s) = x by bisection (X is increasing for x1, x2 in [0, 1]), then returns Y(s).
    /// 60 halvings pin s far below a double's resolution of the unit interval.
    public static func cubicBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at xIn: Double) -> Double {
        let x = clamp(xIn)
        if x == 0 { return 0 }
        if x == 1 { return 1 }
        var lo = 0.0
        var hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if bezier(x1, x2, mid) < x { lo = mid } else { hi = mid }
        }
        return bezier(y1, y2, (lo + hi) / 2)
    }

    /// One coordinate of the Bézier from (0,0) to (1,1) with control values p1, p2.
    @inline(__always)
    static func bezier(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    static func clamp(_ x: Double) -> Double {
        x.isNaN ? 0 : (x < 0 ? 0 : (x > 1 ? 1 : x))
    }
}
