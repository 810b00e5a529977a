/// Collects LZ77 symbols for one deflate block and writes the block in whichever
/// encoding is smallest: dynamic Huffman, fixed Huffman, or stored.
struct BlockWriter {
    /// A literal byte (< 256), or `matchFlag | (length - 3) << 16 | distance`.
    private(set) var symbols: [UInt32] = []
    private var literalFrequency = [Int](repeating: 0, count: 286)
    private var distanceFrequency = [Int](repeating: 0, count: 30)
    /// Input offset where the current block's bytes begin (for the stored fallback).
    private(set) var blockStart = 0
    static let matchFlag: UInt32 = 0x8000_0000

    var symbolCount: Int { symbols.count }

    /// `expectedSymbols`: at most the block's size (why: a block never has more symbols
    /// than input bytes, and most images are far smaller than a block).
    init(expectedSymbols: Int = LZ77Compressor.blockSymbols) {
        symbols.reserveCapacity(expectedSymbols + 8)
    }

    @inline(__always)
    mutating func literal(_ byte: UInt8) {
        symbols.append(UInt32(byte))
        literalFrequency[Int(byte)] += 1
    }

    @inline(__always)
    mutating func match(length: Int, distance: Int) {
        symbols.append(Self.matchFlag | (UInt32(length - 3) << 16) | UInt32(distance))
        DeflateTables.lengthCodeOfLength.withUnsafeBufferPointer { literalFrequency[257 + Int($0[length - 3])] += 1 }
        DeflateTables.distanceCodeTable.withUnsafeBufferPointer {
            distanceFrequency[DeflateTables.distanceCode(distance, $0)] += 1
        }
    }

    /// Writes the block covering input `blockStart..<end` and starts a new one.
    mutating func flush(input: UnsafeBufferPointer<UInt8>, end: Int, final: Bool, into writer: inout BitWriter) {
        literalFrequency[256] = 1
        let litLengths = HuffmanBuilder.lengths(literalFrequency, limit: 15)
        var distFreq = distanceFrequency
        // A block without matches still needs one distance code to describe.
        if distFreq.allSatisfy({ $0 == 0 }) { distFreq[0] = 1 }
        let distLengths = HuffmanBuilder.lengths(distFreq, limit: 15)
        let header = DynamicHeader(literalLengths: litLengths, distanceLengths: distLengths)

        // Bits the symbols cost under a given pair of code lengths.
        func payloadBits(_ lit: [UInt8], _ dist: [UInt8]) -> Int {
            var bits = 0
            for s in 0..<286 where literalFrequency[s] > 0 {
                bits += literalFrequency[s] * Int(lit[s])
                if s >= 257 { bits += literalFrequency[s] * Int(DeflateTables.lengthExtra[s - 257]) }
            }
            for d in 0..<30 where distanceFrequency[d] > 0 {
                bits += distanceFrequency[d] * (Int(dist[d]) + Int(DeflateTables.distanceExtra[d]))
            }
            return bits
        }
        let dynamicBits = 3 + header.bitCount + payloadBits(litLengths, distLengths)
        let fixedBits = 3 + payloadBits(FixedCodes.literalLengths, FixedCodes.distanceLengths)
        let rawCount = end - blockStart
        // Worst case: 7 bits of padding, then per 65535-byte piece a 3-bit header
        // padded to a byte and LEN/NLEN.
        let pieces = max(1, (rawCount + 65534) / 65535)
        let storedBits = 7 + pieces * 40 + rawCount * 8

        if dynamicBits <= fixedBits && dynamicBits <= storedBits {
            writer.write(final ? 1 : 0, 1)
            writer.write(2, 2)
            header.write(into: &writer)
            writeSymbols(litLengths, distLengths, into: &writer)
        } else if fixedBits <= storedBits {
            writer.write(final ? 1 : 0, 1)
            writer.write(1, 2)
            writeSymbols(FixedCodes.literalLengths, FixedCodes.distanceLengths, into: &writer)
        } else {
            var start = blockStart
            repeat {
                let count = min(65535, end - start)
                let last = final && start + count == end
                writer.write(last ? 1 : 0, 1)
                writer.write(0, 2)
                writer.alignToByte()
                writer.write(UInt32(count), 16)
                writer.write(UInt32(count) ^ 0xFFFF, 16)
                writer.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<(start + count)]))
                start += count
            } while start < end
        }
        symbols.removeAll(keepingCapacity: true)
        for i in 0..<286 { literalFrequency[i] = 0 }
        for i in 0..<30 { distanceFrequency[i] = 0 }
        blockStart = end
    }

    private func writeSymbols(_ litLengths: [UInt8], _ distLengths: [UInt8], into writer: inout BitWriter) {
        let litCodes = HuffmanBuilder.reversedCodes(litLengths)
        let distCodes = HuffmanBuilder.reversedCodes(distLengths)
        litCodes.withUnsafeBufferPointer { lc in
        litLengths.withUnsafeBufferPointer { ll in
        distCodes.withUnsafeBufferPointer { dc in
        distLengths.withUnsafeBufferPointer { dl in
        DeflateTables.lengthCodeOfLength.withUnsafeBufferPointer { lengthCode in
        DeflateTables.distanceCodeTable.withUnsafeBufferPointer { distanceCode in
        DeflateTables.lengthBase.withUnsafeBufferPointer { lengthBase in
        DeflateTables.lengthExtra.withUnsafeBufferPointer { lengthExtra in
        DeflateTables.distanceBase.withUnsafeBufferPointer { distanceBase in
        DeflateTables.distanceExtra.withUnsafeBufferPointer { distanceExtra in
            for symbol in symbols {
                if symbol & Self.matchFlag == 0 {
                    let s = Int(symbol)
                    writer.write(UInt32(lc[s]), Int(ll[s]))
                } else {
                    let length = Int((symbol >> 16) & 0xFF) + 3
                    let distance = Int(symbol & 0xFFFF)
                    let code = Int(lengthCode[length - 3])
                    writer.write(UInt32(lc[257 + code]), Int(ll[257 + code]))
                    let lx = Int(lengthExtra[code])
                    if lx > 0 { writer.write(UInt32(length - Int(lengthBase[code])), lx) }
                    let d = DeflateTables.distanceCode(distance, distanceCode)
                    writer.write(UInt32(dc[d]), Int(dl[d]))
                    let dx = Int(distanceExtra[d])
                    if dx > 0 { writer.write(UInt32(distance - Int(distanceBase[d])), dx) }
                }
            }
            writer.write(UInt32(lc[256]), Int(ll[256]))
        }}}}}}}}}}
    }
}

