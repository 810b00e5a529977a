/// zlib (RFC 1950) / deflate (RFC 1951) decompression into a buffer of known size.
/// Hostile input ends in a `PNGError`, never a trap: every length, distance and
/// count is checked before use, and output can never exceed `expectedSize`.
///
/// Memory follows the data, not the header (site/reference/limits.md, "PNG decode
/// bounds"): the output starts at `InflateOutput.initialCapacity` and doubles as
/// inflated bytes arrive, so a tiny file that claims a huge image costs nothing
/// before it fails.
public enum Inflate {
    /// Decompresses the zlib stream `input`, which must produce exactly
    /// `expectedSize` bytes. Bytes after the Adler-32 trailer are ignored.
    public static func zlibDecompress(_ input: [UInt8], expectedSize: Int) throws(PNGError) -> [UInt8] {
        let output = try zlibDecompressGrowing(input, expectedSize: expectedSize)
        return Array(UnsafeBufferPointer(start: output.base, count: output.count))
    }

    /// As `zlibDecompress`, without the final copy into an array; `peakCapacity` of the
    /// result tells how much was ever reserved.
    static func zlibDecompressGrowing(_ input: [UInt8], expectedSize: Int) throws(PNGError) -> InflateOutput {
        let output = InflateOutput(limit: expectedSize)
        try zlibDecompress(input, into: output)
        return output
    }

    /// Inflates into `output` (which keeps what was produced and its peak capacity
    /// even when this throws, so tests can check the bound on failing input too).
    static func zlibDecompress(_ input: [UInt8], into output: InflateOutput) throws(PNGError) {
        guard input.count >= 2 else { throw .truncatedData }
        let cmf = Int(input[0]), flg = Int(input[1])
        if cmf & 0x0F != 8 { throw .badZlibHeader("compression method \(cmf & 0x0F), not 8 (deflate)") }
        if cmf >> 4 > 7 { throw .badZlibHeader("window size exponent \(cmf >> 4) above 7") }
        if (cmf << 8 | flg) % 31 != 0 { throw .badZlibHeader("check bits (FCHECK) wrong") }
        if flg & 0x20 != 0 { throw .badZlibHeader("preset dictionary not allowed") }
        let result: Result<Int, PNGError> = input.withUnsafeBufferPointer { inp in
            var state = InflateState(input: inp, start: 2, output: output)
            do throws(PNGError) {
                try state.run()
                // Trailer: big-endian Adler-32 of the output, on a byte boundary.
                state.reader.alignToByte()
                var stored: UInt32 = 0
                for _ in 0..<4 {
                    guard let byte = state.reader.readAlignedByte() else { throw PNGError.truncatedData }
                    stored = stored << 8 | UInt32(byte)
                }
                var adler = Adler32()
                adler.update(UnsafeBufferPointer(start: output.base, count: output.count))
                if adler.value != stored { throw PNGError.badAdler32(expected: stored, actual: adler.value) }
                return .success(output.count)
            } catch {
                return .failure(error)
            }
        }
        let produced = try result.get()
        if produced < output.limit { throw .tooLittleData(expected: output.limit, actual: produced) }
    }
}

/// Reads bits least significant first; past the end it supplies zero bytes and
/// counts them, so callers can tell real data from padding.
struct BitReader {
    let input: UnsafeBufferPointer<UInt8>
    var position: Int
    var buffer: UInt64 = 0
    var bitCount = 0
    /// Zero bytes supplied after the input ran out.
    var padding = 0

    init(input: UnsafeBufferPointer<UInt8>, start: Int) {
        self.input = input
        self.position = start
    }

    /// True once bits beyond the real input have been consumed.
    var overran: Bool { padding * 8 > bitCount }

    @inline(__always)
    mutating func refill() {
        while bitCount <= 56 {
            if position < input.count {
                buffer |= UInt64(input[position]) << UInt64(bitCount)
                position += 1
            } else {
                padding += 1
            }
            bitCount += 8
        }
    }

    @inline(__always)
    mutating func bits(_ n: Int) -> Int {
        if bitCount < n { refill() }
        let value = Int(buffer & ((1 << UInt64(n)) - 1))
        buffer >>= UInt64(n)
        bitCount -= n
        return value
    }

