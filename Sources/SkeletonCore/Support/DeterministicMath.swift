// Trigonometry from + − × ÷ and IEEE square root only, so that native and wasm builds
// produce identical bits (libm's sin/cos/asin differ between platforms and versions).
// Every function here is a fixed sequence of correctly-rounded IEEE operations.

public enum DeterministicMath {
    public static let pi: Double = 3.141592653589793

    /// sin of an angle in degrees. Exact (0, ±1) at multiples of 90°, so that the
    /// axis-aligned shimmer directions give exactly axis-aligned sweeps.
    public static func sin(degrees: Double) -> Double {
        let (quadrant, rest) = reduceDegrees(degrees)
        switch quadrant {
        case 0: return sinReduced(rest)
        case 1: return cosReduced(rest)
        case 2: return -sinReduced(rest)
        default: return -cosReduced(rest)
        }
    }

    /// cos of an angle in degrees; see `sin(degrees:)`.
    public static func cos(degrees: Double) -> Double {
        let (quadrant, rest) = reduceDegrees(degrees)
        switch quadrant {
        case 0: return cosReduced(rest)
        case 1: return -sinReduced(rest)
        case 2: return -cosReduced(rest)
        default: return sinReduced(rest)
        }
    }

    /// Splits an angle into a quadrant 0...3 and a remainder in [0, 90) degrees.
    /// Non-finite input is treated as 0.
    private static func reduceDegrees(_ degrees: Double) -> (Int, Double) {
        guard degrees.isFinite else { return (0, 0) }
        var d = degrees - 360 * (degrees / 360).rounded(.down)
        if d >= 360 || d < 0 { d = 0 }
        let quadrant = Int(d / 90)
        return (min(quadrant, 3), d - Double(min(quadrant, 3)) * 90)
    }

    /// sin of r degrees, 0 <= r < 90, via symmetry onto [0, 45] and a Taylor series.
    private static func sinReduced(_ r: Double) -> Double {
        r <= 45 ? sinSeries(r * pi / 180) : cosSeries((90 - r) * pi / 180)
    }

    private static func cosReduced(_ r: Double) -> Double {
        r <= 45 ? cosSeries(r * pi / 180) : sinSeries((90 - r) * pi / 180)
    }

    /// Taylor series of sin for |x| <= π/4: the 11th term is below 1e-20.
    private static func sinSeries(_ x: Double) -> Double {
        let x2 = x * x
        var term = x
        var sum = x
        var n = 1.0
        for _ in 0..<10 {
            term = -term * x2 / ((n + 1) * (n + 2))
            sum += term
            n += 2
        }
        return sum
    }

    private static func cosSeries(_ x: Double) -> Double {
        let x2 = x * x
        var term = 1.0
        var sum = 1.0
        var n = 0.0
        for _ in 0..<10 {
            term = -term * x2 / ((n + 1) * (n + 2))
            sum += term
            n += 2
        }
        return sum
    }

    /// Arctangent in radians, accurate to about 1e-16 relative.
    public static func atan(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x < 0 { return -atan(-x) }
        if x > 1 {
            // atan(x) = π/2 − atan(1/x); also handles +infinity (1/x = 0).
            return pi / 2 - atanSmall(1 / x)
        }
        return atanSmall(x)
    }

    /// atan for 0 <= x <= 1: two half-angle steps bring x below tan(π/16) ≈ 0.199,
    /// where the alternating series converges fast.
    private static func atanSmall(_ x: Double) -> Double {
        var y = x
        y = y / (1 + (1 + y * y).squareRoot())
        y = y / (1 + (1 + y * y).squareRoot())
        let y2 = y * y
        var power = y
        var sum = y
        var sign = -1.0
        var k = 3.0
        for _ in 0..<12 {
            power *= y2
            sum += sign * power / k
            sign = -sign
            k += 2
        }
        return 4 * sum
    }

    /// Arcsine in radians for -1 <= x <= 1 (input clamped into that range).
    public static func asin(_ x: Double) -> Double {
        let c = x < -1 ? -1 : (x > 1 ? 1 : x)
        if c == 1 { return pi / 2 }
        if c == -1 { return -pi / 2 }
        return atan(c / ((1 - c) * (1 + c)).squareRoot())
    }
}
