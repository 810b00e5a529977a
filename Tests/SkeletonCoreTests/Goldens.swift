import Foundation
import Testing
@testable import SkeletonCore

/// Pinned digests ("goldens") of fixed renders and encodings, so that a change in
/// the bytes is caught even when every run of the process agrees with itself.
///
/// A golden is CRC-32 and length of the bytes, e.g. "crc32 1a2b3c4d, 4800 bytes".
///
/// To change one deliberately (the pixels or the stored format changed on purpose):
/// run the tests with SKELSITE_UPDATE_GOLDENS=1, e.g.
///
///     SKELSITE_UPDATE_GOLDENS=1 swift test --skip-build --filter 'PaintTests|PNGEncoderTests'
///
/// Each golden check then prints `golden NAME: "VALUE"` instead of failing; paste the
/// values into the tests and say in the commit why the bytes changed.
enum Golden {
    static let updating = ProcessInfo.processInfo.environment["SKELSITE_UPDATE_GOLDENS"] == "1"

    static func digest(_ bytes: [UInt8]) -> String {
        let crc = CRC32.checksum(bytes)
        let digits = Array("0123456789abcdef")
        let hex = String((0..<8).map { digits[Int(crc >> UInt32(28 - 4 * $0) & 15)] })
        return "crc32 \(hex), \(bytes.count) bytes"
    }

    /// Digest of an image: its size, then its RGBA bytes.
    static func digest(_ image: RGBAImage) -> String {
        var bytes: [UInt8] = []
        bytes.appendBigEndian32(UInt32(image.width))
        bytes.appendBigEndian32(UInt32(image.height))
        return digest(bytes + image.pixels)
    }

    static func check(_ name: String, _ actual: String, pinned: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if updating {
            print("golden \(name): \"\(actual)\"")
            return
        }
        #expect(actual == pinned, "golden \(name) changed; if on purpose, see Goldens.swift", sourceLocation: sourceLocation)
    }

    /// What a PNG stores, without how it is compressed: every chunk but IEND in order,
    /// each as its type and data, except that image data (IDAT, or fdAT without its
    /// sequence number) is inflated and unfiltered to the raw rows in the file's pixel
    /// format. So it pins the encoder's choices of colour type, bit depth, palette and
    /// its order, transparency, animation frames and their rectangles, and the packed
    /// pixels, but not the deflate match choices or the per-row filter choice (both
    /// free to change without changing a single decoded pixel).
    static func storedContent(_ png: [UInt8]) throws -> [UInt8] {
        let chunks = try #require(pngChunks(png))
        let header = try PNGHeader(try #require(chunks.first { $0.type == "IHDR" }).data)
        var out: [UInt8] = []
        var frame = (width: header.width, height: header.height)
        var pending: [UInt8] = []
        func flush() throws {
            guard !pending.isEmpty else { return }
            let rowBytes = header.rowBytes(width: frame.width)
            var data = try Inflate.zlibDecompress(pending, expectedSize: frame.height * (rowBytes + 1))
            try data.withUnsafeMutableBufferPointer { buffer throws(PNGError) in
                try PNGUnfilter.unfilter(buffer.baseAddress!, rows: frame.height, rowBytes: rowBytes,
                                         stride: header.filterStride, firstRow: 0)
            }
            out += Array("rows".utf8)
            for r in 0..<frame.height {
                out += data[(r * (rowBytes + 1) + 1)..<((r + 1) * (rowBytes + 1))]
            }
            pending = []
        }
        var previousType = ""
        for chunk in chunks where chunk.type != "IEND" {
            if chunk.type != previousType { try flush() }
            previousType = chunk.type
            switch chunk.type {
            case "IDAT":
                pending += chunk.data
            case "fdAT":
                pending += chunk.data[4...]
            default:
                if chunk.type == "fcTL" { frame = (bigEndian32(chunk.data, 4), bigEndian32(chunk.data, 8)) }
                out += Array(chunk.type.utf8) + chunk.data
            }
        }
        try flush()
        return out
    }
}
