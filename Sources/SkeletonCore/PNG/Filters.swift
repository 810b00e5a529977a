/// PNG scanline filters (PNG spec section 9): types 0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth.
enum PNGFilter {
    @inline(__always)
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let ia = Int(a), ib = Int(b), ic = Int(c)
        let pa = abs(ib - ic)
        let pb = abs(ia - ic)
        let pc = abs(ia + ib - 2 * ic)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// The cost of a filtered byte under the minimum-sum-of-absolute-differences
    /// heuristic (PNG spec 12.8): the byte read as a signed value, made positive.
    @inline(__always)
    static func cost(_ x: UInt8) -> Int {
        Int(x < 128 ? x : 0 &- x)
    }

    /// Writes the filter type byte and the filtered `count` bytes of `row` to `out`,
    /// choosing the filter with the smallest heuristic cost (ties: lowest type).
    /// `previous` is nil for the first row (an all-zero row by definition).
    /// `bpp` is bytes per complete pixel, at least 1.
    static func filterAdaptive(
        row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>?, count: Int, bpp: Int,
        out: UnsafeMutablePointer<UInt8>
    ) {
        guard let up = previous else {
            // No row above: Up equals None, Average and Paeth reduce to Sub-like forms;
            // choose between None and Sub only.
            var none = 0, sub = 0
            for i in 0..<count {
                let x = row[i]
                let a: UInt8 = i >= bpp ? row[i - bpp] : 0
                none += cost(x)
                sub += cost(x &- a)
            }
            write(type: sub < none ? 1 : 0, row: row, previous: nil, count: count, bpp: bpp, out: out)
            return
        }
        // Identical rows: Up is all zeros, the cheapest possible.
        var same = true
        var k = 0
        while k < count {
            if row[k] != up[k] { same = false; break }
            k += 1
        }
        if same {
            write(type: 2, row: row, previous: up, count: count, bpp: bpp, out: out)
            return
        }
        var none = 0, sub = 0, upCost = 0, average = 0, paethCost = 0
        for i in 0..<count {
            let x = row[i]
            let b = up[i]
            let a: UInt8 = i >= bpp ? row[i - bpp] : 0
            let c: UInt8 = i >= bpp ? up[i - bpp] : 0
            none += cost(x)
            sub += cost(x &- a)
            upCost += cost(x &- b)
            average += cost(x &- UInt8((Int(a) + Int(b)) >> 1))
            paethCost += cost(x &- paeth(a, b, c))
        }
        var best: UInt8 = 0
        var bestCost = none
        if sub < bestCost { best = 1; bestCost = sub }
        if upCost < bestCost { best = 2; bestCost = upCost }
        if average < bestCost { best = 3; bestCost = average }
        if paethCost < bestCost { best = 4; bestCost = paethCost }
        write(type: best, row: row, previous: up, count: count, bpp: bpp, out: out)
    }

    /// Writes the type byte then `row` filtered with `type`.
    static func write(
        type: UInt8, row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>?, count: Int, bpp: Int,
        out: UnsafeMutablePointer<UInt8>
    ) {
        out[0] = type
        let o = out + 1
        switch type {
        case 0:
            o.update(from: row, count: count)
        case 1:
            for i in 0..<count { o[i] = row[i] &- (i >= bpp ? row[i - bpp] : 0) }
        case 2:
            if let up = previous {
                for i in 0..<count { o[i] = row[i] &- up[i] }
            } else {
                o.update(from: row, count: count)
            }
        case 3:
            for i in 0..<count {
                let a = i >= bpp ? Int(row[i - bpp]) : 0
                let b = previous.map { Int($0[i]) } ?? 0
                o[i] = row[i] &- UInt8((a + b) >> 1)
            }
        default:
            for i in 0..<count {
                let a: UInt8 = i >= bpp ? row[i - bpp] : 0
                let b: UInt8 = previous?[i] ?? 0
                let c: UInt8 = i >= bpp ? (previous?[i - bpp] ?? 0) : 0
                o[i] = row[i] &- paeth(a, b, c)
            }
        }
    }
}
