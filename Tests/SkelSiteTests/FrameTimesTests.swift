import Testing
import SkelsiteStore

/// A cache head's frame times are read in place (`CacheEntryFile.frameTimes`); each must
/// be the very double `Double(_:)` reads from the same text, or a rebuild's pages would
/// differ from a cold build's.
@Suite struct FrameTimesTests {
    /// What the head decoder read before: split at commas, each piece read as a double.
    static func bySplitting(_ text: String) -> [Double] {
        text.split(separator: ",").compactMap { Double($0) }
    }

    static func inPlace(_ text: String) -> [Double] {
        Array(text.utf8).withUnsafeBufferPointer { CacheEntryFile.frameTimes($0) }
    }

    @Test(arguments: [
        "", "0", "0.0", "0.1,0.2,0.3", "1.3,2.6", "0.1666666666666666", "0.16666666666666666",
        "123456789012345", "1234567890123456", "0.000000000000001", "00.50", "5.", ".5", "-0.25", "1e-3",
        "nan", "inf", "0x1p-2", ",,0.5,", "0.5,,x,2", "1.2.3", " 1", "999999999999999.9",
        "0.30000000000000004", "2.675", "0.7000000000000001",
        // Too many digits for a whole number of 64 bits: read by Double(_:), never overflowed.
        "123456789012345678901234567890", "0.123456789012345678901234567890",
    ])
    func eachPieceReadsAsDoubleReadsIt(text: String) {
        let expected = Self.bySplitting(text)
        let found = Self.inPlace(text)
        #expect(found.count == expected.count)
        for (a, b) in zip(found, expected) { #expect(a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN), "\(text)") }
    }

    /// The times a build writes: every double's shortest text, as `CacheMeta` writes them.
    @Test func writtenTimesReadBackExactly() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var times: [Double] = []
        for step in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let unit = Double(state >> 11) / Double(1 << 53)
            // Round figures (a step of a duration) and arbitrary ones.
            times.append(step % 2 == 0 ? (unit * 1000).rounded() / 1000 * Double(step % 7 + 1) : unit * 10)
        }
        let text = times.map { String($0) }.joined(separator: ",")
        let found = Self.inPlace(text)
        #expect(found.count == times.count)
        #expect(zip(found, times).allSatisfy { $0.bitPattern == $1.bitPattern })
    }
}
