import Testing
@testable import SkeletonCore

/// Small hand-computed cases: every expected byte below is derived in the comment next
/// to it from pixelmatch's formulas, not taken from running the code.
@Suite struct DiffPixelTests {
    static let black: [UInt8] = [0, 0, 0, 255]
    static let white: [UInt8] = [255, 255, 255, 255]
    static let red: [UInt8] = [255, 0, 0, 255]
    static let yellow: [UInt8] = [255, 255, 0, 255]
    /// Faded black: 255 + (0 - 255) * 0.1 = 229.5, truncated.
    static let fadedBlack: [UInt8] = [229, 229, 229, 255]
    /// Faded white: luma 255.0000025..., 255 + 0.00000026 -> 255.
    static let fadedWhite: [UInt8] = [255, 255, 255, 255]

    static func image(_ width: Int, _ height: Int, _ pixels: [[UInt8]]) -> RGBAImage {
        RGBAImage(width: width, height: height, pixels: pixels.flatMap { $0 })
    }

    @Test func identicalImagesDrawFadedGreyAndCountZero() {
        let half: [UInt8] = [0, 0, 0, 128]  // 255 - 255 * (0.1 * 128 / 255) = 242.2
        let a = Self.image(3, 1, [Self.black, Self.white, half])
        var output: RGBAImage? = RGBAImage(width: 3, height: 1)
        let result = PixelDiff.diff(a, a, output: &output)
        #expect(result == DiffResult(mismatchedPixels: 0, antialiasedPixels: 0, identical: true))
        #expect(output?.pixels == Self.fadedBlack + Self.fadedWhite + [242, 242, 242, 255])
    }

    @Test func colourChangeIsRedAndCounted() {
        // black -> red: squared YIQ distance about 10409, far above 35215 * 0.01.
        let a = Self.image(2, 1, [Self.white, Self.black])
        let b = Self.image(2, 1, [Self.white, Self.red])
        var output: RGBAImage? = RGBAImage(width: 2, height: 1)
        #expect(PixelDiff.compare(a, b, output: &output) == 1)
        #expect(output?.pixels == Self.fadedWhite + Self.red)
        #expect(PixelDiff.compare(a, b) == 1)
    }

    /// Columns black, black, grey, white, white; the grey column changes from 128 to
    /// 100 (luma delta 28: 0.5053 * 28^2 = 396 > 352.15). Each grey pixel has a darker
    /// neighbour (black) and a brighter one (white) sitting in flat areas: anti-aliasing.
    static func edge(grey: UInt8) -> RGBAImage {
        let g: [UInt8] = [grey, grey, grey, 255]
        let row = [black, black, g, white, white]
        return image(5, 5, Array(repeating: row, count: 5).flatMap { $0 })
    }

    @Test func antialiasedEdgeIsYellowAndNotCounted() {
        var output: RGBAImage? = RGBAImage(width: 5, height: 5)
        let result = PixelDiff.diff(Self.edge(grey: 128), Self.edge(grey: 100), output: &output)
        #expect(result == DiffResult(mismatchedPixels: 0, antialiasedPixels: 5, identical: false))
        let row = Self.fadedBlack + Self.fadedBlack + Self.yellow + Self.fadedWhite + Self.fadedWhite
        #expect(output?.pixels == Array(Array(repeating: row, count: 5).joined()))
    }

    @Test func includeAACountsTheEdge() {
        var output: RGBAImage? = RGBAImage(width: 5, height: 5)
        let options = DiffOptions(threshold: 0.1, includeAA: true)
        let result = PixelDiff.diff(Self.edge(grey: 128), Self.edge(grey: 100), options: options, output: &output)
        #expect(result == DiffResult(mismatchedPixels: 5, antialiasedPixels: 0, identical: false))
        let row = Self.fadedBlack + Self.fadedBlack + Self.red + Self.fadedWhite + Self.fadedWhite
        #expect(output?.pixels == Array(Array(repeating: row, count: 5).joined()))
    }

    @Test func thresholdAboveTheDeltaHidesTheChange() {
        // 396 < 35215 * 0.2^2 = 1408.6: within the threshold, even with includeAA.
        let options = DiffOptions(threshold: 0.2, includeAA: true)
        #expect(PixelDiff.compare(Self.edge(grey: 128), Self.edge(grey: 100), options: options) == 0)
    }

    @Test func diffMaskDrawsOnlyCountedDifferences() {
        var options = DiffOptions(threshold: 0, includeAA: false)
        options.diffMask = true
        let a = Self.image(3, 1, [Self.white, Self.black, Self.white])
        let b = Self.image(3, 1, [Self.white, Self.red, Self.white])
        let untouched: [UInt8] = [1, 2, 3, 4]
        var output: RGBAImage? = Self.image(3, 1, [untouched, untouched, untouched])
        #expect(PixelDiff.compare(a, b, options: options, output: &output) == 1)
        #expect(output?.pixels == untouched + Self.red + untouched)
    }

    @Test func translucentPixelsAreBlendedOverWhite() {
        // Fully transparent black and opaque white both blend to white: delta 0.
        let a = Self.image(1, 1, [[0, 0, 0, 0]])
        let b = Self.image(1, 1, [Self.white])
        #expect(PixelDiff.compare(a, b, options: DiffOptions(threshold: 0)) == 0)
    }

    @Test func outputOfTheWrongSizeIsReplaced() {
        let a = Self.image(2, 1, [Self.white, Self.black])
        var output: RGBAImage? = RGBAImage(width: 7, height: 3)
        _ = PixelDiff.compare(a, a, output: &output)
        #expect(output?.width == 2 && output?.height == 1)
        #expect(output?.pixels == Self.fadedWhite + Self.fadedBlack)
    }

    @Test func emptyImagesMatch() {
        let a = RGBAImage(width: 0, height: 0)
        #expect(PixelDiff.compare(a, a) == 0)
    }
}
