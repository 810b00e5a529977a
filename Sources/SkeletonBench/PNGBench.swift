import Foundation
import SkeletonCore

/// PNG benchmark: encode a 1024×1024 skeleton-like frame with our encoder and with
/// Pillow (`save(..., compress_level=6)`) from the same raw RGBA; best of `runs` each,
/// in one run on one machine. Also times decoding both files.
func runPNGBench() {
    let runs = 7  // best-of-7: enough to shed scheduler noise on a shared machine
    let frame = PNGBenchFrame.make(width: 1024, height: 1024)
    print("png: 1024x1024 skeleton frame (background, rounded rects, shimmer band), best of \(runs)")

    let (oursMs, ours) = bestOf(runs) { PNGEncoder.encode(frame) }
    let (oursRGBAMs, oursRGBA) = bestOf(runs) { PNGEncoder.encode(frame, storage: .rgba) }
    for (name, bytes) in [("smallest", ours), ("rgba", oursRGBA)] {
        guard let back = try? PNGDecoder.decode(bytes), back == frame else {
            print("png: ERROR our \(name) PNG does not decode to the frame")
            return
        }
    }
    let colourType = ours.count > 25 ? ours[25] : 0
    let (oursDecodeMs, _) = bestOf(runs) { try? PNGDecoder.decode(ours) }

    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("png-bench-\(getpid())")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let raw = dir.appendingPathComponent("frame.rgba")
    let pillowFile = dir.appendingPathComponent("pillow.png")
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/bench/png_pillow.py").path
    var pillowMs = Double.nan, pillowBytes = 0, pillowDecodeMs = Double.nan
    do {
        try Data(frame.pixels).write(to: raw)
        let output = try runPython([script, raw.path, "1024", "1024", "\(runs)", pillowFile.path])
        for line in output.split(separator: "\n") {
            let f = line.split(separator: " ")
            if f.first == "encode_ms", f.count >= 4 { pillowMs = Double(f[1]) ?? .nan; pillowBytes = Int(f[3]) ?? 0 }
            if f.first == "decode_ms", f.count >= 2 { pillowDecodeMs = Double(f[1]) ?? .nan }
        }
    } catch {
        print("png: Pillow side skipped: \(error)")
    }
    var pillowFileDecodeMs = Double.nan
    if let pillowPNG = try? [UInt8](Data(contentsOf: pillowFile)) {
        let (ms, image) = bestOf(runs) { try? PNGDecoder.decode(pillowPNG) }
        pillowFileDecodeMs = ms
        if image != frame { print("png: ERROR our decoder disagrees with Pillow's file") }
    }

    func row(_ label: String, _ ms: Double, _ bytes: Int) {
        print("  \(label.padding(toLength: 34, withPad: " ", startingAt: 0)) \(fmt(ms)) ms  \(bytes) bytes")
    }
    row("skelsite encode (colour type \(colourType))", oursMs, ours.count)
    row("skelsite encode (forced RGBA)", oursRGBAMs, oursRGBA.count)
    row("Pillow encode (RGBA, level 6)", pillowMs, pillowBytes)
    print("  time ratio Pillow/skelsite: \(fmt(pillowMs / oursMs))x (forced RGBA: \(fmt(pillowMs / oursRGBAMs))x)")
    print("  size ratio skelsite/Pillow: \(fmt(Double(ours.count) / Double(pillowBytes))) "
          + "(forced RGBA: \(fmt(Double(oursRGBA.count) / Double(pillowBytes))))")
    print("  decode: skelsite \(fmt(oursDecodeMs)) ms on its file, \(fmt(pillowFileDecodeMs)) ms on Pillow's; "
          + "Pillow \(fmt(pillowDecodeMs)) ms on its file")

    // Size peers (site/reference/output-folder.md, "PNG size"): the frame, then a built site's stills.
    let ourFile = dir.appendingPathComponent("skelsite.png")
    try? Data(ours).write(to: ourFile)
    printPeerRows("1024x1024 frame", files: [ourFile.path], oursMs: oursMs, oursBytes: ours.count, dir: dir)
    let siteVariable = "SKELSITE_PNG_BENCH_SITE"
    guard let site = ProcessInfo.processInfo.environment[siteVariable] else {
        print("png: site stills skipped (set \(siteVariable) to a built site, e.g. skelsite build site --output /tmp/s)")
        return
    }
    var stills: [String] = [], strips: [String] = []
    let pngFolder = URL(fileURLWithPath: site).appendingPathComponent("png").path
    for path in (FileManager.default.enumerator(atPath: pngFolder)?.allObjects as? [String] ?? []).sorted()
    where path.hasSuffix(".png") {
        let name = (path as NSString).lastPathComponent
        if name.hasPrefix("preview") { continue }  // APNGs: see `SkeletonBench component`
        if name.hasPrefix("strip") { strips.append(pngFolder + "/" + path) } else { stills.append(pngFolder + "/" + path) }
    }
    for (label, files) in [("site stills and strips", stills + strips), ("site strips alone", strips)] where !files.isEmpty {
        var ms = 0.0, bytes = 0
        for file in files {
            guard let data = try? [UInt8](Data(contentsOf: URL(fileURLWithPath: file))),
                  let image = try? PNGDecoder.decode(data) else {
                print("png: ERROR cannot read \(file)")
                return
            }
            let (best, png) = bestOf(3) { PNGEncoder.encode(image) }
            ms += best
            bytes += png.count
        }
        printPeerRows("\(files.count) \(label)", files: files, oursMs: ms, oursBytes: bytes, dir: dir)
    }
}

