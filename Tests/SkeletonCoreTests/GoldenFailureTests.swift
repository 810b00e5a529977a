import Foundation
import Testing
@testable import SkeletonCore

/// What a failing image golden leaves behind (Goldens.swift): the three PNGs, the
/// diff drawn by our own PixelDiff.
@Suite struct GoldenFailureTests {
    @Test func failureWritesExpectedDiffAndActual() throws {
        let expected = RGBAImage(width: 6, height: 4, pixels: [UInt8](repeating: 255, count: 6 * 4 * 4))
        var actual = expected
        for x in 2..<4 {  // two pixels of row 1 turn black
            let i = (1 * 6 + x) * 4
            actual.pixels.replaceSubrange(i..<(i + 3), with: [0, 0, 0])
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skelsite-golden-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Golden.writeFailure("paint card @1x", expected: expected, actual: actual, into: folder) == folder)
        func read(_ suffix: String) throws -> RGBAImage {
            try PNGDecoder.decode([UInt8](Data(contentsOf: folder.appendingPathComponent("paint-card-1x-" + suffix))))
        }
        #expect(try read("expected.png") == expected)
        #expect(try read("actual.png") == actual)
        let diff = try read("diff.png")
        var red: [Int] = []
        for p in 0..<24 where diff.pixels[(p * 4)..<(p * 4 + 4)] == [255, 0, 0, 255] { red.append(p) }
        #expect(red == [8, 9])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                == ["paint-card-1x-actual.png", "paint-card-1x-diff.png", "paint-card-1x-expected.png"])
    }

    @Test func fileStemsAreLowerCaseWords() {
        #expect(Golden.fileStem("paint shimmer 112.5deg light @1x") == "paint-shimmer-112-5deg-light-1x")
        #expect(Golden.fileStem("  Encode APNG (4 frames) ") == "encode-apng-4-frames")
    }
}
