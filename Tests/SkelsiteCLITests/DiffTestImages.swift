import SkeletonCore
import TestSupport

/// The generator behind the synthetic pictures (TestSupport's SplitMix64), so they are
/// the same on every run.
typealias DiffRandom = SplitMix64

extension SplitMix64 {
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

/// Synthetic test pictures with the features pixelmatch cares about: flat areas,
/// anti-aliased edges (4x4 supersampled coverage), thin lines, translucency.
enum DiffTestImages {
    static func filled(_ width: Int, _ height: Int, _ colour: [UInt8]) -> RGBAImage {
        RGBAImage(width: width, height: height,
                  pixels: Array(Array(repeating: colour, count: width * height).joined()))
    }

    /// Composites `colour` with coverage 0...1 over the pixel at (x, y), straight alpha.
    static func blend(_ image: inout RGBAImage, _ x: Int, _ y: Int, _ colour: [UInt8], _ coverage: Double) {
        guard coverage > 0 else { return }
        let i = (y * image.width + x) * 4
        let sa = Double(colour[3]) / 255 * coverage
        let da = Double(image.pixels[i + 3]) / 255
        let oa = sa + da * (1 - sa)
        for c in 0..<3 {
            let value = oa == 0 ? 0 : (Double(colour[c]) * sa + Double(image.pixels[i + c]) * da * (1 - sa)) / oa
            image.pixels[i + c] = UInt8((value).rounded())
        }
        image.pixels[i + 3] = UInt8((oa * 255).rounded())
    }

    /// Paints every pixel whose 4x4 sub-samples fall inside `inside`.
    static func paint(_ image: inout RGBAImage, _ colour: [UInt8], _ inside: (Double, Double) -> Bool) {
        for y in 0..<image.height {
            for x in 0..<image.width {
                var hits = 0
                for sy in 0..<4 {
                    for sx in 0..<4 where inside(Double(x) + (Double(sx) + 0.5) / 4, Double(y) + (Double(sy) + 0.5) / 4) {
                        hits += 1
                    }
                }
                blend(&image, x, y, colour, Double(hits) / 16)
            }
        }
    }

    static func roundedBox(_ image: inout RGBAImage, x: Double, y: Double, w: Double, h: Double,
                           radius: Double, colour: [UInt8]) {
        paint(&image, colour) { px, py in
            guard px >= x, px <= x + w, py >= y, py <= y + h else { return false }
            let cx = min(max(px, x + radius), x + w - radius)
            let cy = min(max(py, y + radius), y + h - radius)
            return (px - cx) * (px - cx) + (py - cy) * (py - cy) <= radius * radius
        }
    }

    static func line(_ image: inout RGBAImage, from a: (Double, Double), to b: (Double, Double),
                     width: Double, colour: [UInt8]) {
        paint(&image, colour) { px, py in
            let dx = b.0 - a.0, dy = b.1 - a.1
            let t = max(0, min(1, ((px - a.0) * dx + (py - a.1) * dy) / (dx * dx + dy * dy)))
            let ex = a.0 + t * dx - px, ey = a.1 + t * dy - py
            return ex * ex + ey * ey <= width * width / 4
        }
    }

    /// A skeleton-like frame: a card with an avatar circle and text bars, offset by `dx`.
    static func skeletonFrame(_ width: Int, _ height: Int, dx: Double = 0, dy: Double = 0,
                              base: [UInt8] = [0xDE, 0xDE, 0xE3, 255],
                              background: [UInt8] = [255, 255, 255, 255]) -> RGBAImage {
        var image = filled(width, height, background)
        roundedBox(&image, x: 2 + dx, y: 2 + dy, w: 14, h: 14, radius: 7, colour: base)
        roundedBox(&image, x: 19 + dx, y: 3 + dy, w: Double(width) - 24, h: 5, radius: 2.5, colour: base)
        roundedBox(&image, x: 19 + dx, y: 11 + dy, w: Double(width) * 0.45, h: 5, radius: 2.5, colour: base)
        roundedBox(&image, x: 2 + dx, y: 20 + dy, w: Double(width) - 6, h: Double(height) - 24, radius: 4, colour: base)
        return image
    }

    /// A shimmer band: white at up to `strength` alpha, a triangle profile centred at `centre`.
    static func withBand(_ source: RGBAImage, centre: Double, halfWidth: Double, strength: Double) -> RGBAImage {
        var image = source
        for y in 0..<image.height {
            for x in 0..<image.width {
                let k = max(0, 1 - abs(Double(x) + 0.5 - centre) / halfWidth)
                blend(&image, x, y, [255, 255, 255, 255], k * strength)
            }
        }
        return image
    }

    static func noise(_ width: Int, _ height: Int, _ random: inout DiffRandom, opaque: Bool) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<pixels.count { pixels[i] = (opaque && i % 4 == 3) ? 255 : random.byte() }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Moves each byte of a random third of the pixels by up to ±`amount`.
    static func nudged(_ source: RGBAImage, _ random: inout DiffRandom, amount: Int, keepAlpha: Bool) -> RGBAImage {
        var image = source
        for p in 0..<(image.width * image.height) where random.below(3) == 0 {
            for c in 0..<4 where !(keepAlpha && c == 3) {
                let value = Int(image.pixels[p * 4 + c]) + random.below(2 * amount + 1) - amount
                image.pixels[p * 4 + c] = UInt8(max(0, min(255, value)))
            }
        }
        return image
    }
}
