import SkeletonCore

/// The sweep axis of `shimmer` and `gradient` over a W × H component, exactly as
/// docs/rendering-rules.md defines it: u = (sin θ, −cos θ), p(x, y) = x·ux + y·uy,
/// [pmin, pmax] over the corners. v = (cos θ, sin θ) is u turned a quarter clockwise;
/// q(x, y) = x·vx + y·vy spans [qmin, qmax]. The matrix with columns u and v is a
/// rotation (determinant 1), so a layer whose local x runs along u and local y along v
/// is an ordinary CSS `matrix()` with no skew or mirror.
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
        let s = Trig.sin(degrees: angleDegrees)
        let c = Trig.cos(degrees: angleDegrees)
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

/// sin and cos of degrees from + − × ÷ only (no libm, see the rendering rules), exact at
/// multiples of 90° so the four axis directions give exactly axis-aligned sweeps.
enum Trig {
    static func sin(degrees: Double) -> Double {
        let (quadrant, rest) = reduce(degrees)
        switch quadrant {
        case 0: return sinQuarter(rest)
        case 1: return sinQuarter(90 - rest)
        case 2: return -sinQuarter(rest)
        default: return -sinQuarter(90 - rest)
        }
    }

    static func cos(degrees: Double) -> Double {
        sin(degrees: degrees + 90)
    }

    /// Quadrant 0...3 and remainder in [0, 90).
    private static func reduce(_ degrees: Double) -> (Int, Double) {
        guard degrees.isFinite else { return (0, 0) }
        var d = degrees - 360 * (degrees / 360).rounded(.down)
        if d < 0 || d >= 360 { d = 0 }
        let quadrant = min(3, Int(d / 90))
        return (quadrant, d - Double(quadrant) * 90)
    }

    /// sin of r degrees for 0 <= r <= 90: Taylor series on at most π/4 radians.
    private static func sinQuarter(_ r: Double) -> Double {
        if r == 0 { return 0 }
        if r == 90 { return 1 }
        let radians = (r <= 45 ? r : 90 - r) * 3.141592653589793 / 180
        return r <= 45 ? series(radians, odd: true) : series(radians, odd: false)
    }

    private static func series(_ x: Double, odd: Bool) -> Double {
        let x2 = x * x
        var term = odd ? x : 1.0
        var sum = term
        var n = odd ? 1.0 : 0.0
        for _ in 0..<10 {
            term = -term * x2 / ((n + 1) * (n + 2))
            sum += term
            n += 2
        }
        return sum
    }
}
