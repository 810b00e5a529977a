import Testing
@testable import SkeletonCore

/// Cross-checks of the exact coverage: against brute-force supersampling, and the
/// canvas's span shortcuts against the per-pixel formula.
@Suite struct PaintCoverageTests {
    /// Deterministic boxes of all shapes: thin, wide, tall, circles, fractional radii.
    static func boxes() -> [RoundedBox] {
        var state: UInt64 = 7
        func unit() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(UInt64(1) << 53)
        }
        var result: [RoundedBox] = []
        for index in 0..<40 {
            let w = 0.5 + unit() * 30
            let h = index % 5 == 0 ? w : 0.5 + unit() * 30
            let r = index % 4 == 0 ? min(w, h) / 2 : unit() * min(w, h) / 2
            result.append(RoundedBox(x: 1 + unit() * 4, y: 1 + unit() * 4, width: w, height: h, radius: r))
        }
        return result
    }

    @Test func coverageMatchesSupersampling() {
        let n = 64
        for box in Self.boxes().prefix(12) {
            for py in 0..<Int(box.y1 + 1) where py % 3 == 0 {
                for px in 0..<Int(box.x1 + 1) {
                    var inside = 0
                    for sy in 0..<n {
                        for sx in 0..<n {
                            let x = Double(px) + (Double(sx) + 0.5) / Double(n)
                            let y = Double(py) + (Double(sy) + 0.5) / Double(n)
                            if contains(box, x, y) { inside += 1 }
                        }
                    }
                    let sampled = Double(inside) / Double(n * n)
                    let exact = box.coverage(Double(px), Double(py), Double(px) + 1, Double(py) + 1)
                    // A 64×64 grid misjudges at most about 2·64 samples along an edge crossing.
                    #expect(abs(sampled - exact) < 0.02, "\(box) pixel \(px),\(py): \(sampled) vs \(exact)")
                }
            }
        }
    }

    func contains(_ b: RoundedBox, _ x: Double, _ y: Double) -> Bool {
        guard x >= b.x0, x <= b.x1, y >= b.y0, y <= b.y1 else { return false }
        let r = b.radius
        let cx = x < b.x0 + r ? b.x0 + r : (x > b.x1 - r ? b.x1 - r : x)
        let cy = y < b.y0 + r ? b.y0 + r : (y > b.y1 - r ? b.y1 - r : y)
        return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r
    }

    @Test func canvasSpansEqualPerPixelCoverage() {
        for box in Self.boxes() {
            var canvas = Canvas(width: 40, height: 40, background: RGBA(255, 255, 255))
            canvas.fill(box, colour: RGBA(0, 0, 0))
            for y in 0..<40 {
                for x in 0..<40 {
                    let cover = box.coverage(Double(x), Double(y), Double(x) + 1, Double(y) + 1)
                    let alpha = Int(255 * cover + 0.5)
                    let expected = UInt8((255 * (255 - alpha) + 127) / 255)
                    #expect(canvas.image.pixels[(y * 40 + x) * 4] == expected, "\(box) pixel \(x),\(y)")
                }
            }
        }
    }
}
