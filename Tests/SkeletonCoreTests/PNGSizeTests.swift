import Foundation
import Testing
import TestSupport
@testable import SkeletonCore

/// The size choices of the encoder (site/reference/output-folder.md, "PNG size"): palette bit depth,
/// row filters of indexed images, and the match finder's tries of the run and the rows
/// above. Whatever they choose, every file decodes to the same pixels, in our decoder
/// and in Pillow.
@Suite struct PNGSizeTests {
    /// An image of `colours` distinct opaque colours in vertical stripes of 3 pixels.
    static func stripes(width: Int, height: Int, colours: Int) -> RGBAImage {
        var pixels: [UInt8] = []
        for _ in 0..<height {
            for x in 0..<width {
                let c = (x / 3) % colours
                pixels += [UInt8(truncatingIfNeeded: c * 7), UInt8(255 - c), UInt8(c * 3 % 256), 255]  // G alone tells them apart
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// IHDR bit depth and colour type.
    static func depthAndType(_ png: [UInt8]) -> (UInt8, UInt8) { (png[24], png[25]) }

    /// The inflated IDAT data (filter bytes and rows, `size` bytes) of a still PNG.
    static func scanlines(_ png: [UInt8], size: Int) throws -> [UInt8] {
        var idat: [UInt8] = []
        var at = 8
        while at + 8 <= png.count {
            let length = Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3])
            if png[at + 4 ..< at + 8].elementsEqual("IDAT".utf8) { idat += png[at + 8 ..< at + 8 + length] }
            at += 12 + length
        }
        return try Inflate.zlibDecompress(idat, expectedSize: size)
    }

    /// Pillow's RGBA pixels of `png` (scripts/oracle/requirements.txt pins it), or nil
    /// with an issue recorded when python3 cannot read it.
    static func pillowRGBA(_ png: [UInt8]) throws -> [UInt8]? {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("png-size-\(getpid())-\(png.count).png")
        try Data(png).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c",
                             "import sys\nfrom PIL import Image\nim = Image.open(sys.argv[1]); im.load()\n"
                                 + "sys.stdout.buffer.write(im.convert('RGBA').tobytes())", file.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Issue.record("python3 with Pillow could not read the file (scripts/setup.sh --for test)")
            return nil
        }
        return [UInt8](data)
    }

