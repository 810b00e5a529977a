/// PNG scanline filters (PNG spec section 9): types 0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth.
enum PNGFilter {
    @inline(__always)
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let ia = Int32(a), ib = Int32(b), ic = Int32(c)
        let pa = (ib &- ic).magnitude
        let pb = (ia &- ic).magnitude
        let pc = (ia &+ ib &- 2 &* ic).magnitude
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// The cost of a filtered byte under the minimum-sum-of-absolute-differences
    /// heuristic (PNG spec 12.8): the byte read as a signed value, made positive.
    @inline(__always)
    static func cost(_ x: UInt8) -> Int {
        Int(Int8(bitPattern: x).magnitude)
    }

    @inline(__always)
    static func load16(_ p: UnsafePointer<UInt8>) -> SIMD16<UInt8> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD16<UInt8>.self)
    }

    /// `cost` per lane, widened for summing.
    @inline(__always)
    static func cost16(_ x: SIMD16<UInt8>) -> SIMD16<UInt16> {
        // |signed byte| by the sign-mask trick: masks compile to plain vector ops,
        // where SIMD comparisons and `replacing` do not.
        let signed = SIMD16<Int8>(truncatingIfNeeded: x)
        let sign = signed &>> 7
        let magnitude = SIMD16<UInt8>(truncatingIfNeeded: (signed ^ sign) &- sign)
        return SIMD16<UInt16>(truncatingIfNeeded: magnitude)
    }

    /// floor((a + b) / 2) per lane without overflow.
    @inline(__always)
    static func average16(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>) -> SIMD16<UInt8> {
        (a & b) &+ ((a ^ b) &>> 1)
    }

    @inline(__always)
    static func absolute(_ v: SIMD16<Int16>) -> SIMD16<Int16> {
        let sign = v &>> 15
        return (v ^ sign) &- sign
    }

    /// The Paeth predictor per lane, same tie order as `paeth`.
    @inline(__always)
    static func paeth16(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>, _ c: SIMD16<UInt8>) -> SIMD16<UInt8> {
        let a16 = SIMD16<Int16>(truncatingIfNeeded: a)
        let b16 = SIMD16<Int16>(truncatingIfNeeded: b)
        let c16 = SIMD16<Int16>(truncatingIfNeeded: c)
        let db = b16 &- c16, da = a16 &- c16, dp = db &+ da
        let pa = absolute(db), pb = absolute(da), pc = absolute(dp)
        // All-ones lanes where the condition holds: x <= y exactly when y - x >= 0.
        let takeA = ~((pb &- pa) &>> 15) & ~((pc &- pa) &>> 15)
        let takeB = ~((pc &- pb) &>> 15)
        let bOrC = (b16 & takeB) | (c16 & ~takeB)
        return SIMD16<UInt8>(truncatingIfNeeded: (a16 & takeA) | (bOrC & ~takeA))
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
        // The first pixel has no left neighbour (a = c = 0); split it off so the main
        // loop has no per-byte bounds test.
        let head = min(bpp, count)
        for i in 0..<head {
            let x = row[i], b = up[i]
            none &+= cost(x)
            sub &+= cost(x)
            upCost &+= cost(x &- b)
            average &+= cost(x &- (b >> 1))
            paethCost &+= cost(x &- b)  // Paeth(0, b, 0) = b
        }
        var i = head
        // 16 bytes at a time. Per-lane sums stay below 2^16 for 256 steps (at most
        // 128 per byte), so they are widened into the totals every 256 steps.
        while i + 16 <= count {
            var sums = (SIMD16<UInt16>(), SIMD16<UInt16>(), SIMD16<UInt16>(), SIMD16<UInt16>(), SIMD16<UInt16>())
            var steps = 0
            while i + 16 <= count && steps < 256 {
                let x = load16(row + i), b = load16(up + i)
                let a = load16(row + i - bpp), c = load16(up + i - bpp)
                sums.0 &+= cost16(x)
                sums.1 &+= cost16(x &- a)
                sums.2 &+= cost16(x &- b)
                sums.3 &+= cost16(x &- average16(a, b))
                sums.4 &+= cost16(x &- paeth16(a, b, c))
                i += 16
                steps += 1
            }
            none &+= Int(sums.0.wrappedSum32)
            sub &+= Int(sums.1.wrappedSum32)
            upCost &+= Int(sums.2.wrappedSum32)
            average &+= Int(sums.3.wrappedSum32)
            paethCost &+= Int(sums.4.wrappedSum32)
        }
        while i < count {
            let x = row[i], b = up[i], a = row[i - bpp], c = up[i - bpp]
            none &+= cost(x)
            sub &+= cost(x &- a)
            upCost &+= cost(x &- b)
            average &+= cost(x &- UInt8((UInt16(a) &+ UInt16(b)) >> 1))
            paethCost &+= cost(x &- paeth(a, b, c))
            i += 1
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
            let head = min(bpp, count)
            o.update(from: row, count: head)
            var i = head
            while i < count { o[i] = row[i] &- row[i - bpp]; i += 1 }
        case 2:
            if let up = previous {
                for i in 0..<count { o[i] = row[i] &- up[i] }
            } else {
                o.update(from: row, count: count)
            }
        case 3:
            let head = min(bpp, count)
            if let up = previous {
                for i in 0..<head { o[i] = row[i] &- (up[i] >> 1) }
                var i = head
                while i < count {
                    o[i] = row[i] &- UInt8((UInt16(row[i - bpp]) &+ UInt16(up[i])) >> 1)
                    i += 1
                }
            } else {
                o.update(from: row, count: head)
                var i = head
                while i < count { o[i] = row[i] &- (row[i - bpp] >> 1); i += 1 }
            }
        default:
            let head = min(bpp, count)
            if let up = previous {
                for i in 0..<head { o[i] = row[i] &- up[i] }
                var i = head
                while i + 16 <= count {
                    let v = load16(row + i) &- paeth16(load16(row + i - bpp), load16(up + i), load16(up + i - bpp))
                    UnsafeMutableRawPointer(o + i).storeBytes(of: v, as: SIMD16<UInt8>.self)
                    i += 16
                }
                while i < count {
                    o[i] = row[i] &- paeth(row[i - bpp], up[i], up[i - bpp])
                    i += 1
                }
            } else {
                o.update(from: row, count: head)
                var i = head
                while i < count { o[i] = row[i] &- row[i - bpp]; i += 1 }
            }
        }
    }
}

extension SIMD16 where Scalar == UInt16 {
    /// Sum of the lanes (each below 2^16) as 32 bits, so it cannot wrap.
    @inline(__always)
    var wrappedSum32: UInt32 {
        SIMD16<UInt32>(truncatingIfNeeded: self).wrappedSum()
    }
}
