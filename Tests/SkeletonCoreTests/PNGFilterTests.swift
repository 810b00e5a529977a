import Testing
@testable import SkeletonCore

@Suite struct PNGFilterTests {
    /// Plain per-byte predictor, straight from the PNG spec, as the reference.
    static func predictor(_ type: Int, a: Int, b: Int, c: Int) -> Int {
        switch type {
        case 0: return 0
        case 1: return a
        case 2: return b
        case 3: return (a + b) / 2
        default:
            let p = a + b - c
            let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
            return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
        }
    }

    /// The vectorised chooser picks exactly the type a scalar minimum-sum-of-absolute-
    /// differences search picks (lowest type on ties), writes that filter's bytes, and
    /// the decoder's unfilter restores the row.
    @Test(arguments: [1, 3, 4], [1, 15, 16, 17, 100, 1000])
    func adaptiveFilterMatchesScalarReference(bpp: Int, pixels: Int) {
        let count = bpp * pixels
        for seed in UInt32(1)...UInt32(12) {
            let above = PNGTestImages.noiseBytes(count: count, seed: seed)
            var row = PNGTestImages.noiseBytes(count: count, seed: seed &+ 100)
            // Mix in smooth and repeated stretches so every filter type gets to win.
            for i in 0..<count where (i / 7 + Int(seed)) % 3 != 0 {
                row[i] = seed % 2 == 0 ? above[i] &+ UInt8(seed) : (i >= bpp ? row[i - bpp] &+ 1 : 9)
            }
            var costs = [Int](repeating: 0, count: 5)
            var expected = [[UInt8]](repeating: [], count: 5)
            for type in 0..<5 {
                for i in 0..<count {
                    let a = i >= bpp ? Int(row[i - bpp]) : 0
                    let c = i >= bpp ? Int(above[i - bpp]) : 0
                    let f = UInt8(truncatingIfNeeded: Int(row[i]) - Self.predictor(type, a: a, b: Int(above[i]), c: c))
                    expected[type].append(f)
                    costs[type] += f < 128 ? Int(f) : 256 - Int(f)
                }
            }
            let best = costs.firstIndex(of: costs.min()!)!
            var out = [UInt8](repeating: 0, count: count + 1)
            row.withUnsafeBufferPointer { r in
                above.withUnsafeBufferPointer { u in
                    out.withUnsafeMutableBufferPointer { o in
                        PNGFilter.filterAdaptive(row: r.baseAddress!, previous: u.baseAddress!, count: count, bpp: bpp,
                                                 out: o.baseAddress!)
                    }
                }
            }
            #expect(Int(out[0]) == best, "seed \(seed)")
            #expect(Array(out[1...]) == expected[best], "seed \(seed)")
            // Unfilter both rows together (the first with type None) and compare.
            var data: [UInt8] = [0] + above + out
            data.withUnsafeMutableBufferPointer { d in
                try? PNGUnfilter.unfilter(d.baseAddress!, rows: 2, rowBytes: count, stride: bpp, firstRow: 0)
            }
            #expect(Array(data[(count + 2)...]) == row)
        }
    }

    @Test func everyFilterTypeWinsSomewhere() {
        // Sanity for the test above: over its inputs all five types are chosen.
        var seen = Set<UInt8>()
        for bpp in [1, 3, 4] {
            for seed in UInt32(1)...UInt32(40) {
                let count = bpp * 60
                let above = PNGTestImages.noiseBytes(count: count, seed: seed)
                var row = [UInt8](repeating: 0, count: count)
                for i in 0..<count {
                    switch seed % 5 {
                    case 0: row[i] = UInt8(truncatingIfNeeded: i * 37)  // None
                    case 1: row[i] = UInt8(truncatingIfNeeded: i / bpp)  // Sub
                    case 2: row[i] = above[i] &+ 1  // Up
                    case 3: row[i] = UInt8((Int(above[i]) + (i >= bpp ? Int(row[i - bpp]) : 0)) / 2)  // Average
                    default:
                        let a = i >= bpp ? Int(row[i - bpp]) : 0, c = i >= bpp ? Int(above[i - bpp]) : 0
                        row[i] = UInt8(truncatingIfNeeded: Self.predictor(4, a: a, b: Int(above[i]), c: c))
                    }
                }
                var out = [UInt8](repeating: 0, count: count + 1)
                row.withUnsafeBufferPointer { r in
                    above.withUnsafeBufferPointer { u in
                        out.withUnsafeMutableBufferPointer { o in
                            PNGFilter.filterAdaptive(row: r.baseAddress!, previous: u.baseAddress!, count: count,
                                                     bpp: bpp, out: o.baseAddress!)
                        }
                    }
                }
                seen.insert(out[0])
            }
        }
        #expect(seen == [0, 1, 2, 3, 4])
    }
}
