import Foundation
import SkelSite
import SkelsiteDiff
import SkeletonCore

/// `swift run -c release SkeletonBench diff`: megapixels per second of the pixel
/// comparison `skelsite diff` runs (`DirectoryDiff.comparePixels` with the command's
/// default options: reference arithmetic, threshold 0.1) against pybind11-pixelmatch
/// (C++ port) and PyPI pixelmatch (Python) on the same 1024 x 1024 skeleton-like pairs.
/// The path that is timed is the path whose counts are printed and compared. Python
/// pixelmatch is about a thousand times slower, so it is timed and counted on the
/// top-left 256 x 256 crop of each pair, where ours and the C++ port are counted too.
func runDiffBench() {
    DiffBench.run()
}

enum DiffBench {
    static let size = 1024
    /// Best of 5 runs: enough to shed a noisy neighbour on a shared machine.
    static let reps = 5
    /// Python pixelmatch runs about a thousand times slower: a 256 x 256 crop, once.
    static let pythonSize = 256
    static let pythonReps = 1
    static let threshold = 0.1

    struct Pair {
        var name: String
        var a: RGBAImage
        var b: RGBAImage
    }

    /// What `skelsite diff --threshold 0.1` compares with: a report folder set means
    /// the diff picture is drawn (the "+picture" rows), as when a report is written.
    static func commandOptions(draw: Bool) -> DirectoryDiffOptions {
        var options = DirectoryDiffOptions(pixel: DiffOptions(threshold: threshold))
        if draw { options.reportFolder = "(in memory: the benchmark writes no files)" }
        return options
    }

    static func run() {
        let base: [UInt8] = [0xDE, 0xDE, 0xE3, 255]  // the default light base
        let grey: [UInt8] = [0x8E, 0x8E, 0x93, 255]  // dark enough that a shift counts
        let frame = skeletonFrame(dx: 0, base: base)
        let pairs = [
            Pair(name: "identical", a: frame, b: frame),
            Pair(name: "shifted 1px", a: frame, b: skeletonFrame(dx: 1, base: base)),
            Pair(name: "shifted 3px", a: frame, b: skeletonFrame(dx: 3, base: base)),
            Pair(name: "grey frame shifted 3px", a: skeletonFrame(dx: 0, base: grey), b: skeletonFrame(dx: 3, base: grey)),
            Pair(name: "recoloured", a: frame, b: skeletonFrame(dx: 0, base: [0xC7, 0xC7, 0xCC, 255])),
            Pair(name: "shimmer band", a: frame, b: withBand(frame, centre: 400, halfWidth: 160, strength: 0.45)),
            Pair(name: "dark theme", a: frame,
                 b: skeletonFrame(dx: 0, base: [0x3A, 0x3A, 0x3C, 255], background: [0x1C, 0x1C, 0x1E, 255])),
        ]
        let peers = runPeers(pairs)
        print("diff: \(size)x\(size) RGBA pairs, threshold \(threshold); ours = DirectoryDiff.comparePixels with "
              + "`skelsite diff`'s defaults (reference arithmetic; +picture rows draw the diff picture as a report does); "
              + "best of \(reps) in thread CPU time; MP/s = megapixels per second")
        print("diff: Python pixelmatch is timed on the top-left \(pythonSize)x\(pythonSize) crop of each pair "
              + "(\"Py crop\"); the crop columns count that same crop with ours, C++ and Python")
        print(pad("pair", 33) + pad("ours", 9) + pad("C++", 9) + pad("Py crop", 9) + pad("ours/C++", 10)
              + pad("ours/Py", 9) + pad("full: ours", 11) + pad("C++", 9) + pad("crop: ours", 11) + pad("C++", 7)
              + pad("Py", 7) + "counts")
        var ratios: [Double] = []
        var unequal: [String] = []
        for draw in [false, true] {
            for pair in pairs {
                let key = pair.name + (draw ? " +picture" : "")
                let ours = measure(pair, draw: draw)
                let cropA = crop(pair.a, pythonSize), cropB = crop(pair.b, pythonSize)
                var none: RGBAImage?
                let oursOnCrop = DirectoryDiff.comparePixels(cropA, cropB, options: commandOptions(draw: false),
                                                             picture: &none).mismatchedPixels
                let cpp = peers[key + "|pybind11-pixelmatch"]
                let python = peers[key + "|pixelmatch (Python)"]
                let cppRate = cpp.map { $0.megapixels / $0.seconds }
                let pyRate = python.map { $0.megapixels / $0.seconds }
                if let cppRate { ratios.append(ours.rate / cppRate) }
                var counts: [String] = []
                if let cpp, cpp.count != ours.count { counts.append("full C++ \(cpp.count) != ours \(ours.count)") }
                if let crop = cpp?.cropCount, crop != oursOnCrop { counts.append("crop C++ \(crop) != ours \(oursOnCrop)") }
                if let python, python.count != oursOnCrop { counts.append("crop Py \(python.count) != ours \(oursOnCrop)") }
                let verdict = cpp == nil && python == nil ? "no peers" : counts.isEmpty ? "equal" : counts.joined(separator: "; ")
                if !counts.isEmpty { unequal.append(key) }
                print(pad(key, 33) + pad(fixed(ours.rate), 9) + pad(cppRate.map { fixed($0) } ?? "n/a", 9)
                      + pad(pyRate.map { fixed($0, 3) } ?? "n/a", 9)
                      + pad(cppRate.map { fixed(ours.rate / $0) + "x" } ?? "n/a", 10)
                      + pad(pyRate.map { fixed(ours.rate / $0, 0) + "x" } ?? "n/a", 9)
                      + pad("\(ours.count)", 11) + pad(cpp.map { "\($0.count)" } ?? "n/a", 9)
                      + pad("\(oursOnCrop)", 11) + pad(cpp?.cropCount.map { "\($0)" } ?? "n/a", 7)
                      + pad(python.map { "\($0.count)" } ?? "n/a", 7) + verdict)
            }
        }
        if !ratios.isEmpty {
            let geometric = exp(ratios.map { log($0) }.reduce(0, +) / Double(ratios.count))
            print("diff: ours vs pybind11-pixelmatch, geometric mean \(fixed(geometric))x")
        }
        print(unequal.isEmpty ? "diff: counts equal on every pair for every peer that ran"
                              : "diff: counts differ on \(unequal.count) pairs: \(unequal.joined(separator: ", "))")
    }

