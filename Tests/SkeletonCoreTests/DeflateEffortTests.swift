import Testing
@testable import SkeletonCore

/// The match finder's `goodLength` cut (a quarter of the chain left once a match is
/// that long): whatever it finds, the stream inflates to the input, byte for byte.
@Suite struct DeflateEffortTests {
    /// Rows like a skeleton frame's: each the one before with a few bytes changed, so
    /// most positions have long matches at several distances.
    static func rows(count: Int, length: Int, seed: UInt32) -> [UInt8] {
        var row = PNGTestImages.noiseBytes(count: length, seed: seed).map { $0 & 0x0F }
        var out: [UInt8] = []
        var state = seed
        for _ in 0..<count {
            for _ in 0..<3 {
                state = state &* 1_664_525 &+ 1_013_904_223
                row[Int(state >> 8) % length] &+= 1
            }
            out += row
        }
        return out
    }

    @Test(arguments: [(40, 300, UInt32(7)), (200, 97, 11), (1, 70_000, 3)])
    func everyEffortRoundTrips(rows count: Int, length: Int, seed: UInt32) throws {
        let data = Self.rows(count: count, length: length, seed: seed)
        for good in [3, 16, 64, 258] {
            let effort = Deflate.Effort(goodLength: good)
            let zlib = Deflate.zlibCompress(data, effort: effort)
            #expect(try Inflate.zlibDecompress(zlib, expectedSize: data.count) == data, "goodLength \(good)")
            #expect(Deflate.zlibCompress(data, effort: effort) == zlib, "goodLength \(good) is deterministic")
        }
    }

    @Test func theDefaultCutsTheSearchAtLength64() {
        #expect(Deflate.Effort().goodLength == 64)
    }
}