    mutating func alignToByte() {
        let drop = bitCount & 7
        buffer >>= UInt64(drop)
        bitCount -= drop
    }

    /// Next whole byte after `alignToByte`; nil past the real input.
    mutating func readAlignedByte() -> UInt8? {
        if bitCount >= 8 {
            if overranAfterTaking(8) { return nil }
            let b = UInt8(truncatingIfNeeded: buffer)
            buffer >>= 8
            bitCount -= 8
            return b
        }
        guard position < input.count else { return nil }
        position += 1
        return input[position - 1]
    }

    /// Whether taking `n` more bits would consume padding.
    func overranAfterTaking(_ n: Int) -> Bool { padding * 8 > bitCount - n }
}

struct InflateState {
    var reader: BitReader
    let output: InflateOutput
    /// Bytes produced so far; stored into `output.count` whenever a block ends or fails.
    var outPosition = 0

    init(input: UnsafeBufferPointer<UInt8>, start: Int, output: InflateOutput) {
        reader = BitReader(input: input, start: start)
        self.output = output
    }

    mutating func run() throws(PNGError) {
        defer { output.count = outPosition }
        var final = false
        while !final {
            final = reader.bits(1) == 1
            let type = reader.bits(2)
            if reader.overran { throw .truncatedData }
            switch type {
            case 0: try stored()
            case 1:
                try codes(FixedDecoders.literal, FixedDecoders.distance)
            case 2:
                let (literal, distance) = try dynamicTables()
                try codes(literal, distance)
            default: throw .badBlockType
            }
        }
    }

    private mutating func stored() throws(PNGError) {
        reader.alignToByte()
        var header = [Int](repeating: 0, count: 4)
        for i in 0..<4 {
            guard let b = reader.readAlignedByte() else { throw .truncatedData }
            header[i] = Int(b)
        }
        let length = header[0] | header[1] << 8
        let complement = header[2] | header[3] << 8
        if length != complement ^ 0xFFFF { throw .badStoredLength }
        for _ in 0..<length {
            guard let b = reader.readAlignedByte() else { throw .truncatedData }
            if outPosition >= output.capacity { try output.makeRoom(for: 1, at: outPosition) }
            output.base[outPosition] = b
            outPosition += 1
        }
    }

    private mutating func dynamicTables() throws(PNGError) -> (HuffmanDecoder, HuffmanDecoder) {
        let hlit = reader.bits(5) + 257
        let hdist = reader.bits(5) + 1
        let hclen = reader.bits(4) + 4
        if reader.overran { throw .truncatedData }
        if hlit > 286 { throw .badHuffmanCode("\(hlit) literal/length codes (at most 286)") }
        if hdist > 30 { throw .badHuffmanCode("\(hdist) distance codes (at most 30)") }
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for i in 0..<hclen { codeLengthLengths[DeflateTables.codeLengthOrder[i]] = UInt8(reader.bits(3)) }
        let codeLengthDecoder = try codeLengthLengths.withUnsafeBufferPointer { (p) throws(PNGError) in
            try HuffmanDecoder(lengths: p)
        }
        var lengths = [UInt8](repeating: 0, count: hlit + hdist)
        var i = 0
        while i < hlit + hdist {
            let symbol = try decode(codeLengthDecoder)
            if symbol < 16 {
                lengths[i] = UInt8(symbol)
                i += 1
                continue
            }
            var repeatValue: UInt8 = 0
            let count: Int
            switch symbol {
            case 16:
                if i == 0 { throw .badHuffmanCode("repeat of a code length with none before it") }
                repeatValue = lengths[i - 1]
                count = 3 + reader.bits(2)
            case 17: count = 3 + reader.bits(3)
            default: count = 11 + reader.bits(7)
            }
            if i + count > hlit + hdist { throw .badHuffmanCode("code length repeat past the end of the table") }
            for _ in 0..<count {
                lengths[i] = repeatValue
                i += 1
            }
        }
        if reader.overran { throw .truncatedData }
        if lengths[256] == 0 { throw .badHuffmanCode("no code for end-of-block") }
        return try lengths.withUnsafeBufferPointer { (all) throws(PNGError) in
            let literal = try HuffmanDecoder(lengths: UnsafeBufferPointer(rebasing: all[0..<hlit]))
            let distance = try HuffmanDecoder(lengths: UnsafeBufferPointer(rebasing: all[hlit...]))
            return (literal, distance)
        }
    }