    struct Measurement {
        var count: Int
        var rate: Double
    }

    /// Times `DirectoryDiff.comparePixels`, as `skelsite diff` calls it: a fresh diff
    /// picture per comparison when drawing.
    static func measure(_ pair: Pair, draw: Bool) -> Measurement {
        let options = commandOptions(draw: draw)
        var picture: RGBAImage?
        var count = DirectoryDiff.comparePixels(pair.a, pair.b, options: options, picture: &picture).mismatchedPixels
        var best = Double.infinity
        for _ in 0..<reps {
            picture = nil
            let start = threadCPUSeconds()
            count = DirectoryDiff.comparePixels(pair.a, pair.b, options: options, picture: &picture).mismatchedPixels
            let seconds = threadCPUSeconds() - start
            best = min(best, seconds)
        }
        return Measurement(count: count, rate: Double(pair.a.width * pair.a.height) / 1e6 / best)
    }

    /// CPU time of this thread: on a machine shared with other builds, wall time
    /// mostly measures the neighbours. The peers script measures the same way.
    static func threadCPUSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    struct PeerResult {
        var count: Int
        var seconds: Double
        var megapixels: Double
        /// The C++ port's count on the Python crop (nil for Python, whose count is the crop's).
        var cropCount: Int?
    }

    /// Writes the pairs as raw RGBA and runs scripts/bench/diff_peers.py; keyed by
    /// "pair name|peer". Empty (peers shown as n/a) when python3 or a module is missing.
    static func runPeers(_ pairs: [Pair]) -> [String: PeerResult] {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("skelsite-diffbench-\(getpid())")
        try? fm.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: dir) }
        var manifest: [[String: Any]] = []
        for (n, pair) in pairs.enumerated() {
            let a = dir.appendingPathComponent("\(n).a.rgba"), b = dir.appendingPathComponent("\(n).b.rgba")
            try? Data(pair.a.pixels).write(to: a)
            try? Data(pair.b.pixels).write(to: b)
            for draw in [false, true] {
                manifest.append(["name": pair.name + (draw ? " +picture" : ""), "a": a.path, "b": b.path,
                                 "width": pair.a.width, "height": pair.a.height, "threshold": threshold,
                                 "draw": draw, "reps": reps, "python_size": pythonSize, "python_reps": pythonReps])
            }
        }
        let manifestURL = dir.appendingPathComponent("manifest.json")
        guard let data = try? JSONSerialization.data(withJSONObject: manifest), (try? data.write(to: manifestURL)) != nil
        else { return [:] }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/bench/diff_peers.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, manifestURL.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return [:] }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var results: [String: PeerResult] = [:]
        for line in text.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let name = object["name"] as? String, let peer = object["peer"] as? String else { continue }
            if let error = object["error"] as? String {
                print("diff: \(peer): \(error)")
                continue
            }
            guard let count = object["count"] as? Int, let seconds = object["seconds"] as? Double,
                  let megapixels = object["megapixels"] as? Double else { continue }
            results[name + "|" + peer] = PeerResult(count: count, seconds: seconds, megapixels: megapixels,
                                                    cropCount: object["crop_count"] as? Int)
        }
        return results
    }

    // MARK: - Pictures

    /// A list of skeleton rows (avatar, two text bars, a card) as the painter would draw
    /// them: flat base colour on white with anti-aliased rounded edges, offset by `dx`.
    static func skeletonFrame(dx: Double, base: [UInt8], background: [UInt8] = [255, 255, 255, 255]) -> RGBAImage {
        var image = RGBAImage(width: size, height: size,
                              pixels: Array(Array(repeating: background, count: size * size).joined()))
        let rowHeight = 128.0
        var y = 16.0
        while y + rowHeight <= Double(size) {
            roundedBox(&image, x: 24 + dx, y: y, w: 96, h: 96, radius: 48, colour: base)
            roundedBox(&image, x: 144 + dx, y: y + 12, w: 820, h: 24, radius: 12, colour: base)
            roundedBox(&image, x: 144 + dx, y: y + 52, w: 520, h: 24, radius: 12, colour: base)
            roundedBox(&image, x: 700 + dx, y: y + 52, w: 280, h: 60, radius: 16, colour: base)
            y += rowHeight
        }
        return image
    }

    /// Paints a rounded box with 4 x 4 supersampled coverage, source-over on opaque pixels.
    static func roundedBox(_ image: inout RGBAImage, x: Double, y: Double, w: Double, h: Double,
                           radius: Double, colour: [UInt8]) {
        let x0 = max(0, Int(x.rounded(.down))), x1 = min(image.width - 1, Int((x + w).rounded(.up)))
        let y0 = max(0, Int(y.rounded(.down))), y1 = min(image.height - 1, Int((y + h).rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return }
        for py in y0...y1 {
            for px in x0...x1 {
                var hits = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let sxp = Double(px) + (Double(sx) + 0.5) / 4, syp = Double(py) + (Double(sy) + 0.5) / 4
                        guard sxp >= x, sxp <= x + w, syp >= y, syp <= y + h else { continue }
                        let cx = min(max(sxp, x + radius), x + w - radius)
                        let cy = min(max(syp, y + radius), y + h - radius)
                        if (sxp - cx) * (sxp - cx) + (syp - cy) * (syp - cy) <= radius * radius { hits += 1 }
                    }
                }
                guard hits > 0 else { continue }
                let k = Double(hits) / 16
                let i = (py * image.width + px) * 4
                for c in 0..<3 {
                    image.pixels[i + c] = UInt8((Double(colour[c]) * k + Double(image.pixels[i + c]) * (1 - k)).rounded())
                }
            }
        }
    }

    /// A shimmer band: white composited with a triangle profile of alpha up to `strength`.
    static func withBand(_ source: RGBAImage, centre: Double, halfWidth: Double, strength: Double) -> RGBAImage {
        var image = source
        for y in 0..<image.height {
            for x in 0..<image.width {
                let k = max(0, 1 - abs(Double(x) + 0.5 - centre) / halfWidth) * strength
                let i = (y * image.width + x) * 4
                for c in 0..<3 {
                    image.pixels[i + c] = UInt8((255 * k + Double(image.pixels[i + c]) * (1 - k)).rounded())
                }
            }
        }
        return image
    }

    static func crop(_ image: RGBAImage, _ side: Int) -> RGBAImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(side * side * 4)
        for y in 0..<side {
            let start = y * image.width * 4
            pixels += image.pixels[start..<(start + side * 4)]
        }
        return RGBAImage(width: side, height: side, pixels: pixels)
    }

    static func fixed(_ value: Double, _ digits: Int = 1) -> String {
        String(format: "%.\(digits)f", value)
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
