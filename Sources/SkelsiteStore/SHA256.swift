import CSHA256

/// SHA-256 (FIPS 180-4), for content-addressed cache keys. Written here because
/// Foundation on Linux has no digest API and the package takes no crypto dependency.
/// Whole blocks go through the processor's SHA instructions where it has them
/// (Sources/CSHA256), else through `compress` here; both give the same digest
/// (SHA256BlockTests compares them). K, the round constants, is one table in C for both.
/// Package, not public: serve's entity tags (SkelsiteServe) digest what they send.
package struct SHA256 {
    /// Whether `skelsite_sha256_blocks` may be used on this processor.
    package static let hardware = skelsite_sha256_hardware() == 1

    /// The digest of `bytes` as 64 lowercase hex digits.
    package static func hex(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { hex(UnsafeRawBufferPointer($0)) }
    }

    /// Where the content of one of the store's own files ends (the cache index, the doc
    /// memo, the gallery's cards, the inputs' digests): the file begins with `magic` and
    /// ends with the SHA-256 hex of everything before it; nil when it does not.
    package static func checkedContentEnd(_ bytes: [UInt8], magic: [UInt8]) -> Int? {
        guard bytes.count >= magic.count + 64, bytes.starts(with: magic) else { return nil }
        let end = bytes.count - 64
        let digest = bytes.withUnsafeBytes { hex(UnsafeRawBufferPointer(rebasing: $0[..<end])) }
        return String(decoding: bytes[end...], as: UTF8.self) == digest ? end : nil
    }

    /// The digest of raw bytes (why unsafe: every PNG of a cold build and every cache
    /// file a rebuild checks goes through here; the whole blocks are hashed where they
    /// lie, without copying the message or checking bounds; only the last one or two
    /// blocks, with the padding, are copied).
    package static func hex(_ bytes: UnsafeRawBufferPointer) -> String {
        hardware ? withInstructions(bytes) : software(bytes)
    }

    /// H0..H7 before the first block.
    private static let initial: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)

    /// The digest through the processor's SHA instructions (only when `hardware`).
    package static func withInstructions(_ bytes: UnsafeRawBufferPointer) -> String {
        let whole = bytes.count / 64 * 64
        var state: [UInt32] = [initial.0, initial.1, initial.2, initial.3, initial.4, initial.5, initial.6, initial.7]
        let tail = Self.tail(bytes, whole: whole)
        state.withUnsafeMutableBufferPointer { state in
            if let base = bytes.baseAddress, whole > 0 {
                skelsite_sha256_blocks(state.baseAddress!, base.assumingMemoryBound(to: UInt8.self), whole / 64)
            }
            skelsite_sha256_blocks(state.baseAddress!, tail, tail.count / 64)
        }
        return digits((state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7]))
    }

    /// The last partial block, 0x80, zeros and the length in bits: one or two blocks.
    private static func tail(_ bytes: UnsafeRawBufferPointer, whole: Int) -> [UInt8] {
        let rest = bytes.count - whole
        let blocks = rest < 56 ? 1 : 2
        var tail = [UInt8](repeating: 0, count: blocks * 64)
        for i in 0..<rest { tail[i] = bytes[whole + i] }
        tail[rest] = 0x80
        let bitLength = UInt64(bytes.count) &* 8
        for i in 0..<8 { tail[blocks * 64 - 1 - i] = UInt8(truncatingIfNeeded: bitLength >> UInt64(i * 8)) }
        return tail
    }

    /// The digest computed in Swift alone (what a processor without SHA instructions uses).
    package static func software(_ bytes: UnsafeRawBufferPointer) -> String {
        var h = initial
        let whole = bytes.count / 64 * 64
        let k = skelsite_sha256_round_constants!
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            if let base = bytes.baseAddress {
                for chunk in stride(from: 0, to: whole, by: 64) { compress(base + chunk, &h, w.baseAddress!, k) }
            }
            let tail = Self.tail(bytes, whole: whole)
            tail.withUnsafeBytes { raw in
                for block in 0..<(tail.count / 64) { compress(raw.baseAddress! + block * 64, &h, w.baseAddress!, k) }
            }
        }
        return digits(h)
    }

    /// The state as 64 lowercase hex digits.
    private static func digits(_ h: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)) -> String {
        let digits: StaticString = "0123456789abcdef"
        return String(unsafeUninitializedCapacity: 64) { out in
            var index = 0
            for word in [h.0, h.1, h.2, h.3, h.4, h.5, h.6, h.7] {
                for shift in stride(from: 28, through: 0, by: -4) {
                    out[index] = digits.utf8Start[Int((word >> UInt32(shift)) & 15)]
                    index += 1
                }
            }
            return 64
        }
    }

    /// One 64-byte block into the state `h`; `w` is scratch for the 64-word schedule.
    @inline(__always)
    private static func compress(_ block: UnsafeRawPointer, _ h: inout (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32),
                                 _ w: UnsafeMutablePointer<UInt32>, _ k: UnsafePointer<UInt32>) {
        for i in 0..<16 {
            w[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
        }
        for i in 16..<64 {
            let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
            let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
            w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
        }
        var a = h.0, b = h.1, c = h.2, d = h.3, e = h.4, f = h.5, g = h.6, hh = h.7
        for i in 0..<64 {
            let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
            let choice = (e & f) ^ (~e & g)
            let t1 = hh &+ s1 &+ choice &+ k[i] &+ w[i]
            let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let t2 = s0 &+ majority
            hh = g; g = f; f = e; e = d &+ t1; d = c; c = b; b = a; a = t1 &+ t2
        }
        h.0 = h.0 &+ a; h.1 = h.1 &+ b; h.2 = h.2 &+ c; h.3 = h.3 &+ d
        h.4 = h.4 &+ e; h.5 = h.5 &+ f; h.6 = h.6 &+ g; h.7 = h.7 &+ hh
    }

    @inline(__always)
    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
}
