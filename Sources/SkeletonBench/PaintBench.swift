import Foundation
import SkeletonCore

// Paint benchmark: 1000 anti-aliased rounded rects filled with one horizontal linear
// gradient (a shimmer band) on a 1024×1024 canvas, painted by our rasterizer and by
// skia-python (scripts/bench/paint_skia.py) on the same geometry, best of N runs each
// in the same process run. Prints both times and the ratio.

/// The benchmark scene, shared with paint_skia.py through its parameters.
struct PaintScene {
    /// Fixed seed so every run and both painters draw the same rects.
    static let seed: UInt64 = 42
    static let count = 1000
    static let size = 1024
    /// The band sits in the middle of the canvas and spans 40% of it (the default band).
    static let centre = 512.0
    static let band = 0.4 * 1024
    /// A mid grey with an opaque white highlight, so edges and the band are visible
    /// in the saved pictures.
    static let base = RGBA(0x9A, 0x9A, 0xA0)
    static let highlight = RGBA(0xFF, 0xFF, 0xFF)

    /// (x, y, w, h, r) per rect, from a 64-bit LCG (Knuth's MMIX constants); the
    /// top 53 bits make a double in [0, 1). paint_skia.py mirrors this exactly.
    static func rects() -> [RoundedBox] {
        var state = seed
        func unit() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(UInt64(1) << 53)
        }
        var result: [RoundedBox] = []
        for _ in 0..<count {
            let w = 8 + unit() * 192
            let h = 8 + unit() * 192
            let x = unit() * (Double(size) - w)
            let y = unit() * (Double(size) - h)
            let r = unit() * min(w, h) / 2
            result.append(RoundedBox(x: x, y: y, width: w, height: h, radius: r))
        }
        return result
    }

    static var sweep: Sweep {
        Sweep(ux: 1, uy: 0, centre: centre, halfWidth: band / 2, minP: 0, maxP: Double(size), highlight: highlight)
    }

    static func paint(_ boxes: [RoundedBox]) -> RGBAImage {
        var canvas = Canvas(width: size, height: size, background: RGBA(255, 255, 255))
        let sweep = self.sweep
        for box in boxes { canvas.fill(box, colour: base, sweep: sweep) }
        return canvas.image
    }
}

func runPaintBench() {
    let runs = 7
    let boxes = PaintScene.rects()
    var best = Double.infinity
    var image = RGBAImage(width: 1, height: 1)
    let clock = ContinuousClock()
    for _ in 0..<runs {
        let start = clock.now
        image = PaintScene.paint(boxes)
        let elapsed = start.duration(to: clock.now)
        let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        best = min(best, ms)
    }
    print(String(format: "paint: skelsite %d rounded rects, gradient, %dx%d: best %.2f ms of %d",
                 PaintScene.count, PaintScene.size, PaintScene.size, best, runs))
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skelsite-paint-bench")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let ours = folder.appendingPathComponent("skelsite.png")
    let theirs = folder.appendingPathComponent("skia.png")
    try? Data(PNGEncoder.encode(image)).write(to: ours)

    guard let skiaMs = runSkia(runs: runs, output: theirs.path, compare: ours.path) else { return }
    print(String(format: "paint: ratio skelsite/skia = %.3f (below 1 means faster than Skia)", best / skiaMs))
    print("paint: pictures in \(folder.path)")
}

/// Runs paint_skia.py on the same scene; returns its best time in ms, or nil (with
/// the reason printed) when Python or skia-python is missing.
private func runSkia(runs: Int, output: String, compare: String) -> Double? {
    let script = packageRoot().appendingPathComponent("scripts/bench/paint_skia.py")
    let mid = Compositor.over(PaintScene.highlight, alpha: Int(PaintScene.highlight.a), PaintScene.base)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path, "--seed", String(PaintScene.seed), "--count", String(PaintScene.count),
                         "--size", String(PaintScene.size), "--centre", String(PaintScene.centre),
                         "--band", String(PaintScene.band), "--base", PaintScene.base.hex, "--mid", mid.hex,
                         "--runs", String(runs), "--output", output, "--compare", compare]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch {
        print("paint: skia not run: \(error)")
        return nil
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    for line in text.split(separator: "\n") { print("paint: \(line)") }
    guard process.terminationStatus == 0,
          let field = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).first(where: { $0.hasPrefix("best_ms=") }),
          let ms = Double(field.dropFirst("best_ms=".count)) else {
        print("paint: skia not measured (exit \(process.terminationStatus))")
        return nil
    }
    return ms
}

/// The package folder: found from this source file's path, else the current folder.
private func packageRoot() -> URL {
    let fromSource = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    if FileManager.default.fileExists(atPath: fromSource.appendingPathComponent("Package.swift").path) { return fromSource }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
}