/// One row per peer beside skelsite's, on the same files: time, bytes, and both as
/// ratios to skelsite's. The peers re-encode skelsite's files (scripts/bench/png_peers.py).
private func printPeerRows(_ label: String, files: [String], oursMs: Double, oursBytes: Int, dir: URL) {
    print("png size: \(label) (skelsite re-encodes from the decoded pixels, best of 3 per file; peers one pass)")
    let list = dir.appendingPathComponent("files.txt")
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/bench/png_peers.py").path
    func row(_ name: String, _ ms: Double, _ bytes: Int) {
        let size = String(format: "%.3f", Double(bytes) / Double(oursBytes))
        let time = String(format: "%.2f", ms / oursMs)
        print("  \(name.padding(toLength: 30, withPad: " ", startingAt: 0)) \(fmt(ms)) ms  \(bytes) bytes  "
              + "size \(size)x, time \(time)x skelsite's")
    }
    row("skelsite", oursMs, oursBytes)
    do {
        try (files.joined(separator: "\n") + "\n").write(to: list, atomically: true, encoding: .utf8)
        let output = try runPython([script, list.path])
        let names = ["pillow6": "Pillow level 6", "pillow9": "Pillow level 9", "zlib9none": "zlib 9, filter None",
                     "oxipng2": "oxipng level 2", "oxipng6": "oxipng level 6"]
        for line in output.split(separator: "\n") {
            let f = line.split(separator: " ")
            guard f.count >= 5, let ms = Double(f[2]), let bytes = Int(f[4]) else {
                print("  \(line)")
                continue
            }
            row(names[String(f[0])] ?? String(f[0]), ms, bytes)
        }
    } catch {
        print("png: size peers skipped: \(error)")
    }
}

private func bestOf<T>(_ runs: Int, _ body: () -> T) -> (Double, T) {
    var best = Double.infinity
    var result = body()  // warm-up, also the value returned
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        result = body()
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        best = min(best, ms)
    }
    return (best, result)
}

private func fmt(_ value: Double) -> String { String(format: "%.2f", value) }

private func runPython(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw NSError(domain: "png-bench", code: Int(process.terminationStatus))
    }
    return String(decoding: data, as: UTF8.self)
}

/// A procedural loading-skeleton frame: light background, a card, rounded
/// placeholders with anti-aliased edges, and a diagonal shimmer band over them.
enum PNGBenchFrame {
    static func make(width: Int, height: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let background: (Double, Double, Double) = (243, 244, 246)
        let card: (Double, Double, Double) = (255, 255, 255)
        let shape: (Double, Double, Double) = (229, 231, 235)
        // (x, y, w, h, radius) in pixels.
        let cardBox = (40.0, 40.0, 944.0, 944.0, 24.0)
        var shapes: [(Double, Double, Double, Double, Double)] = [
            (80, 80, 128, 128, 64),  // avatar
            (240, 96, 480, 32, 8), (240, 148, 320, 24, 8),  // name, handle
            (80, 248, 864, 400, 16),  // media block
        ]
        for line in 0..<6 { shapes.append((80, 688 + Double(line) * 44, line == 5 ? 520 : 864, 24, 12)) }
        for y in 0..<height {
            for x in 0..<width {
                var c = background
                c = blend(c, card, coverage(x, y, cardBox))
                for s in shapes {
                    let k = coverage(x, y, s)
                    if k == 0 { continue }
                    // Shimmer: a white highlight peaking at 50% in a 240-px diagonal band.
                    let d = (Double(x) + 0.3 * Double(y)) - 560
                    let a = abs(d) < 120 ? 0.5 * (1 - abs(d) / 120) : 0
                    let lit = blend(shape, (255, 255, 255), a)
                    c = blend(c, lit, k)
                }
                let o = (y * width + x) * 4
                pixels[o] = UInt8(c.0.rounded())
                pixels[o + 1] = UInt8(c.1.rounded())
                pixels[o + 2] = UInt8(c.2.rounded())
                pixels[o + 3] = 255
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    private static func blend(_ a: (Double, Double, Double), _ b: (Double, Double, Double), _ t: Double)
        -> (Double, Double, Double) {
        (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, a.2 + (b.2 - a.2) * t)
    }

    /// Fraction of pixel (x, y) inside the rounded rectangle, from 4×4 samples.
    private static func coverage(_ x: Int, _ y: Int, _ r: (Double, Double, Double, Double, Double)) -> Double {
        let (bx, by, bw, bh, radius) = r
        if Double(x + 1) <= bx || Double(x) >= bx + bw || Double(y + 1) <= by || Double(y) >= by + bh { return 0 }
        var inside = 0
        for sy in 0..<4 {
            for sx in 0..<4 {
                let px = Double(x) + (Double(sx) + 0.5) / 4, py = Double(y) + (Double(sy) + 0.5) / 4
                if px < bx || px > bx + bw || py < by || py > by + bh { continue }
                let cx = min(max(px, bx + radius), bx + bw - radius)
                let cy = min(max(py, by + radius), by + bh - radius)
                let dx = px - cx, dy = py - cy
                if dx * dx + dy * dy <= radius * radius { inside += 1 }
            }
        }
        return Double(inside) / 16
    }
}
