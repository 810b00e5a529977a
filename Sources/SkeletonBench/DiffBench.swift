import Foundation
import SkeletonCore

/// `swift run -c release SkeletonBench diff`: megapixels per second of PixelDiff against
/// pybind11-pixelmatch (C++ port) and PyPI pixelmatch (Python) on the same 1024 x 1024
/// skeleton-like pairs, with counts checked equal (ours in float32 arithmetic against
/// the C++ port, ours in the reference arithmetic against Python).
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
        print("diff: \(size)x\(size) RGBA pairs, threshold \(threshold), best of \(reps) in thread CPU time; "
              + "Python on a \(pythonSize)x\(pythonSize) crop; MP/s = megapixels per second")
        print(pad("pair", 26) + pad("ours", 10) + pad("ours f32", 10) + pad("C++", 10) + pad("Python", 9)
              + pad("ours/C++", 10) + pad("ours/Py", 10) + "mismatched (ours = C++, ours = Py)")
        var ratios: [Double] = []
        for draw in [false, true] {
            for pair in pairs {
                let key = pair.name + (draw ? " +picture" : "")
                let ours = measure(pair, draw: draw, arithmetic: .reference)
                let ours32 = measure(pair, draw: draw, arithmetic: .float32)
                let cpp = peers[key + "|pybind11-pixelmatch"]
                let python = peers[key + "|pixelmatch (Python)"]
                let cropA = crop(pair.a, pythonSize), cropB = crop(pair.b, pythonSize)
                let oursOnCrop = PixelDiff.compare(cropA, cropB, options: DiffOptions(threshold: threshold))
                let cppSame = cpp.map { $0.count == ours32.count ? "=" : "!= \($0.count)" } ?? "?"
                let pySame = python.map { $0.count == oursOnCrop ? "=" : "!= \($0.count)" } ?? "?"
                let cppRate = cpp.map { $0.megapixels / $0.seconds }
                let pyRate = python.map { $0.megapixels / $0.seconds }
                if let cppRate { ratios.append(ours.rate / cppRate) }
                print(pad(key, 26) + pad(fixed(ours.rate), 10) + pad(fixed(ours32.rate), 10)
                      + pad(cppRate.map { fixed($0) } ?? "n/a", 10) + pad(pyRate.map { fixed($0, 3) } ?? "n/a", 9)
                      + pad(cppRate.map { fixed(ours.rate / $0) + "x" } ?? "n/a", 10)
                      + pad(pyRate.map { fixed(ours.rate / $0, 0) + "x" } ?? "n/a", 10)
                      + "\(ours.count) (\(cppSame) C++), \(oursOnCrop) on crop (\(pySame) Py)")
            }
        }
        if !ratios.isEmpty {
            let geometric = exp(ratios.map { log($0) }.reduce(0, +) / Double(ratios.count))
            print("diff: ours vs pybind11-pixelmatch, geometric mean \(fixed(geometric))x")
        }
    }

    struct Measurement {
        var count: Int
        var rate: Double
    }

    static func measure(_ pair: Pair, draw: Bool, arithmetic: DiffArithmetic) -> Measurement {
        var options = DiffOptions(threshold: threshold)
        options.arithmetic = arithmetic
        var output: RGBAImage? = draw ? RGBAImage(width: pair.a.width, height: pair.a.height) : nil
        var count = PixelDiff.compare(pair.a, pair.b, options: options, output: &output)  // warm-up
        var best = Double.infinity
        for _ in 0..<reps {
            let start = threadCPUSeconds()
            count = PixelDiff.compare(pair.a, pair.b, options: options, output: &output)
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
            results[name + "|" + peer] = PeerResult(count: count, seconds: seconds, megapixels: megapixels)
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
