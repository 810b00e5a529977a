import Testing
@testable import SkeletonCore

/// Memory follows the data, not the header (site/reference/limits.md, "PNG decode
/// bounds"): a tiny file that claims a huge image is refused without reserving it.
@Suite struct PNGDecodeBoundsTests {
    /// IHDR 16384x16384 RGBA (1,073,758,208 bytes of scanlines), then an IDAT with a
    /// zlib header and one empty stored block: 65 bytes in all. Before, the decoder
    /// reserved (and zero-filled) the whole 1 GB before reading any data.
    static let hugeHeaderNoData: [UInt8] = CraftedPNG.file(
        CraftedPNG.ihdr(width: 16_384, height: 16_384, depth: 8, colourType: 6),
        zlib: [0x78, 0x01, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0x00])

    static let hugeDataSize = 16_384 * (16_384 * 4 + 1)

    @Test func theSixtyFiveByteFileIsRefusedAsTruncated() {
        #expect(Self.hugeHeaderNoData.count == 65)
        #expect(throws: PNGError.truncatedData) { try PNGDecoder.decode(Self.hugeHeaderNoData) }
        #expect(PNGError.truncatedData.message == "image data ends early (truncated zlib stream)")
    }

    @Test func itsInflateNeverReservesMoreThanTheFirstBuffer() throws {
        let idat = try #require(pngChunks(Self.hugeHeaderNoData)?.first { $0.type == "IDAT" }?.data)
        let output = InflateOutput(limit: Self.hugeDataSize)
        #expect(throws: PNGError.truncatedData) { try Inflate.zlibDecompress(idat, into: output) }
        #expect(output.count == 0)
        // What a 65-byte file can make the decoder reserve, whatever its header promises.
        #expect(output.peakCapacity == InflateOutput.initialCapacity)
        #expect(output.peakCapacity <= 64 * 1024)
    }

    /// A valid stream of 100,000 bytes where the header promises 1 GB: the exact
    /// shortfall is reported, and what was reserved is within twice what arrived.
    @Test func aShortStreamReservesAtMostTwiceWhatArrived() throws {
        let data = PNGTestImages.noiseBytes(count: 100_000, seed: 3)
        let output = InflateOutput(limit: Self.hugeDataSize)
        #expect(throws: PNGError.tooLittleData(expected: Self.hugeDataSize, actual: 100_000)) {
            try Inflate.zlibDecompress(Deflate.zlibCompress(data), into: output)
        }
        #expect(output.count == 100_000)
        #expect(output.peakCapacity == 131_072)
    }

    /// Growth never passes the limit, and a stream that fills it exactly is returned whole.
    @Test(arguments: [1, 65_536, 65_537, 300_001])
    func growthStopsAtTheExpectedSize(size: Int) throws {
        let data = (0..<size).map { UInt8(truncatingIfNeeded: $0 * 7 + $0 / 251) }
        let output = try Inflate.zlibDecompressGrowing(Deflate.zlibCompress(data), expectedSize: size)
        #expect(output.count == size)
        #expect(output.peakCapacity == size)
        #expect(Array(UnsafeBufferPointer(start: output.base, count: output.count)) == data)
    }

    /// One byte more than the header allows is still `tooMuchData`, with any growth.
    @Test func oneByteTooManyIsTooMuchData() {
        let data = [UInt8](repeating: 9, count: 70_000)
        #expect(throws: PNGError.tooMuchData(expected: 69_999)) {
            try Inflate.zlibDecompress(Deflate.zlibCompress(data), expectedSize: 69_999)
        }
    }
}