    @Test(arguments: [(2, UInt8(1)), (3, 2), (4, 2), (5, 4), (16, 4), (17, 8), (256, 8)])
    func paletteBitDepthFitsTheColours(colours: Int, depth: UInt8) throws {
        // 61 pixels wide: rows end inside a byte at every depth below 8.
        let image = Self.stripes(width: 61, height: 9, colours: colours)
        let png = PNGEncoder.encode(image)
        #expect(Self.depthAndType(png) == (depth, 3))
        #expect(try PNGDecoder.decode(png) == image)
        if let pillow = try Self.pillowRGBA(png) { #expect(pillow == image.pixels, "Pillow reads depth \(depth)") }
    }

    @Test func twoColoursEncodeAtBitDepthOne() throws {
        let image = Self.stripes(width: 16, height: 2, colours: 2)
        let png = PNGEncoder.encode(image)
        #expect(Self.depthAndType(png) == (1, 3))
        // Per row: filter 0, then 16 one-bit indices (stripes of 3: 000 111 000 111 0000...).
        let rows = try Self.scanlines(png, size: 6)
        #expect(rows == [0, 0b0001_1100, 0b0111_0001, 0, 0b0001_1100, 0b0111_0001])
        #expect(try PNGDecoder.decode(png) == image)
        if let pillow = try Self.pillowRGBA(png) { #expect(pillow == image.pixels) }
    }

    /// Indexed rows are stored None, and a row equal to the one above is stored Up
    /// only when rows are at least 1024 bytes long.
    @Test(arguments: [(1023, UInt8(0)), (1024, 2)])
    func repeatedIndexedRowsAreUpOnlyWhenLong(width: Int, repeatedFilter: UInt8) throws {
        let image = Self.stripes(width: width, height: 3, colours: 200)
        let png = PNGEncoder.encode(image)
        #expect(Self.depthAndType(png) == (8, 3))
        let rows = try Self.scanlines(png, size: 3 * (width + 1))
        #expect([rows[0], rows[width + 1], rows[2 * (width + 1)]] == [0, repeatedFilter, repeatedFilter])
        #expect(try PNGDecoder.decode(png) == image)
    }

    /// Random images of few colours (indexed at every depth) and of many (RGB, RGBA),
    /// still and animated: every one decodes to its pixels.
    @Test func randomImagesRoundTrip() throws {
        var random = SplitMix64(seed: 0x41_2026)
        for round in 0..<60 {
            let width = Int(random.next() % 70) + 1, height = Int(random.next() % 40) + 1
            let colours = [2, 4, 16, 256, 100_000][round % 5]
            let opaque = round % 2 == 0
            var table: [[UInt8]] = []
            for _ in 0..<min(colours, 256) {
                let v = random.next()
                table.append([UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), opaque ? 255 : UInt8(v >> 24 & 0xFF)])
            }
            var pixels: [UInt8] = []
            var run = 0
            var current: [UInt8] = table[0]
            for _ in 0..<(width * height) {
                // Runs of a colour, as in skeleton frames, so matches of every kind occur.
                if run == 0 {
                    run = Int(random.next() % 12) + 1
                    let v = random.next()
                    current = colours > 256
                        ? [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), opaque ? 255 : UInt8(v >> 24 & 0xFF)]
                        : table[Int(v % UInt64(table.count))]
                }
                pixels += current
                run -= 1
            }
            let image = RGBAImage(width: width, height: height, pixels: pixels)
            #expect(try PNGDecoder.decode(PNGEncoder.encode(image)) == image, "round \(round) \(width)x\(height)")
            var shifted = image
            shifted.pixels.withUnsafeMutableBufferPointer { p in
                for i in stride(from: 0, to: p.count, by: 28) { p[i] = p[(i + 4) % p.count] }
            }
            let apng = PNGEncoder.encodeAnimated([image, shifted, image], delayMilliseconds: 50)
            #expect(try PNGDecoder.decode(apng) == image, "round \(round) APNG default image")
        }
    }

    /// Flat rows (a background with short marks, as a skeleton frame's) that each repeat
    /// the row two above with one byte changed: the hash chain of the background is full
    /// of run ends and misses many of those copies; tried directly they are found.
    /// Sizes pinned (why: they show what the tries save; a stride whose double is past
    /// the 32 KiB window tries one row back only, one past it none).
    @Test(arguments: [(0, 619), (301, 417), (20_000, 619), (40_000, 619)])
    func rowStrideTriesFindTheRowsAbove(rowStride: Int, size: Int) throws {
        var data: [UInt8] = []
        for index in 0..<80 {
            var row = [UInt8](repeating: 0, count: 300)
            for k in 0..<10 {
                let at = k * 30 + (index % 2) * 5 + k % 3
                row[at ..< at + 4] = [5, 6, UInt8(7 + k % 2), 8]
            }
            row[index * 7 % 300] = 9
            data += [0] + row
        }
        let effort = Deflate.Effort(rowStride: rowStride)
        let zlib = Deflate.zlibCompress(data, effort: effort)
        #expect(try Inflate.zlibDecompress(zlib, expectedSize: data.count) == data)
        #expect(Deflate.zlibCompress(data, effort: effort) == zlib, "deterministic")
        #expect(zlib.count == size)
    }

    @Test func theDefaultsSearchLazilyWithShortChains() {
        let effort = Deflate.Effort()
        #expect(effort.maxChain == 32)
        #expect(effort.lazyBelow == 258)
        #expect(effort.rowStride == 0)
        #expect(PNGEncoder.formatVersion == "png-2")
    }
}
