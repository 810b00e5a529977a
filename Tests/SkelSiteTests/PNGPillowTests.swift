import Foundation
import Testing
import SkeletonCore

/// The PNG codec against Pillow, both directions.
@Suite(.enabled(if: PNGPillowOracle.available, "python3 with Pillow (PIL) is not installed"))
struct PNGPillowTests {
    @Test func decoderMatchesPillowOnEveryColourTypeDepthAndInterlace() throws {
        let dir = try PNGPillowOracle.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let listing = try PNGPillowOracle.run([PNGPillowOracle.script, "corpus", dir.path])
        let lines = listing.split(separator: "\n")
        // 15 type/depth pairs x 2 interlace methods, 4 tRNS files, 6 saved by Pillow.
        #expect(lines.count == 40)
        for line in lines {
            let fields = line.split(separator: " ")
            let name = String(fields[0])
            let png = try [UInt8](Data(contentsOf: dir.appendingPathComponent("\(name).png")))
            let expected = try [UInt8](Data(contentsOf: dir.appendingPathComponent("\(name).rgba")))
            let image = try PNGDecoder.decode(png)
            #expect(image.width == Int(fields[1]) && image.height == Int(fields[2]), "\(name)")
            #expect(image.pixels == expected, "\(name)")
        }
    }

    /// Test images and the Pillow mode our stored format opens as.
    static func images() -> [(String, RGBAImage, String)] {
        var state: UInt32 = 99
        let noise = (0..<(45 * 31 * 4)).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        func make(_ w: Int, _ h: Int, _ f: (Int, Int) -> [UInt8]) -> RGBAImage {
            var p: [UInt8] = []
            for y in 0..<h { for x in 0..<w { p += f(x, y) } }
            return RGBAImage(width: w, height: h, pixels: p)
        }
        return [
            ("noise", RGBAImage(width: 45, height: 31, pixels: noise), "RGBA"),
            ("gradient", make(200, 90) { x, y in [UInt8(x), UInt8(y * 2), UInt8((x + y) % 256), 255] }, "RGB"),
            ("alpha", make(70, 40) { x, y in [UInt8(x * 3), 9, UInt8(y * 6), UInt8((x * 5 + y) % 256)] }, "RGBA"),
            ("twoColours", make(33, 7) { x, _ in x % 3 == 0 ? [0, 0, 0, 0] : [250, 250, 250, 255] }, "P"),
            ("sixteen", make(40, 12) { x, y in [UInt8((x + y) % 16 * 16), 100, 100, 255] }, "P"),
            ("translucentPalette", make(60, 20) { x, y in [UInt8(x % 10), 7, 7, UInt8(100 + y % 10)] }, "P"),
        ]
    }

    @Test(arguments: images().map(\.0))
    func pillowDecodesOurPNGToSamePixels(name: String) throws {
        let entry = try #require(Self.images().first { $0.0 == name })
        let image = entry.1
        let dir = try PNGPillowOracle.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("\(name).png")
        try Data(PNGEncoder.encode(image)).write(to: file)
        let prefix = dir.appendingPathComponent(name).path
        let info = try PNGPillowOracle.run([PNGPillowOracle.script, "decode", file.path, prefix])
        let fields = info.split(whereSeparator: { $0 == " " || $0 == "\n" })
        #expect(Array(fields[0...3]) == ["\(image.width)", "\(image.height)", "1", Substring(entry.2)])
        let pixels = try [UInt8](Data(contentsOf: URL(fileURLWithPath: prefix + ".0.rgba")))
        #expect(pixels == image.pixels)
    }

    @Test func pillowReadsOurAnimationFrameByFrame() throws {
        var frames: [RGBAImage] = []
        let base = Self.images()[2].1
        for f in 0..<5 {
            var frame = base
            for y in (f * 3)..<(f * 3 + 4) {
                for x in (10 + f)..<(25 + f) { frame.pixels[(y * base.width + x) * 4 + 3] = UInt8(f * 40) }
            }
            frames.append(frame)
        }
        frames.append(frames[4])  // unchanged frame
        let dir = try PNGPillowOracle.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("anim.png")
        try Data(PNGEncoder.encodeAnimated(frames, delayMilliseconds: 80)).write(to: file)
        let prefix = dir.appendingPathComponent("anim").path
        let info = try PNGPillowOracle.run([PNGPillowOracle.script, "decode", file.path, prefix])
        let fields = info.split(whereSeparator: { $0 == " " || $0 == "\n" })
        #expect(Array(fields[0...2]) == ["70", "40", "6"])
        for k in 0..<frames.count {
            let pixels = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(prefix).\(k).rgba")))
            #expect(pixels == frames[k].pixels, "frame \(k)")
        }
    }
}