/// The fixed Huffman code lengths of RFC 1951 3.2.6.
enum FixedCodes {
    static let literalLengths: [UInt8] = (0..<288).map { s in
        s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8
    }
    static let distanceLengths = [UInt8](repeating: 5, count: 30)
}

/// The code-length header of a dynamic block: literal/length and distance code lengths,
/// run-length coded with symbols 16/17/18, themselves Huffman coded (7-bit limit).
struct DynamicHeader {
    let literalCount: Int
    let distanceCount: Int
    /// Run-length symbols (0...18) with their extra-bit values.
    private var runs: [(symbol: UInt8, extra: UInt8)] = []
    private let codeLengthLengths: [UInt8]
    private let codeLengthCount: Int
    /// Size of the header after the 3 block-type bits.
    private(set) var bitCount = 0

    init(literalLengths: [UInt8], distanceLengths: [UInt8]) {
        var hlit = 286
        while hlit > 257 && literalLengths[hlit - 1] == 0 { hlit -= 1 }
        var hdist = 30
        while hdist > 1 && distanceLengths[hdist - 1] == 0 { hdist -= 1 }
        literalCount = hlit
        distanceCount = hdist
        let all = Array(literalLengths[0..<hlit]) + Array(distanceLengths[0..<hdist])
        var i = 0
        while i < all.count {
            let value = all[i]
            var run = 1
            while i + run < all.count && all[i + run] == value { run += 1 }
            if value == 0 && run >= 3 {
                let take = min(run, 138)
                if take >= 11 { runs.append((18, UInt8(take - 11))) } else { runs.append((17, UInt8(take - 3))) }
                i += take
            } else if value != 0 && run >= 4 {
                // The value once, then repeats of 3...6.
                runs.append((value, 0))
                let take = min(run - 1, 6)
                runs.append((16, UInt8(take - 3)))
                i += 1 + take
            } else {
                runs.append((value, 0))
                i += 1
            }
        }
        var frequency = [Int](repeating: 0, count: 19)
        for r in runs { frequency[Int(r.symbol)] += 1 }
        codeLengthLengths = HuffmanBuilder.lengths(frequency, limit: 7)
        var hclen = 19
        while hclen > 4 && codeLengthLengths[DeflateTables.codeLengthOrder[hclen - 1]] == 0 { hclen -= 1 }
        codeLengthCount = hclen
        var bits = 5 + 5 + 4 + 3 * hclen
        for r in runs {
            bits += Int(codeLengthLengths[Int(r.symbol)])
            bits += r.symbol == 16 ? 2 : r.symbol == 17 ? 3 : r.symbol == 18 ? 7 : 0
        }
        bitCount = bits
    }

    func write(into writer: inout BitWriter) {
        writer.write(UInt32(literalCount - 257), 5)
        writer.write(UInt32(distanceCount - 1), 5)
        writer.write(UInt32(codeLengthCount - 4), 4)
        for k in 0..<codeLengthCount {
            writer.write(UInt32(codeLengthLengths[DeflateTables.codeLengthOrder[k]]), 3)
        }
        let codes = HuffmanBuilder.reversedCodes(codeLengthLengths)
        for r in runs {
            let s = Int(r.symbol)
            writer.write(UInt32(codes[s]), Int(codeLengthLengths[s]))
            switch s {
            case 16: writer.write(UInt32(r.extra), 2)
            case 17: writer.write(UInt32(r.extra), 3)
            case 18: writer.write(UInt32(r.extra), 7)
            default: break
            }
        }
    }
}
