import SkeletonCore

/// The sweep axis of `shimmer` and `gradient` over a W × H component, exactly as
/// docs/rendering-rules.md defines it: u = (sin θ, −cos θ), p(x, y) = x·ux + y·uy,
/// [pmin, pmax] over the corners. v = (cos θ, sin θ) is u turned a quarter clockwise;
/// q(x, y) = x·vx + y·vy spans [qmin, qmax]. The matrix with columns u and v is a
/// rotation (determinant 1), so a layer whose local x runs along u and local y along v
/// is an ordinary CSS `matrix()` with no skew or mirror. sin/cos are the painter's
/// own (DeterministicMath), so both use bit-identical axes.
struct SweepGeometry {
    var ux: Double
    var uy: Double
    var vx: Double
    var vy: Double
    var pmin: Double
    var pmax: Double
    var qmin: Double
    var qmax: Double

    init(angleDegrees: Double, width: Double, height: Double) {
        let s = DeterministicMath.sin(degrees: angleDegrees)
        let c = DeterministicMath.cos(degrees: angleDegrees)
        ux = s
        uy = -c
        vx = c
        vy = s
        let xs = [0, width, 0, width]
        let ys = [0, 0, height, height]
        var pLow = Double.infinity, pHigh = -Double.infinity
        var qLow = Double.infinity, qHigh = -Double.infinity
        for index in 0..<4 {
            let p = xs[index] * ux + ys[index] * uy
            let q = xs[index] * vx + ys[index] * vy
            pLow = min(pLow, p)
            pHigh = max(pHigh, p)
            qLow = min(qLow, q)
            qHigh = max(qHigh, q)
        }
        pmin = pLow
        pmax = pHigh
        qmin = qLow
        qmax = qHigh
    }

    /// L, the sweep length.
    var length: Double { pmax - pmin }

    /// The component point at sweep coordinate p and cross coordinate q.
    func point(p: Double, q: Double) -> (x: Double, y: Double) {
        (p * ux + q * vx, p * uy + q * vy)
    }
}
