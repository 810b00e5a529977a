import Foundation
import SkeletonCore
import Testing
import TestSupport

/// Runs scripts/oracle/pixelmatch_oracle.py, which needs numpy, pixelmatch and
/// pybind11-pixelmatch; the suite is skipped (with this reason) when they are missing.
enum PixelmatchOracle {
    static let packageRoot = Repository.root
    static let script = packageRoot.appendingPathComponent("scripts/oracle/pixelmatch_oracle.py")

    static let available: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import numpy, pixelmatch, pybind11_pixelmatch"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// Runs the oracle on a manifest; one (python, cpp) count pair per case.
    static func run(manifest: URL) throws -> [(python: Int, cpp: Int)] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, manifest.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "oracle exited \(process.terminationStatus)"])
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
            let object = try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Int]
            return (object["python"]!, object["cpp"]!)
        }
    }
}

struct OracleCase {
    var name: String
    var a: RGBAImage
    var b: RGBAImage
    var options: DiffOptions
}

/// Pairs that exercise each part of pixelmatch: shifts (AA detection), recolouring
/// (threshold), near-threshold nudges (rounding), translucency (blending over white),
/// thin anti-aliased lines, sharp edges, degenerate sizes and identical images.
enum OraclePairs {
    static func all() -> [(String, RGBAImage, RGBAImage)] {
        var random = DiffRandom(seed: 20_261_122)
        let (w, h) = (48, 40)
        let frame = DiffTestImages.skeletonFrame(w, h)
        let dark = DiffTestImages.skeletonFrame(w, h, base: [0x3A, 0x3A, 0x3C, 255], background: [0x1C, 0x1C, 0x1E, 255])
        var pairs: [(String, RGBAImage, RGBAImage)] = [
            ("frame shifted 1px right", frame, DiffTestImages.skeletonFrame(w, h, dx: 1)),
            ("frame shifted 0.5px down", frame, DiffTestImages.skeletonFrame(w, h, dy: 0.5)),
            ("frame shifted 0.25px diagonally", frame, DiffTestImages.skeletonFrame(w, h, dx: 0.25, dy: 0.25)),
            ("frame recoloured slightly", frame, DiffTestImages.skeletonFrame(w, h, base: [0xDC, 0xDC, 0xE2, 255])),
            ("frame recoloured strongly", frame, DiffTestImages.skeletonFrame(w, h, base: [0x80, 0x40, 0xC0, 255])),
            ("frame under a shimmer band", frame, DiffTestImages.withBand(frame, centre: 20, halfWidth: 9, strength: 0.45)),
            ("dark frame shifted 1px left", dark, DiffTestImages.skeletonFrame(w, h, dx: -1, base: [0x3A, 0x3A, 0x3C, 255],
                                                                                 background: [0x1C, 0x1C, 0x1E, 255])),
            ("identical frames", frame, frame),
        ]
        var lines = DiffTestImages.filled(w, h, [255, 255, 255, 255])
        var moved = lines
        for k in 0..<5 {
            let o = Double(k) * 9
            DiffTestImages.line(&lines, from: (2, 3 + o), to: (45, 9 + o * 0.7), width: 1.2, colour: [20, 20, 20, 255])
            DiffTestImages.line(&moved, from: (2, 3.35 + o), to: (45, 9.3 + o * 0.7), width: 1.2, colour: [20, 20, 20, 255])
        }
        pairs.append(("anti-aliased lines moved 0.3px", lines, moved))
        var blocks = DiffTestImages.filled(w, h, [255, 255, 255, 255])
        var blocksShifted = blocks
        for by in stride(from: 0, to: h, by: 8) {
            for bx in stride(from: 0, to: w, by: 8) where (bx + by) / 8 % 2 == 0 {
                DiffTestImages.roundedBox(&blocks, x: Double(bx), y: Double(by), w: 8, h: 8, radius: 0, colour: [0, 0, 0, 255])
                DiffTestImages.roundedBox(&blocksShifted, x: Double(bx + 1), y: Double(by), w: 8, h: 8, radius: 0, colour: [0, 0, 0, 255])
            }
        }
        pairs.append(("sharp edges shifted 1px", blocks, blocksShifted))
        var translucent = DiffTestImages.filled(w, h, [0, 0, 0, 0])
        DiffTestImages.roundedBox(&translucent, x: 3, y: 3, w: 30, h: 20, radius: 6, colour: [200, 30, 90, 140])
        var translucentMoved = DiffTestImages.filled(w, h, [0, 0, 0, 0])
        DiffTestImages.roundedBox(&translucentMoved, x: 3.5, y: 3, w: 30, h: 20, radius: 6, colour: [200, 30, 90, 150])
        pairs.append(("translucent box moved and faded", translucent, translucentMoved))
        let noise = DiffTestImages.noise(w, h, &random, opaque: true)
        pairs.append(("opaque noise nudged by 6", noise, DiffTestImages.nudged(noise, &random, amount: 6, keepAlpha: true)))
        pairs.append(("opaque noise nudged by 25", noise, DiffTestImages.nudged(noise, &random, amount: 25, keepAlpha: true)))
        let alphaNoise = DiffTestImages.noise(w, h, &random, opaque: false)
        pairs.append(("translucent noise nudged by 12", alphaNoise, DiffTestImages.nudged(alphaNoise, &random, amount: 12, keepAlpha: false)))
        let smooth = DiffTestImages.withBand(frame, centre: 30, halfWidth: 30, strength: 0.6)
        pairs.append(("smooth gradient nudged by 3", smooth, DiffTestImages.nudged(smooth, &random, amount: 3, keepAlpha: true)))
        let column = DiffTestImages.noise(1, 23, &random, opaque: false)
        pairs.append(("one pixel wide", column, DiffTestImages.nudged(column, &random, amount: 40, keepAlpha: false)))
        let row = DiffTestImages.noise(31, 1, &random, opaque: true)
        pairs.append(("one pixel tall", row, DiffTestImages.nudged(row, &random, amount: 40, keepAlpha: true)))
        return pairs
    }

