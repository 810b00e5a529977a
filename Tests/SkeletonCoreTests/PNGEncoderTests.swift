import Testing
@testable import SkeletonCore

@Suite struct PNGEncoderTests {
    @Test func sameImageGivesSameBytes() {
        for image in [PNGTestImages.noise(width: 31, height: 17, seed: 9),
                      PNGTestImages.gradient(width: 90, height: 40),
                      PNGTestImages.card(width: 64, height: 30, colours: 40)] {
            #expect(PNGEncoder.encode(image) == PNGEncoder.encode(image))
        }
    }

    @Test func flatImageUsesCompressedBlocksAndIsTiny() throws {
        // 300 distinct-ish grey levels would defeat the palette; use a gradient row
        // repeated so the data is RGB with long repeats.
        let image = PNGTestImages.flat(width: 512, height: 512, rgba: [230, 232, 236, 255])
        let png = PNGEncoder.encode(image)
        let chunks = try #require(pngChunks(png))
        #expect(chunks.map(\.type) == ["IHDR", "PLTE", "IDAT", "IEND"])
        let idat = chunks[2].data
        #expect(idat[0] == 0x78 && idat[1] == 0x9C)
        // BTYPE is bits 1-2 of the first block byte: 0 would mean stored.
        #expect((idat[2] >> 1) & 3 != 0)
        #expect(png.count < 400)  // raw RGBA is 1 MiB
    }

    @Test func opaqueManyColoursIsRGBAndNoiseIsRGBA() throws {
        let rgb = try #require(pngChunks(PNGEncoder.encode(PNGTestImages.gradient(width: 90, height: 40))))
        #expect(rgb[0].data[8] == 8 && rgb[0].data[9] == 2)
        let rgba = try #require(pngChunks(PNGEncoder.encode(PNGTestImages.noise(width: 20, height: 20, seed: 3))))
        #expect(rgba[0].data[8] == 8 && rgba[0].data[9] == 6)
        let gradientIDAT = rgb.filter { $0.type == "IDAT" }.reduce(0) { $0 + $1.data.count }
        #expect(gradientIDAT < 90 * 40 * 3 / 4)  // a smooth gradient compresses at least 4:1
    }

    @Test func fewColoursUseSmallestPaletteDepth() throws {
        let two = PNGTestImages.card(width: 40, height: 20, colours: 1)  // white + one translucent grey
        let chunks = try #require(pngChunks(PNGEncoder.encode(two)))
        #expect(Array(chunks[0].data[8...9]) == [1, 3])  // 1-bit indexed
        #expect(chunks[1].type == "PLTE" && chunks[1].data.count == 6)
        #expect(chunks[2].type == "tRNS" && chunks[2].data == [200])  // translucent entry first
    }

    @Test func animatedStructure() throws {
        let base = PNGTestImages.gradient(width: 40, height: 30)
        var frames: [RGBAImage] = []
        for f in 0..<3 {
            var frame = base
            for x in 10..<14 { frame.pixels[((5 + f) * 40 + x) * 4] = 1 }
            frames.append(frame)
        }
        frames.append(frames[2])  // an unchanged frame
        let chunks = try #require(pngChunks(PNGEncoder.encodeAnimated(frames, delayMilliseconds: 120)))
        #expect(chunks.map(\.type) == ["IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"])
        let actl = chunks[1].data
        #expect(bigEndian32(actl, 0) == 4 && bigEndian32(actl, 4) == 0)
        var sequences: [Int] = []
        for chunk in chunks where chunk.type == "fcTL" || chunk.type == "fdAT" {
            sequences.append(bigEndian32(chunk.data, 0))
        }
        #expect(sequences == Array(0..<7))
        // Frame 2 restores row 6 and marks row 7: rows 6...7, columns 10...13.
        let second = chunks[6].data
        #expect([bigEndian32(second, 4), bigEndian32(second, 8), bigEndian32(second, 12), bigEndian32(second, 16)]
                == [4, 2, 10, 6])
        #expect(Array(second[20...21]) == [0, 120] && Array(second[22...23]) == [3, 232])
        // Unchanged frame: 1x1 at the origin.
        let last = chunks[8].data
        #expect([bigEndian32(last, 4), bigEndian32(last, 8), bigEndian32(last, 12), bigEndian32(last, 16)] == [1, 1, 0, 0])
    }
}
