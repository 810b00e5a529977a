/// The sweep axis of `shimmer` and `gradient` over a W × H box, as
/// docs/rendering-rules.md ("Animations") defines it: u = (sin θ, −cos θ) for the CSS
/// angle θ (90° points right), p(x, y) = x·ux + y·uy, and [pMin, pMax] the range of p
/// over the box's corners. v = (cos θ, sin θ) is u turned a quarter clockwise and
/// q(x, y) = x·vx + y·vy spans [qMin, qMax]; the matrix with columns u and v is a
/// rotation, so the CSS emitter can place a layer along the axis with a plain
/// `matrix()`.
///
/// The painter measures it in pixels (W and H times the scale), the CSS in points;
/// sin and cos are the project's own (DeterministicMath), so native and wasm agree bit
/// for bit.
public struct SweepAxis: Equatable, Sendable {
    public let ux: Double
    public let uy: Double
    public let vx: Double
    public let vy: Double
    public let pMin: Double
    public let pMax: Double
    public let qMin: Double
    public let qMax: Double

    public init(angleDegrees: Double, width: Double, height: Double) {
        let s = DeterministicMath.sin(degrees: angleDegrees)
        let c = DeterministicMath.cos(degrees: angleDegrees)
        // −0 and +0 give the same sums; +0 keeps printed values and tests readable.
        ux = s == 0 ? 0 : s
        uy = c == 0 ? 0 : -c
        vx = c == 0 ? 0 : c
        vy = ux
        (pMin, pMax) = Self.range(width * ux, height * uy)
        (qMin, qMax) = Self.range(width * vx, height * vy)
    }

    /// Smallest and largest of 0, a, b and a + b: a linear function over the corners
    /// (0, 0), (W, 0), (0, H) and (W, H) whose values at the middle two are a and b.
    private static func range(_ a: Double, _ b: Double) -> (Double, Double) {
        var low = 0.0
        var high = 0.0
        for value in [a, b, a + b] {
            low = min(low, value)
            high = max(high, value)
        }
        return (low, high)
    }

    /// L, the length the sweep travels over the box.
    public var length: Double { pMax - pMin }

    /// The box point at sweep coordinate p and cross coordinate q.
    public func point(p: Double, q: Double) -> (x: Double, y: Double) {
        (p * ux + q * vx, p * uy + q * vy)
    }

    /// The point at sweep coordinate p on the axis through the box's middle: where a
    /// radial band's centre is when the sweep has brought it to p.
    public func middle(p: Double) -> (x: Double, y: Double) {
        point(p: p, q: (qMin + qMax) / 2)
    }

    /// The top-left corner of a radial band's square layer, `diameter` wide, before the
    /// sweep moves it: the disc's centre a radius before pmin, not yet over the box.
    public func discStart(diameter: Double) -> (x: Double, y: Double) {
        let centre = middle(p: pMin - diameter / 2)
        return (centre.x - diameter / 2, centre.y - diameter / 2)
    }
}
