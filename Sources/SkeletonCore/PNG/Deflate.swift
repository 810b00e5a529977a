/// A zlib (RFC 1950) compressor producing deflate (RFC 1951) blocks: LZ77 over a
/// 32 KiB window with hash chains, direct tries of the run and the rows above, and
/// one-step lazy matching, then per block the cheapest of dynamic Huffman, fixed
/// Huffman or stored. Deterministic bytes.
public enum Deflate {
    /// How hard the match finder searches. The defaults were tuned on skeleton frames
    /// (flat runs, repeated rows, gradient bands) to come out smaller than zlib level 6,
    /// which Pillow's default PNG save uses, in a fraction of its time.
    public struct Effort: Sendable {
        /// Most chain links followed per position. 32 (why: with the run and the rows
        /// above tried first, see `rowStride`, most long matches of a skeleton frame are
        /// found without the chain; on the bundled site's stills 128 links made files
        /// 2% smaller for 40% more encoding time; site/reference/output-folder.md, "PNG size").
        public var maxChain: Int
        /// Stop searching once a match this long is found.
        public var niceLength: Int
        /// Only try the next position (lazy matching) when the match is shorter than this.
        /// 258, always (why: on the bundled site's stills 16 left files 4% larger; the
        /// extra searches cost less than the chain links saved by `maxChain` 32).
        public var lazyBelow: Int
        /// Matches longer than this hash only every `sparseInsertStep`-th inner position
        /// and their last three, not all of them (zlib's max_insert_length idea, thinned
        /// rather than cut). 32 with step 4 (why: on the build benchmark's components
        /// hashing every position of a row-long match was a fifth of encoding; thinned,
        /// encoding is about 20% faster and files 2% smaller, because chains stay short
        /// and recent; a 1024² frame of long rows grows 4%).
        public var maxInsertLength: Int
        /// See `maxInsertLength`.
        public var sparseInsertStep: Int
        /// The same for runs (matches at distance 1), which skeleton images are full of:
        /// every inner position of a run holds the same string, so hashing them costs
        /// time and finds nothing the run's last positions do not.
        public var maxRunInsertLength: Int
        /// Drop length-3 matches further back than this: they cost more than literals.
        public var tooFar: Int
        /// Once the best match is at least this long, follow only a quarter of the links
        /// left (zlib's good_length idea: a longer one is rarely found further back).
        /// 64 (why: on `SkeletonBench component`, 500 components, CPU time of painting
        /// and encoding fell 10%, about 15% of encoding, for files 3.7% larger; 32 cost
        /// 4% in size for no more speed; 258 turns it off, the bytes before).
        public var goodLength: Int
        /// Bytes from one scanline to the same place in the next (the filter byte
        /// included), or 0 when the data has no rows. Every search first tries
        /// distance 1 (a run) and, when set, one and two scanlines back: in flat images
        /// those hold most long matches, and a hash chain of a flat colour is full of
        /// run ends, so it often misses them.
        public var rowStride: Int
        public init(maxChain: Int = 32, niceLength: Int = 258, lazyBelow: Int = 258, maxInsertLength: Int = 32,
                    sparseInsertStep: Int = 4, maxRunInsertLength: Int = 16, tooFar: Int = 4096, goodLength: Int = 64,
                    rowStride: Int = 0) {
            self.goodLength = goodLength
            self.rowStride = max(0, rowStride)
            self.maxChain = maxChain
            self.niceLength = niceLength
            self.lazyBelow = lazyBelow
            self.maxInsertLength = maxInsertLength
            self.sparseInsertStep = max(1, sparseInsertStep)
            self.maxRunInsertLength = maxRunInsertLength
            self.tooFar = tooFar
        }
    }

    /// A complete zlib stream of `data`.
    public static func zlibCompress(_ data: [UInt8], effort: Effort = Effort()) -> [UInt8] {
        var writer = BitWriter(reservingCapacity: data.count / 8 + 64)
        // CMF 0x78: deflate with a 32 KiB window. FLG 0x9C: the "default level" hint
        // (informative only) with the check bits that make 0x789C a multiple of 31.
        writer.write(0x78, 8)
        writer.write(0x9C, 8)
        data.withUnsafeBufferPointer { input in
            var compressor = LZ77Compressor(input: input, effort: effort)
            compressor.run(into: &writer)
        }
        writer.alignToByte()
        let adler = Adler32.checksum(data)
        writer.bytes.append(UInt8(truncatingIfNeeded: adler >> 24))
        writer.bytes.append(UInt8(truncatingIfNeeded: adler >> 16))
        writer.bytes.append(UInt8(truncatingIfNeeded: adler >> 8))
        writer.bytes.append(UInt8(truncatingIfNeeded: adler))
        return writer.bytes
    }
}

/// Finds matches and hands blocks of symbols to `BlockWriter`.
struct LZ77Compressor {
    static let windowSize = 32768
    static let hashBits = 15
    /// Symbols per block: enough to amortise a dynamic header, small enough that the
    /// codes follow changes in the data.
    static let blockSymbols = 1 << 15

    let input: UnsafeBufferPointer<UInt8>
    let effort: Deflate.Effort
    var block: BlockWriter

    init(input: UnsafeBufferPointer<UInt8>, effort: Deflate.Effort) {
        self.input = input
        self.effort = effort
        self.block = BlockWriter(expectedSymbols: min(input.count, Self.blockSymbols))
    }