    static func cases() -> [OracleCase] {
        var cases: [OracleCase] = []
        for (name, a, b) in all() {
            for threshold in [0, 0.05, 0.1, 0.3] {
                for includeAA in [false, true] {
                    cases.append(OracleCase(name: "\(name), threshold \(threshold), includeAA \(includeAA)",
                                            a: a, b: b, options: DiffOptions(threshold: threshold, includeAA: includeAA)))
                }
            }
            var mask = DiffOptions(threshold: 0.1, includeAA: false)
            mask.diffMask = true
            cases.append(OracleCase(name: "\(name), diffMask", a: a, b: b, options: mask))
        }
        return cases
    }
}

@Suite(.enabled(if: PixelmatchOracle.available, "python3 with numpy, pixelmatch and pybind11-pixelmatch is needed"))
struct DiffOracleTests {
    @Test func countsAndPicturesEqualPixelmatch() throws {
        let cases = OraclePairs.cases()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("skelsite-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var manifest: [[String: Any]] = []
        for (n, c) in cases.enumerated() {
            let a = dir.appendingPathComponent("\(n).a.rgba"), b = dir.appendingPathComponent("\(n).b.rgba")
            try Data(c.a.pixels).write(to: a)
            try Data(c.b.pixels).write(to: b)
            manifest.append(["a": a.path, "b": b.path, "width": c.a.width, "height": c.a.height,
                             "threshold": c.options.threshold, "include_aa": c.options.includeAA,
                             "diff_mask": c.options.diffMask, "output": dir.appendingPathComponent("\(n).diff").path])
        }
        let manifestURL = dir.appendingPathComponent("manifest.json")
        try JSONSerialization.data(withJSONObject: manifest).write(to: manifestURL)
        let counts = try PixelmatchOracle.run(manifest: manifestURL)
        #expect(counts.count == cases.count)

        var nonZero = 0, withAA = 0
        for (n, c) in cases.enumerated() where n < counts.count {
            var reference: RGBAImage? = RGBAImage(width: c.a.width, height: c.a.height)
            let ours = PixelDiff.compare(c.a, c.b, options: c.options, output: &reference)
            #expect(ours == counts[n].python, "\(c.name): reference arithmetic vs PyPI pixelmatch")
            let pyPicture = try [UInt8](Data(contentsOf: dir.appendingPathComponent("\(n).diff")))
            #expect(reference?.pixels == pyPicture, "\(c.name): diff picture vs PyPI pixelmatch")

            // Without drawing, the same counts (the skip-ahead path).
            #expect(PixelDiff.compare(c.a, c.b, options: c.options) == ours, "\(c.name): count without output")
            if ours > 0 { nonZero += 1 }
            if PixelDiff.diff(c.a, c.b, options: c.options, output: &reference).antialiasedPixels > 0 { withAA += 1 }
        }
        // The generated pairs must actually exercise differences and anti-aliasing.
        #expect(nonZero > cases.count / 3)
        #expect(withAA > cases.count / 8)
        print("oracle: \(cases.count) cases, \(nonZero) with differences, \(withAA) with anti-aliasing")
    }
}
