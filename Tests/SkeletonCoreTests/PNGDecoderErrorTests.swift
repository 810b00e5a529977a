import Testing
@testable import SkeletonCore

/// Each decoder error on a crafted file, with its exact case.
@Suite struct PNGDecoderErrorTests {
    /// 2x1 8-bit grey: two rows bytes [filter 0, a, b].
    static let greyHeader = CraftedPNG.ihdr(width: 2, height: 1, depth: 8, colourType: 0)
    static let greyData: [UInt8] = [0, 10, 20]
    static var validGrey: [UInt8] {
        CraftedPNG.file(greyHeader, zlib: Deflate.zlibCompress(greyData))
    }

    func expectError(_ bytes: [UInt8], maxPixels: Int = Limits.maxPNGPixels, _ expected: PNGError,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: expected, sourceLocation: sourceLocation) {
            _ = try PNGDecoder.decode(bytes, maxPixels: maxPixels)
        }
    }

    @Test func validBaselineDecodes() throws {
        let image = try PNGDecoder.decode(Self.validGrey)
        #expect(image.pixels == [10, 10, 10, 255, 20, 20, 20, 255])
    }

    @Test func framingErrors() {
        var wrongSignature = Self.validGrey
        wrongSignature[1] = 0x51
        expectError(wrongSignature, .badSignature)
        expectError([0x89, 0x50], .badSignature)
        // Cut inside the IDAT chunk's data.
        let png = Self.validGrey
        let idatStart = 8 + 25
        expectError(Array(png[0..<(idatStart + 10)]), .truncatedChunk("IDAT"))
        expectError(Array(png[0..<(idatStart + 5)]), .truncatedChunk("?"))
        var badCRC = png
        badCRC[8 + 8 + 3] ^= 1  // a byte of IHDR's width
        expectError(badCRC, .badCRC(chunk: "IHDR"))
        var badIDATCRC = png
        badIDATCRC[idatStart + 9] ^= 0x40
        expectError(badIDATCRC, .badCRC(chunk: "IDAT"))
        var badType = png
        badType[idatStart + 4] = 0x31
        expectError(badType, .badChunkType)
    }

    @Test func missingAndMisplacedChunks() {
        let zlib = Deflate.zlibCompress(Self.greyData)
        var noIHDR = CraftedPNG()
        noIHDR.chunk("IDAT", zlib)
        noIHDR.chunk("IEND", [])
        expectError(noIHDR.bytes, .missingChunk("IHDR"))
        var noIDAT = CraftedPNG()
        noIDAT.chunk("IHDR", Self.greyHeader)
        noIDAT.chunk("IEND", [])
        expectError(noIDAT.bytes, .missingChunk("IDAT"))
        let full = Self.validGrey
        expectError(Array(full[0..<(full.count - 12)]), .missingChunk("IEND"))
        let indexed = CraftedPNG.ihdr(width: 2, height: 1, depth: 8, colourType: 3)
        expectError(CraftedPNG.file(indexed, zlib: zlib), .missingChunk("PLTE"))
        var twoHeaders = CraftedPNG()
        twoHeaders.chunk("IHDR", Self.greyHeader)
        twoHeaders.chunk("IHDR", Self.greyHeader)
        expectError(twoHeaders.bytes, .misplacedChunk("IHDR"))
        var critical = CraftedPNG()
        critical.chunk("IHDR", Self.greyHeader)
        critical.chunk("ABCD", [1, 2])
        expectError(critical.bytes, .unknownCriticalChunk("ABCD"))
        var split = CraftedPNG()
        split.chunk("IHDR", Self.greyHeader)
        split.chunk("IDAT", Array(zlib[0..<3]))
        split.chunk("tEXt", Array("a\u{0}b".utf8))
        split.chunk("IDAT", Array(zlib[3...]))
        split.chunk("IEND", [])
        expectError(split.bytes, .misplacedChunk("IDAT"))
    }

    @Test func headerFieldErrors() {
        let zlib = Deflate.zlibCompress(Self.greyData)
        func check(_ ihdr: [UInt8], _ field: String) {
            expectError(CraftedPNG.file(ihdr, zlib: zlib), .badHeader(field))
        }
        check(CraftedPNG.ihdr(width: 0, height: 1, depth: 8, colourType: 0), "IHDR width 0")
        check(CraftedPNG.ihdr(width: 1, height: 0x8000_0000, depth: 8, colourType: 0), "IHDR height 2147483648")
        check(CraftedPNG.ihdr(width: 2, height: 1, depth: 3, colourType: 2), "IHDR bit depth 3 for colour type 2")
        check(CraftedPNG.ihdr(width: 2, height: 1, depth: 16, colourType: 3), "IHDR bit depth 16 for colour type 3")
        check(CraftedPNG.ihdr(width: 2, height: 1, depth: 8, colourType: 5), "IHDR colour type 5")
        check(CraftedPNG.ihdr(width: 2, height: 1, depth: 8, colourType: 0, compression: 1), "IHDR compression method 1")
        check(CraftedPNG.ihdr(width: 2, height: 1, depth: 8, colourType: 0, filter: 2), "IHDR filter method 2")
        check(CraftedPNG.ihdr(width: 2, height: 1, depth: 8, colourType: 0, interlace: 2), "IHDR interlace method 2")
        check(Array(Self.greyHeader[0..<12]), "IHDR length 12 (must be 13)")
        var png = CraftedPNG()
        png.chunk("IHDR", CraftedPNG.ihdr(width: 2, height: 1, depth: 8, colourType: 3))
        png.chunk("PLTE", [1, 2, 3, 4])
        expectError(png.bytes, .badHeader("PLTE length 4"))
        var trns = CraftedPNG()
        trns.chunk("IHDR", Self.greyHeader)
        trns.chunk("tRNS", [0, 1, 2])
        expectError(trns.bytes, .badHeader("tRNS length 3 for greyscale (must be 2)"))
    }

    @Test func hugeDimensionsRejectedFromTheHeaderAlone() {
        // No IDAT at all: the error must come from IHDR, before any data or allocation.
        var png = CraftedPNG()
        png.chunk("IHDR", CraftedPNG.ihdr(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF, depth: 16, colourType: 6))
        png.chunk("IEND", [])
        expectError(png.bytes, .tooLarge(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF, maxPixels: Limits.maxPNGPixels))
        // Just over a caller's limit, with a valid-looking stream attached.
        let file = CraftedPNG.file(CraftedPNG.ihdr(width: 101, height: 100, depth: 8, colourType: 0),
                                   zlib: Deflate.zlibCompress([0]))
        expectError(file, maxPixels: 10_000, .tooLarge(width: 101, height: 100, maxPixels: 10_000))
        #expect(PNGError.tooLarge(width: 101, height: 100, maxPixels: 10_000).message
                == "image 101x100 exceeds the limit of 10000 pixels")
    }

    @Test func zlibWrapperErrors() {
        let good = Deflate.zlibCompress(Self.greyData)
        func withZlib(_ z: [UInt8]) -> [UInt8] { CraftedPNG.file(Self.greyHeader, zlib: z) }
        var method = good
        method[0] = 0x79
        method[1] = 0x9C
        expectError(withZlib(method), .badZlibHeader("compression method 9, not 8 (deflate)"))
        var window = good
        window[0] = 0x88
        expectError(withZlib(window), .badZlibHeader("window size exponent 8 above 7"))
        var check = good
        check[1] = 0x9D
        expectError(withZlib(check), .badZlibHeader("check bits (FCHECK) wrong"))
        // FDICT set, with check bits made valid so the dictionary is what fails.
        var dict = good
        dict[1] = 0x20
        while (0x78 << 8 | Int(dict[1])) % 31 != 0 { dict[1] += 1 }
        expectError(withZlib(dict), .badZlibHeader("preset dictionary not allowed"))
        var adler = good
        adler[adler.count - 1] ^= 0xFF
        let computed = Adler32.checksum(Self.greyData)
        expectError(withZlib(adler), .badAdler32(expected: computed ^ 0xFF, actual: computed))
        expectError(withZlib(Array(good[0..<(good.count - 2)])), .truncatedData)
        expectError(withZlib([0x78]), .truncatedData)
    }

    @Test func deflateBlockErrors() {
        func withDeflate(_ raw: [UInt8]) -> [UInt8] {
            CraftedPNG.file(Self.greyHeader, zlib: zlibWrap(raw, adlerOf: Self.greyData))
        }
        // BFINAL=1, BTYPE=3.
        expectError(withDeflate([0b111]), .badBlockType)
        // Stored block, LEN=3, NLEN not its complement.
        expectError(withDeflate([0b001, 3, 0, 0xFC, 0x00] + Self.greyData), .badStoredLength)
        // Stored block that is longer than the image needs (4 bytes for 3).
        expectError(withDeflate([0b001, 4, 0, 0xFB, 0xFF, 0, 10, 20, 30]), .tooMuchData(expected: 3))

        // Dynamic block whose code-length code has four codes of one bit.
        var w = BitWriter(reservingCapacity: 8)
        w.write(1, 1); w.write(2, 2)
        w.write(0, 5); w.write(0, 5); w.write(0, 4)  // HLIT 257, HDIST 1, HCLEN 4
        for _ in 0..<4 { w.write(1, 3) }
        w.alignToByte()
        expectError(withDeflate(w.bytes), .badHuffmanCode("over-subscribed code lengths"))

        // Dynamic block whose first code length is symbol 16, "repeat the previous one".
        // Code-length code: symbols 16 and 0 with one bit each; canonical order gives
        // symbol 0 the code 0 and symbol 16 the code 1.
        var s = BitWriter(reservingCapacity: 8)
        s.write(1, 1); s.write(2, 2)
        s.write(0, 5); s.write(0, 5); s.write(0, 4)
        s.write(1, 3); s.write(0, 3); s.write(0, 3); s.write(1, 3)
        s.write(1, 1)  // code for symbol 16
        s.write(0, 2)
        s.alignToByte()
        expectError(withDeflate(s.bytes), .badHuffmanCode("repeat of a code length with none before it"))

        // Fixed block: literal 0, then a match of length 3 at distance 3 with one byte decoded.
        let lit = HuffmanBuilder.reversedCodes(FixedCodes.literalLengths)
        var f = BitWriter(reservingCapacity: 8)
        f.write(1, 1); f.write(1, 2)
        f.write(UInt32(lit[0]), 8)
        f.write(UInt32(lit[257]), 7)  // length 3
        f.write(UInt32(HuffmanDecoder.reverse(2, 5)), 5)  // distance code 2 = distance 3
        f.alignToByte()
        expectError(withDeflate(f.bytes), .distanceTooFar(distance: 3, available: 1))

        // Fixed block using reserved length symbol 286.
        var g = BitWriter(reservingCapacity: 8)
        g.write(1, 1); g.write(1, 2)
        g.write(UInt32(lit[286]), 8)
        g.alignToByte()
        expectError(withDeflate(g.bytes), .badHuffmanCode("literal/length symbol 286 is reserved"))
    }

    @Test func imageDataErrors() {
        func file(_ data: [UInt8]) -> [UInt8] { CraftedPNG.file(Self.greyHeader, zlib: Deflate.zlibCompress(data)) }
        expectError(file([0, 1, 2, 3]), .tooMuchData(expected: 3))
        expectError(file([0, 1]), .tooLittleData(expected: 3, actual: 2))
        expectError(file([5, 1, 2]), .badFilterType(type: 5, row: 0))
        let indexed = CraftedPNG.file(CraftedPNG.ihdr(width: 2, height: 1, depth: 8, colourType: 3),
                                      plte: [9, 9, 9, 8, 8, 8], zlib: Deflate.zlibCompress([0, 1, 7]))
        expectError(indexed, .paletteIndexOutOfRange(index: 7, paletteSize: 2))
    }

    @Test func messagesNameTheProblem() {
        #expect(PNGError.badCRC(chunk: "IDAT").message == "CRC mismatch in IDAT chunk")
        #expect(PNGError.badAdler32(expected: 0x0102_0304, actual: 0xDEAD_BEEF).message
                == "Adler-32 mismatch: stored 0x01020304, computed 0xdeadbeef")
        #expect(PNGError.distanceTooFar(distance: 3, available: 1).message
                == "deflate distance 3 reaches before the start of the data (1 bytes decoded)")
        #expect(PNGError.badFilterType(type: 5, row: 0).message == "invalid filter type 5 on scanline 0")
    }
}
