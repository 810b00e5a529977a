import Testing
@testable import SkeletonCore

@Suite struct PNGRoundTripTests {
    /// Images covering every stored format the encoder picks.
    static var images: [(String, RGBAImage)] {
        var palette256: [UInt8] = []
        for i in 0..<(64 * 40) {
            let c = UInt8(i % 256)
            palette256 += [c, c &* 3, 255 - c, 255]
        }
        var colours257 = palette256
        colours257[0] = 1  // (1, 0, 255, 255) is new: 257 colours, stored as RGB
        return [
            ("flat", PNGTestImages.flat(width: 300, height: 200, rgba: [12, 34, 56, 255])),
            ("flatTransparent", PNGTestImages.flat(width: 17, height: 3, rgba: [0, 0, 0, 0])),
            ("noise", PNGTestImages.noise(width: 123, height: 77, seed: 42)),
            ("gradient", PNGTestImages.gradient(width: 255, height: 130)),
            ("alphaGradient", PNGTestImages.alphaGradient(width: 99, height: 61)),
            ("card2", PNGTestImages.card(width: 50, height: 20, colours: 1)),
            ("card4", PNGTestImages.card(width: 51, height: 21, colours: 3)),
            ("card16", PNGTestImages.card(width: 53, height: 19, colours: 15)),
            ("card200", PNGTestImages.card(width: 260, height: 30, colours: 200)),
            ("palette256", RGBAImage(width: 64, height: 40, pixels: palette256)),
            ("colours257", RGBAImage(width: 64, height: 40, pixels: colours257)),
            ("onePixel", PNGTestImages.flat(width: 1, height: 1, rgba: [1, 2, 3, 4])),
            ("wide", PNGTestImages.noise(width: 5000, height: 1, seed: 7)),
            ("tall", PNGTestImages.gradient(width: 1, height: 700)),
        ]
    }

    @Test(arguments: images.map(\.0))
    func encodedImageDecodesToSamePixels(name: String) throws {
        let image = try #require(Self.images.first { $0.0 == name }?.1)
        let decoded = try PNGDecoder.decode(PNGEncoder.encode(image))
        #expect(decoded.width == image.width && decoded.height == image.height)
        #expect(decoded.pixels == image.pixels)
    }

    @Test func storedFormatFollowsColours() throws {
        func ihdr(_ name: String) throws -> [UInt8] {
            let image = try #require(Self.images.first { $0.0 == name }?.1)
            return try #require(pngChunks(PNGEncoder.encode(image)))[0].data
        }
        #expect(Array(try ihdr("card4")[8...9]) == [2, 3])
        #expect(Array(try ihdr("card16")[8...9]) == [4, 3])
        #expect(Array(try ihdr("palette256")[8...9]) == [8, 3])
        #expect(Array(try ihdr("colours257")[8...9]) == [8, 2])
        #expect(Array(try ihdr("alphaGradient")[8...9]) == [8, 6])
    }

    @Test func deflateRoundTripsVariedData() throws {
        var text: [UInt8] = []
        for i in 0..<40_000 { text += Array("line \(i % 977) of some repeated text\n".utf8) }
        let inputs: [[UInt8]] = [
            [],
            [7],
            [1, 2],
            [UInt8](repeating: 0, count: 300_000),  // distance-1 runs over several blocks
            PNGTestImages.noiseBytes(count: 100_000, seed: 5),  // incompressible: stored blocks
            text,  // > 1 MB, matches across the whole 32 KiB window
        ]
        for input in inputs {
            let z = Deflate.zlibCompress(input)
            #expect(try Inflate.zlibDecompress(z, expectedSize: input.count) == input)
        }
        let zeros = Deflate.zlibCompress([UInt8](repeating: 0, count: 300_000))
        #expect(zeros.count < 400)
        let noise = Deflate.zlibCompress(PNGTestImages.noiseBytes(count: 100_000, seed: 5))
        // Stored fallback: raw plus zlib header and trailer plus 5 bytes per block
        // (blocks hold at most 32768 symbols, so 4 blocks here).
        #expect(noise.count == 100_000 + 2 + 4 + 4 * 5)
    }

    /// Every insert policy (all positions, thinned, last few only) gives a stream that
    /// inflates to the input, on data made of long matches that are not runs.
    /// Sizes pinned (why: they show what thinning costs; all positions is smallest,
    /// the last few only is 60% larger, every 4th is within 6% of all).
    @Test(arguments: [(258, 1, 1698), (32, 4, 1786), (32, 7, 1846), (3, 4, 1786), (3, 1000, 2728)])
    func deflateRoundTripsUnderEveryInsertPolicy(maxInsertLength: Int, step: Int, size: Int) throws {
        let row = PNGTestImages.noiseBytes(count: 700, seed: 9)
        var rows: [UInt8] = []
        for index in 0..<120 {
            var copy = row
            copy[index * 5 % 700] = UInt8(index)  // one changed byte a row: matches of about 350
            rows += copy
        }
        // goodLength 258 (off), the chain and lazy limits the sizes were first pinned
        // with, no row stride: the sizes show the insert policy alone.
        let effort = Deflate.Effort(maxChain: 128, lazyBelow: 16, maxInsertLength: maxInsertLength,
                                    sparseInsertStep: step, goodLength: 258)
        let z = Deflate.zlibCompress(rows, effort: effort)
        #expect(try Inflate.zlibDecompress(z, expectedSize: rows.count) == rows)
        // The first row is noise (about 700 bytes); each later one a few matches and a
        // literal: about 2% of the 84,000 bytes.
        #expect(z.count == size)
    }

    @Test func animationDefaultImageIsFirstFrame() throws {
        let a = PNGTestImages.gradient(width: 30, height: 20)
        let b = PNGTestImages.alphaGradient(width: 30, height: 20)
        let decoded = try PNGDecoder.decode(PNGEncoder.encodeAnimated([a, b, a], delayMilliseconds: 40))
        #expect(decoded.pixels == a.pixels)
    }

    /// The tRNS key of a low-depth grey image compares against the raw sample.
    @Test func lowDepthGreyTransparencyKey() throws {
        // 4x1 2-bit grey: samples 0, 1, 2, 3 = one byte 0b00011011; key = 2.
        var png = CraftedPNG()
        png.chunk("IHDR", CraftedPNG.ihdr(width: 4, height: 1, depth: 2, colourType: 0))
        png.chunk("tRNS", [0, 2])
        png.chunk("IDAT", Deflate.zlibCompress([0, 0b0001_1011]))
        png.chunk("IEND", [])
        let image = try PNGDecoder.decode(png.bytes)
        #expect(image.pixels == [0, 0, 0, 255, 85, 85, 85, 255, 170, 170, 170, 0, 255, 255, 255, 255])
    }
}
