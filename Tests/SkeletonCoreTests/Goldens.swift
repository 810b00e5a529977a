import Foundation
import Testing
@testable import SkeletonCore
import TestSupport

/// Pinned digests ("goldens") of fixed renders and encodings, so that a change in
/// the bytes is caught even when every run of the process agrees with itself.
///
/// A golden is CRC-32 and length of the bytes, e.g. "crc32 1a2b3c4d, 4800 bytes".
/// A rendered image's golden also has a reference PNG in Tests/goldens/ (decoding to
/// exactly the pinned digest), so a failure can show what changed: like resvg's test
/// harness, it writes NAME-expected.png, NAME-diff.png (our own PixelDiff, pixelmatch's
/// picture: differences red over the faded expected image) and NAME-actual.png to a
/// folder it names in the failure (SKELSITE_GOLDEN_FAILURES, else
/// $TMPDIR/skelsite-golden-failures).
///
/// To change one deliberately (the pixels or the stored format changed on purpose):
/// run the tests with SKELSITE_UPDATE_GOLDENS=1, e.g.
///
///     SKELSITE_UPDATE_GOLDENS=1 swift test --skip-build --filter 'PaintTests|PNGEncoderTests'
///
/// Each golden check then prints `golden NAME: "VALUE"` instead of failing and
/// rewrites its reference PNG; paste the values into the tests and say in the commit
/// why the bytes changed.
enum Golden {
    static let updating = ProcessInfo.processInfo.environment["SKELSITE_UPDATE_GOLDENS"] == "1"

    /// Tests/goldens/, beside this test target.
    static let references = Repository.url("Tests/goldens")

    static var failures: URL {
        if let folder = ProcessInfo.processInfo.environment["SKELSITE_GOLDEN_FAILURES"], !folder.isEmpty {
            return URL(fileURLWithPath: folder)
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("skelsite-golden-failures")
    }

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

    /// Checks an image against its pinned digest and its reference PNG (which must
    /// decode to that digest); on a mismatch writes expected | diff | actual PNGs.
    static func check(_ name: String, image actual: RGBAImage, pinned: String,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let reference = references.appendingPathComponent(fileStem(name) + ".png")
        if updating {
            try FileManager.default.createDirectory(at: references, withIntermediateDirectories: true)
            try Data(PNGEncoder.encode(actual)).write(to: reference)
            print("golden \(name): \"\(digest(actual))\" (reference \(reference.path))")
            return
        }
        let expected = try PNGDecoder.decode([UInt8](Data(contentsOf: reference)))
        #expect(digest(expected) == pinned, "golden \(name): \(reference.path) is not the pinned image; see Goldens.swift",
                sourceLocation: sourceLocation)
        guard digest(actual) != pinned else { return }
        let folder = try writeFailure(name, expected: expected, actual: actual, into: failures)
        Issue.record("golden \(name) changed: expected | diff | actual in \(folder.path); if on purpose, see Goldens.swift",
                     sourceLocation: sourceLocation)
    }

    /// Writes NAME-expected.png, NAME-diff.png (when the sizes agree) and
    /// NAME-actual.png into `folder`, and returns it.
    static func writeFailure(_ name: String, expected: RGBAImage, actual: RGBAImage, into folder: URL) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let stem = folder.appendingPathComponent(fileStem(name)).path
        try Data(PNGEncoder.encode(expected)).write(to: URL(fileURLWithPath: stem + "-expected.png"))
        try Data(PNGEncoder.encode(actual)).write(to: URL(fileURLWithPath: stem + "-actual.png"))
        if expected.width == actual.width && expected.height == actual.height {
            var picture: RGBAImage? = RGBAImage(width: actual.width, height: actual.height)
            _ = PixelDiff.compare(expected, actual, output: &picture)
            if let picture { try Data(PNGEncoder.encode(picture)).write(to: URL(fileURLWithPath: stem + "-diff.png")) }
        }
        return folder
    }

    /// "paint shimmer 112.5deg light @1x" → "paint-shimmer-112-5deg-light-1x".
    static func fileStem(_ name: String) -> String {
        var stem = ""
        for scalar in name.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                stem.unicodeScalars.append(scalar)
            } else if !stem.isEmpty && !stem.hasSuffix("-") {
                stem += "-"
            }
        }
        return stem.hasSuffix("-") ? String(stem.dropLast()) : stem
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
