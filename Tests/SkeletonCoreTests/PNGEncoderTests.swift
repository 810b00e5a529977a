import Testing
@testable import SkeletonCore

@Suite struct PNGEncoderTests {
    /// Pinned digests of what the encoder stores (Golden.storedContent: chunks and raw
    /// rows, independent of deflate's matches and the row filters), so a change in
    /// format choice, palette order, packing or APNG framing is caught. To update
    /// deliberately, see Goldens.swift (SKELSITE_UPDATE_GOLDENS=1).
    @Test func encodingsMatchPinnedStoredContent() throws {
        let noise = PNGTestImages.noise(width: 31, height: 17, seed: 9)
        let noiseContent = try Golden.storedContent(PNGEncoder.encode(noise))
        // RGBA rows unfiltered are the pixels themselves: the helper reads what was stored.
        #expect(Array(noiseContent.suffix(noise.pixels.count)) == noise.pixels)
        Golden.check("encode noise (RGBA)", Golden.digest(noiseContent), pinned: "crc32 ffb22671, 2129 bytes")
        Golden.check("encode gradient (RGB)",
                     Golden.digest(try Golden.storedContent(PNGEncoder.encode(PNGTestImages.gradient(width: 90, height: 40)))),
                     pinned: "crc32 743c7e12, 10821 bytes")
        Golden.check("encode card (palette)",
                     Golden.digest(try Golden.storedContent(PNGEncoder.encode(PNGTestImages.card(width: 64, height: 30, colours: 40)))),
                     pinned: "crc32 5de88cea, 2112 bytes")
        Golden.check("encode card (2 colours)",
                     Golden.digest(try Golden.storedContent(PNGEncoder.encode(PNGTestImages.card(width: 40, height: 20, colours: 1)))),
                     pinned: "crc32 95f9775f, 136 bytes")
        let frames = PNGTestImages.movingMark()
        Golden.check("encode APNG (4 frames)",
                     Golden.digest(try Golden.storedContent(PNGEncoder.encodeAnimated(frames, delayMilliseconds: 120))),
                     pinned: "crc32 0f6180cb, 3816 bytes")
    }

    /// The golden's view ignores compression and filtering: the same image re-stored
    /// with filter None on every row, in stored (uncompressed) deflate blocks, gives the
    /// same stored content from different bytes.
    @Test func storedContentIgnoresCompressionAndFilters() throws {
        let image = PNGTestImages.gradient(width: 90, height: 40)
        let png = PNGEncoder.encode(image)
        let chunks = try #require(pngChunks(png))
        let idat = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
        let rowBytes = 90 * 3
        var raw = try Inflate.zlibDecompress(idat, expectedSize: 40 * (rowBytes + 1))
        #expect((0..<40).contains { raw[$0 * (rowBytes + 1)] != 0 })  // the encoder did filter
        try raw.withUnsafeMutableBufferPointer { buffer throws(PNGError) in
            try PNGUnfilter.unfilter(buffer.baseAddress!, rows: 40, rowBytes: rowBytes, stride: 3, firstRow: 0)
        }
        for r in 0..<40 { raw[r * (rowBytes + 1)] = 0 }
        var stored: [UInt8] = [0x78, 0x01]
        var offset = 0
        while offset < raw.count {
            let n = min(65_535, raw.count - offset)
            stored.append(offset + n == raw.count ? 1 : 0)
            stored += [UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            stored += raw[offset..<(offset + n)]
            offset += n
        }
        stored.appendBigEndian32(Adler32.checksum(raw))
        var rebuilt = CraftedPNG()
        for chunk in chunks where chunk.type != "IDAT" && chunk.type != "IEND" { rebuilt.chunk(chunk.type, chunk.data) }
        rebuilt.chunk("IDAT", stored)
        rebuilt.chunk("IEND", [])
        #expect(rebuilt.bytes != png)
        #expect(try PNGDecoder.decode(rebuilt.bytes) == image)
        #expect(try Golden.storedContent(rebuilt.bytes) == Golden.storedContent(png))
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
        let frames = PNGTestImages.movingMark()
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
