import Foundation
import SkeletonCore

/// Small PNG folders for the `diff` and `baseline update` end-to-end tests.
enum DiffCLIFixtures {
    static let white: [UInt8] = [255, 255, 255, 255]
    static let grey: [UInt8] = [200, 200, 205, 255]
    static let black: [UInt8] = [0, 0, 0, 255]

    /// A 12 x 10 white picture with a solid 4 x 3 box at (2, 2). Recolouring the box
    /// from grey to black makes exactly its 12 pixels differ: far above the threshold,
    /// and every box pixel has 3+ equal neighbours in both images, so none is
    /// anti-aliasing.
    static func picture(box: [UInt8], width: Int = 12, height: Int = 10) -> RGBAImage {
        var image = RGBAImage(width: width, height: height,
                              pixels: Array(Array(repeating: white, count: width * height).joined()))
        for y in 2..<5 {
            for x in 2..<6 {
                let i = (y * width + x) * 4
                image.pixels.replaceSubrange(i..<(i + 4), with: box)
            }
        }
        return image
    }

    static func writePNG(_ image: RGBAImage, _ folder: URL, _ path: String) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(PNGEncoder.encode(image)).write(to: url)
    }

    /// base/ and cur/ inside a fresh folder:
    /// - same.png and cards/same.png: identical;
    /// - changed.png: box grey -> black (12 pixels);
    /// - gone.png: only in base; new.png: only in cur;
    /// - size.png: 12 x 10 -> 13 x 10.
    static func mixed() throws -> URL {
        let root = try CLIRunner.temporaryFolder()
        let base = root.appendingPathComponent("base"), cur = root.appendingPathComponent("cur")
        for folder in [base, cur] {
            try writePNG(picture(box: grey), folder, "same.png")
            try writePNG(picture(box: black), folder, "cards/same.png")
        }
        try writePNG(picture(box: grey), base, "changed.png")
        try writePNG(picture(box: black), cur, "changed.png")
        try writePNG(picture(box: grey), base, "gone.png")
        try writePNG(picture(box: black), cur, "new.png")
        try writePNG(picture(box: grey), base, "size.png")
        try writePNG(picture(box: grey, width: 13), cur, "size.png")
        return root
    }

    /// Only same.png (identical) and changed.png (12 pixels differ).
    static func changedOnly() throws -> URL {
        let root = try CLIRunner.temporaryFolder()
        let base = root.appendingPathComponent("base"), cur = root.appendingPathComponent("cur")
        for folder in [base, cur] { try writePNG(picture(box: grey), folder, "same.png") }
        try writePNG(picture(box: grey), base, "changed.png")
        try writePNG(picture(box: black), cur, "changed.png")
        return root
    }

    static func text(_ url: URL) throws -> String {
        String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    static func exists(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path)
    }
}
