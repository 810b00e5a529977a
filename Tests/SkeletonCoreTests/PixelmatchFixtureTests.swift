import Foundation
import Testing
import SkeletonCore
import TestSupport

/// pixelmatch's own fixture tables (test/test.js at each tag), run against `PixelDiff`
/// for every version `skelsite diff` claims: counts exactly, and the diff pictures
/// byte for byte where `PixelDiff` has the options the case uses. The PNGs are in
/// Tests/pixelmatch-fixtures (see its README for their source and licence).
@Suite struct PixelmatchFixtureTests {
    static let folder = Repository.url("Tests/pixelmatch-fixtures")

    struct Case: Sendable, CustomStringConvertible {
        var a: String
        var b: String
        /// The expected picture's name; nil when PixelDiff cannot draw it (diffColorAlt).
        var diff: String?
        var options: DiffOptions
        var expected: Int
        var description: String { "\(a) vs \(b), threshold \(options.threshold)" }
    }

    static func options(_ threshold: Double, includeAA: Bool = false, diffMask: Bool = false,
                        version: PixelmatchVersion) -> DiffOptions {
        var options = DiffOptions(threshold: threshold, includeAA: includeAA)
        options.diffMask = diffMask
        options.version = version
        return options
    }

    /// The table of test/test.js at `tag`.
    static func table(_ tag: String) -> [Case] {
        let version: PixelmatchVersion = tag.hasPrefix("v7") ? .v7 : .v6
        let pictures = version == .v7 ? "v7/" : "v6/"
        func o(_ threshold: Double, diffMask: Bool = false) -> DiffOptions {
            options(threshold, diffMask: diffMask, version: version)
        }
        var two = o(0.05)
        two.alpha = 0.5
        two.aaColor = DiffColor(0, 192, 0)
        two.diffColor = DiffColor(255, 0, 255)
        var cases = [
            Case(a: "1a", b: "1b", diff: pictures + "1diff", options: o(0.05), expected: 143),
            Case(a: "1a", b: "1b", diff: pictures + "1diffmask", options: o(0.05, diffMask: true), expected: 143),
            Case(a: "1a", b: "1a", diff: pictures + "1emptydiffmask", options: o(0, diffMask: true), expected: 0),
            Case(a: "2a", b: "2b", diff: pictures + "2diff", options: two, expected: 12437),
            Case(a: "3a", b: "3b", diff: pictures + "3diff", options: o(0.05), expected: 212),
            Case(a: "4a", b: "4b", diff: pictures + "4diff", options: o(0.05), expected: 36049),
            // 7.0 blends translucent pixels over a checkerboard: 5b's transparent pixels
            // now differ from 5a's white ones.
            Case(a: "5a", b: "5b", diff: pictures + "5diff", options: o(0.05), expected: version == .v7 ? 6 : 0),
            Case(a: "6a", b: "6b", diff: pictures + "6diff", options: o(0.05), expected: 51),
            Case(a: "6a", b: "6a", diff: pictures + "6empty", options: o(0), expected: 0),
            // diffColorAlt only recolours the picture: the count is pixelmatch's at 0.1.
            Case(a: "7a", b: "7b", diff: nil, options: o(0.1), expected: 2448),
        ]
        if version == .v7 {
            cases.insert(Case(a: "1a", b: "1b", diff: pictures + "1diffdefaultthreshold", options: o(0.1), expected: 106), at: 1)
            cases.append(Case(a: "8a", b: "5b", diff: pictures + "8diff", options: o(0.05), expected: 32896))
        }
        return cases
    }

    static func image(_ name: String) throws -> RGBAImage {
        try PNGDecoder.decode([UInt8](Data(contentsOf: folder.appendingPathComponent(name + ".png"))))
    }

    @Test(arguments: ["v5.3.0", "v6.0.0", "v7.1.1"])
    func fixtureTable(tag: String) throws {
        for c in Self.table(tag) {
            let a = try Self.image(c.a), b = try Self.image(c.b)
            // pixelmatch's test starts from a zeroed picture (pngjs's new PNG).
            var picture: RGBAImage? = RGBAImage(width: a.width, height: a.height)
            let drawn = PixelDiff.compare(a, b, options: c.options, output: &picture)
            #expect(drawn == c.expected, "\(tag) \(c): count")
            #expect(PixelDiff.compare(a, b, options: c.options) == drawn, "\(tag) \(c): count without a picture")
            if let diff = c.diff {
                let expected = try Self.image(diff)
                #expect(picture?.pixels == expected.pixels, "\(tag) \(c): picture \(diff).png")
            }
        }
    }

    /// What telling the versions apart buys: on the cases 7.0 added, 5.x/6.x arithmetic
    /// (the default) finds nothing, as pixelmatch 6 did.
    @Test func theDefaultArithmeticIsSixs() throws {
        let five = try Self.image("5a"), fiveB = try Self.image("5b"), eight = try Self.image("8a")
        #expect(PixelDiff.compare(five, fiveB, options: Self.options(0.05, version: .v6)) == 0)
        #expect(PixelDiff.compare(eight, fiveB, options: Self.options(0.05, version: .v6)) == 0)
        #expect(DiffOptions().version == .v6)
    }
}
