/// Builds length-limited canonical Huffman codes for the compressor.
enum HuffmanBuilder {
    /// Code lengths (0 = unused) for symbols with the given frequencies, none longer
    /// than `limit`. Deterministic: ties are broken by symbol number. The code is always
    /// complete: a lone used symbol gets a partner of length 1 so every decoder accepts it.
    static func lengths(_ freq: [Int], limit: Int) -> [UInt8] {
        let n = freq.count
        var lengths = [UInt8](repeating: 0, count: n)
        // Used symbols, least frequent first; equal frequencies by symbol number.
        var symbols: [Int] = []
        for s in 0..<n where freq[s] > 0 { symbols.append(s) }
        if symbols.isEmpty { return lengths }
        if symbols.count == 1 {
            lengths[symbols[0]] = 1
            lengths[symbols[0] == 0 ? 1 : 0] = 1
            return lengths
        }
        symbols.sort { freq[$0] != freq[$1] ? freq[$0] < freq[$1] : $0 < $1 }
        let leafCount = symbols.count

        // Two-queue Huffman: leaves are sorted, merged nodes come out in non-decreasing
        // weight, so the two lightest are always at the front of one of the queues.
        // Node ids: 0..<leafCount leaves, leafCount... internal nodes.
        var weight = [Int](repeating: 0, count: 2 * leafCount)
        var parent = [Int](repeating: -1, count: 2 * leafCount)
        for i in 0..<leafCount { weight[i] = freq[symbols[i]] }
        var nextLeaf = 0
        var nextInternal = leafCount
        var internalEnd = leafCount
        func takeLightest() -> Int {
            if nextLeaf < leafCount && (nextInternal >= internalEnd || weight[nextLeaf] <= weight[nextInternal]) {
                nextLeaf += 1
                return nextLeaf - 1
            }
            nextInternal += 1
            return nextInternal - 1
        }
        for _ in 0..<(leafCount - 1) {
            let a = takeLightest()
            let b = takeLightest()
            weight[internalEnd] = weight[a] + weight[b]
            parent[a] = internalEnd
            parent[b] = internalEnd
            internalEnd += 1
        }
        // Depths: the root is the last node; parents always have larger ids.
        var depth = [Int](repeating: 0, count: internalEnd)
        var node = internalEnd - 2
        while node >= 0 {
            depth[node] = depth[parent[node]] + 1
            node -= 1
        }
        // How many leaves at each depth, with overlong ones clamped to `limit`.
        var countAt = [Int](repeating: 0, count: max(limit, 1) + 1)
        for i in 0..<leafCount { countAt[min(depth[i], limit)] += 1 }
        // Clamping can oversubscribe the code (Kraft sum > 1). Each step moves one leaf
        // from the deepest level down next to a shallower leaf that is pushed one deeper,
        // lowering the sum by one unit of 2^-limit, until it is exactly 1.
        var kraft = 0
        for len in 1...limit { kraft += countAt[len] << (limit - len) }
        while kraft > (1 << limit) {
            countAt[limit] -= 1
            var len = limit - 1
            while len > 0 && countAt[len] == 0 { len -= 1 }
            countAt[len] -= 1
            countAt[len + 1] += 2
            kraft -= 1
        }
        // Most frequent symbols take the shortest lengths.
        var index = leafCount - 1
        for len in 1...limit {
            var k = countAt[len]
            while k > 0 {
                lengths[symbols[index]] = UInt8(len)
                index -= 1
                k -= 1
            }
        }
        return lengths
    }

    /// Canonical codes (RFC 1951 3.2.2) for `lengths`, bit-reversed so they can be
    /// written least significant bit first.
    static func reversedCodes(_ lengths: [UInt8]) -> [UInt16] {
        var countAt = [Int](repeating: 0, count: 16)
        for l in lengths { countAt[Int(l)] += 1 }
        countAt[0] = 0
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for len in 1..<16 {
            code = (code + countAt[len - 1]) << 1
            next[len] = code
        }
        var codes = [UInt16](repeating: 0, count: lengths.count)
        for s in 0..<lengths.count {
            let len = Int(lengths[s])
            if len == 0 { continue }
            var c = next[len]
            next[len] += 1
            var reversed = 0
            for _ in 0..<len {
                reversed = (reversed << 1) | (c & 1)
                c >>= 1
            }
            codes[s] = UInt16(reversed)
        }
        return codes
    }
}
