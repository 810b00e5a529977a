import Testing
@testable import SkeletonCore

/// `PNGStoredFrames` skips runs four pixels a step; whatever it skips, its palette and
/// index planes equal a plain per-pixel lookup followed by `finish` (its invariant).
@Suite struct PNGStoredFramesTests {
    /// The reference: every pixel looked up in order.
    static func perPixel(_ frames: [RGBAImage]) -> (colours: [UInt32], planes: [[UInt8]])? {
        var palette = ColourPalette()
        var planes: [[UInt8]] = []
        for frame in frames {
            var plane: [UInt8] = []
            for i in 0..<frame.width * frame.height {
                let p = Array(frame.pixels[i * 4 ..< i * 4 + 4])
                let colour = UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16 | UInt32(p[3]) << 24
                guard let index = palette.provisionalIndex(inserting: UInt32(littleEndian: colour)) else { return nil }
                plane.append(index)
            }
            planes.append(plane)
        }
        let order = palette.finish()
        for k in planes.indices { order.remap(&planes[k]) }
        return (palette.colours, planes)
    }

    /// Rows that repeat, rows that differ only in their last or first pixel, a run that
    /// crosses a row end, one-pixel-wide and one-row images, translucent colours.
    static func images() -> [(String, [RGBAImage])] {
        func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> [UInt8]) -> RGBAImage {
            var pixels: [UInt8] = []
            for y in 0..<height { for x in 0..<width { pixels += pixel(x, y) } }
            return RGBAImage(width: width, height: height, pixels: pixels)
        }
        let red: [UInt8] = [255, 0, 0, 255], blue: [UInt8] = [0, 0, 255, 255], clear: [UInt8] = [0, 0, 0, 0]
        let band = image(13, 9) { x, _ in [UInt8(x * 19), 40, 60, 255] }  // every row the same, every column new
        let lastDiffers = image(10, 6) { x, y in x == 9 && y % 2 == 1 ? blue : red }
        let firstDiffers = image(10, 6) { x, y in x == 0 && y == 3 ? clear : red }
        let runAcrossRows = image(7, 5) { x, y in (y * 7 + x) >= 5 && (y * 7 + x) < 26 ? blue : [UInt8(x), UInt8(y), 9, 128] }
        let column = image(1, 8) { _, y in y < 4 ? red : blue }
        let row = image(9, 1) { x, _ in x % 3 == 0 ? clear : red }
        return [("band", [band]), ("last pixel differs", [lastDiffers]), ("first pixel differs", [firstDiffers]),
                ("run across rows", [runAcrossRows]), ("one column", [column]), ("one row", [row]),
                ("frames", [band, image(13, 9) { x, y in x == y ? clear : [UInt8(x * 19), 40, 60, 255] }, band]),
                ("card", [PNGTestImages.card(width: 57, height: 23, colours: 40)])]
    }

    @Test func indexPlanesEqualAPerPixelLookup() throws {
        for (name, frames) in Self.images() {
            let stored = PNGStoredFrames(frames)
            let reference = try #require(Self.perPixel(frames), "\(name)")
            guard case .palette(let palette) = stored.format else {
                Issue.record("\(name): not indexed")
                continue
            }
            #expect(palette.colours == reference.colours, "\(name)")
            #expect(stored.indexPlanes == reference.planes, "\(name)")
        }
    }
}
