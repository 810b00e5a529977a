/// A canonical Huffman code for decoding: codes up to `fastBits` long resolve with one
/// table lookup; longer ones by comparing against each length's upper bound.
struct HuffmanDecoder {
    static let fastBits = 9
    /// Indexed by the next `fastBits` input bits: `length << 9 | symbol`, or 0 when the
    /// code is longer (or unassigned).
    var fast = [UInt16](repeating: 0, count: 1 << fastBits)
    /// First canonical code of each length, left-aligned in 16 bits after the last one.
    var firstCode = [Int](repeating: 0, count: 17)
    var firstSymbolIndex = [Int](repeating: 0, count: 17)
    /// One past the largest code of each length, left-aligned to 16 bits.
    var maxCode = [Int](repeating: 0, count: 18)
    /// Symbols in canonical order and their code lengths.
    var symbols: [UInt16] = []
    var sizes: [UInt8] = []

    /// Builds the decoder. Over-subscribed lengths are an error; incomplete codes are
    /// accepted and an unassigned code is reported when the data uses it.
    init(lengths: UnsafeBufferPointer<UInt8>) throws(PNGError) {
        var countAt = [Int](repeating: 0, count: 16)
        for l in lengths { countAt[Int(l)] += 1 }
        countAt[0] = 0
        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        var k = 0
        for len in 1..<16 {
            nextCode[len] = code
            firstCode[len] = code
            firstSymbolIndex[len] = k
            code += countAt[len]
            if countAt[len] > 0 && code - 1 >= (1 << len) {
                throw .badHuffmanCode("over-subscribed code lengths")
            }
            maxCode[len] = code << (16 - len)
            code <<= 1
            k += countAt[len]
        }
        maxCode[16] = 0x10000
        symbols = [UInt16](repeating: 0, count: max(k, 1))
        sizes = [UInt8](repeating: 0, count: max(k, 1))
        for (symbol, l) in lengths.enumerated() where l > 0 {
            let len = Int(l)
            let index = nextCode[len] - firstCode[len] + firstSymbolIndex[len]
            symbols[index] = UInt16(symbol)
            sizes[index] = l
            if len <= Self.fastBits {
                var j = Self.reverse(nextCode[len], len)
                while j < (1 << Self.fastBits) {
                    fast[j] = UInt16(len << 9 | symbol)
                    j += 1 << len
                }
            }
            nextCode[len] += 1
        }
    }

    @inline(__always)
    static func reverse(_ value: Int, _ bits: Int) -> Int {
        var v = value
        var r = 0
        for _ in 0..<bits {
            r = (r << 1) | (v & 1)
            v >>= 1
        }
        return r
    }
}