    mutating func run(into writer: inout BitWriter) {
        let n = input.count
        let head = UnsafeMutablePointer<Int32>.allocate(capacity: 1 << Self.hashBits)
        head.initialize(repeating: -1, count: 1 << Self.hashBits)
        // Not initialised (why: 128 KiB of stores per image, most of them small): a chain
        // only ever reaches positions that were inserted, and inserting one writes its
        // slot first, so no slot is read before it is written.
        let prev = UnsafeMutablePointer<Int32>.allocate(capacity: Self.windowSize)
        defer {
            head.deallocate()
            prev.deallocate()
        }
        guard let base = input.baseAddress, n > 0 else {
            block.flush(input: input, end: 0, final: true, into: &writer)
            return
        }
        let mask = Self.windowSize - 1
        let maxChain = effort.maxChain
        let nice = min(effort.niceLength, 258)
        let lazyBelow = effort.lazyBelow
        let tooFar = effort.tooFar
        let good = effort.goodLength
        // Distances tried before the chain: the run, then one and two scanlines back.
        let rowStride = effort.rowStride
        let hintCount = rowStride > 1 ? (2 * rowStride <= Self.windowSize ? 3 : rowStride <= Self.windowSize ? 2 : 1) : 1

        @inline(__always) func hashAt(_ i: Int) -> Int {
            let v = UInt32(base[i]) | (UInt32(base[i + 1]) << 8) | (UInt32(base[i + 2]) << 16)
            return Int((v &* 0x9E37_79B1) >> UInt32(32 - Self.hashBits))
        }
        @inline(__always) func insert(_ i: Int) -> Int32 {
            let h = hashAt(i)
            let candidate = head[h]
            prev[i & mask] = candidate
            head[h] = Int32(truncatingIfNeeded: i)
            return candidate
        }
        /// Longest match for position `i` starting at chain entry `first`.
        @inline(__always) func longest(_ i: Int, _ first: Int32) -> (Int, Int) {
            let limit = min(258, n - i)
            if limit < 3 { return (0, 0) }
            var best = 2
            var bestDistance = 0
            var candidate = Int(first)
            var chain = maxChain
            let here = UnsafeRawPointer(base + i)
            @inline(__always) func extend(_ from: Int) -> Int {
                let there = UnsafeRawPointer(base + from)
                var length = 0
                while length + 8 <= limit {
                    let x = here.loadUnaligned(fromByteOffset: length, as: UInt64.self)
                        ^ there.loadUnaligned(fromByteOffset: length, as: UInt64.self)
                    if x != 0 { return length + (x.littleEndian.trailingZeroBitCount >> 3) }
                    length += 8
                }
                while length < limit && base[from + length] == base[i + length] { length += 1 }
                return length
            }
            var hint = 0
            while hint < hintCount {
                let d = hint == 0 ? 1 : hint * rowStride
                hint += 1
                if d > i { break }
                let c = i - d
                if base[c + best] == base[i + best] && base[c] == base[i] {
                    let length = extend(c)
                    if length > best {
                        best = length
                        bestDistance = d
                        if length >= nice || length >= limit { return (best, bestDistance) }
                    }
                }
            }
            while candidate >= 0 && chain > 0 {
                let distance = i - candidate
                if distance > Self.windowSize { break }
                // Cheap reject: the byte that would extend the best match must agree.
                if base[candidate + best] == base[i + best] && base[candidate] == base[i] {
                    let length = extend(candidate)
                    if length > best {
                        if best < good && length >= good { chain = (chain + 3) >> 2 }
                        best = length
                        bestDistance = distance
                        if length >= nice || length >= limit { break }
                    }
                }
                let next = Int(prev[candidate & mask])
                if next >= candidate { break }
                candidate = next
                chain -= 1
            }
            if best == 3 && bestDistance > tooFar { return (0, 0) }
            return best >= 3 ? (best, bestDistance) : (0, 0)
        }

        var i = 0
        while i < n {
            if n - i < 3 {
                block.literal(base[i])
                i += 1
            } else {
                var (length, distance) = longest(i, insert(i))
                // Lazy step: a longer match one byte later beats this one.
                while length >= 3 && length < lazyBelow && i + 1 <= n - 3 {
                    let (nextLength, nextDistance) = longest(i + 1, insert(i + 1))
                    if nextLength > length {
                        block.literal(base[i])
                        i += 1
                        length = nextLength
                        distance = nextDistance
                        continue
                    }
                    // Keep the current match; i + 1 is already hashed.
                    block.match(length: length, distance: distance)
                    var p = i + 2
                    let end = min(i + length, n - 2)
                    while p < end {
                        _ = insert(p)
                        p += 1
                    }
                    i += length
                    length = -1
                    break
                }
                if length >= 3 {
                    block.match(length: length, distance: distance)
                    // Hash every inner position of short matches. Of long runs only the
                    // last few, so a run continuing past the match finds distance 1
                    // again; of other long matches every few and the last few.
                    let end = min(i + length, n - 2)
                    var p = i + 1
                    if length > (distance == 1 ? effort.maxRunInsertLength : effort.maxInsertLength) {
                        if distance != 1 {
                            let step = effort.sparseInsertStep
                            p = i + step
                            while p < end - 3 {
                                _ = insert(p)
                                p += step
                            }
                        }
                        p = max(p, i + length - 3)
                    }
                    while p < end {
                        _ = insert(p)
                        p += 1
                    }
                    i += length
                } else if length == 0 {
                    block.literal(base[i])
                    i += 1
                }
            }
            if block.symbolCount >= Self.blockSymbols && i < n {
                block.flush(input: input, end: i, final: false, into: &writer)
            }
        }
        block.flush(input: input, end: n, final: true, into: &writer)
    }
}