    @inline(__always)
    private mutating func decode(_ h: HuffmanDecoder) throws(PNGError) -> Int {
        if reader.bitCount < 16 { reader.refill() }
        let entry = Int(h.fast[Int(reader.buffer & UInt64((1 << HuffmanDecoder.fastBits) - 1))])
        if entry != 0 {
            let len = entry >> 9
            reader.buffer >>= UInt64(len)
            reader.bitCount -= len
            return entry & 0x1FF
        }
        // Slow path: the code is longer than the fast table (or unassigned).
        let k = HuffmanDecoder.reverse(Int(reader.buffer & 0xFFFF), 16)
        var len = HuffmanDecoder.fastBits + 1
        while len < 16 && k >= h.maxCode[len] { len += 1 }
        if len >= 16 { throw .badHuffmanCode("code not in the table") }
        let index = (k >> (16 - len)) - h.firstCode[len] + h.firstSymbolIndex[len]
        if index < 0 || index >= h.sizes.count || Int(h.sizes[index]) != len {
            throw .badHuffmanCode("code not in the table")
        }
        reader.buffer >>= UInt64(len)
        reader.bitCount -= len
        return Int(h.symbols[index])
    }

    private mutating func codes(_ literal: HuffmanDecoder, _ distance: HuffmanDecoder) throws(PNGError) {
        var out = output.base
        var capacity = output.capacity
        while true {
            let symbol = try decode(literal)
            if symbol < 256 {
                if outPosition >= capacity {
                    try output.makeRoom(for: 1, at: outPosition)
                    (out, capacity) = (output.base, output.capacity)
                }
                out[outPosition] = UInt8(symbol)
                outPosition += 1
                continue
            }
            if symbol == 256 {
                if reader.overran { throw .truncatedData }
                return
            }
            let lengthIndex = symbol - 257
            if lengthIndex >= 29 { throw .badHuffmanCode("literal/length symbol \(symbol) is reserved") }
            let length = Int(DeflateTables.lengthBase[lengthIndex]) + reader.bits(Int(DeflateTables.lengthExtra[lengthIndex]))
            let distanceSymbol = try decode(distance)
            if distanceSymbol >= 30 { throw .badHuffmanCode("distance symbol \(distanceSymbol) is reserved") }
            let dist = Int(DeflateTables.distanceBase[distanceSymbol]) + reader.bits(Int(DeflateTables.distanceExtra[distanceSymbol]))
            if reader.overran { throw .truncatedData }
            if dist > outPosition { throw .distanceTooFar(distance: dist, available: outPosition) }
            if length > capacity - outPosition {
                try output.makeRoom(for: length, at: outPosition)
                (out, capacity) = (output.base, output.capacity)
            }
            var from = outPosition - dist
            if dist >= length {
                (out + outPosition).update(from: out + from, count: length)
                outPosition += length
            } else {
                // Overlapping copy repeats the last `dist` bytes; must go byte by byte.
                let end = outPosition + length
                while outPosition < end {
                    out[outPosition] = out[from]
                    outPosition += 1
                    from += 1
                }
            }
        }
    }
}

/// Decoders for the fixed codes of block type 1.
enum FixedDecoders {
    static let literal: HuffmanDecoder = {
        let lengths = FixedCodes.literalLengths
        return try! lengths.withUnsafeBufferPointer { (p) throws(PNGError) in try HuffmanDecoder(lengths: p) }
    }()
    static let distance: HuffmanDecoder = {
        let lengths = [UInt8](repeating: 5, count: 32)
        return try! lengths.withUnsafeBufferPointer { (p) throws(PNGError) in try HuffmanDecoder(lengths: p) }
    }()
}
