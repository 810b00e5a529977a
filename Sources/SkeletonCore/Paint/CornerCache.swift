/// Memo of `Coverage.corner(x, y, r)` (an arctangent and two square roots each), keyed
/// on the exact bit patterns of its arguments. `corner` is a pure function, so a hit
/// returns the very Double a fresh computation would: pixels cannot change.
///
/// Why it pays: every corner pixel's coverage needs `corner` at its four pixel
/// corners, which it shares with its neighbours, and identical shapes repeated at
/// whole-pixel offsets (cards in a feed) meet the same relative coordinates again.
///
/// Direct-mapped: a colliding entry is overwritten, so memory stays fixed and a miss
/// costs one recomputation. A cache of capacity 0 (`CornerCache.none`) never stores.
struct CornerCache: Sendable {
    private struct Entry: Sendable {
        var x: UInt64
        var y: UInt64
        var r: UInt64
        var value: Double
    }

    /// Empty until the first lookup (why: every frame's canvas has a cache, and most
    /// frames of a build are painted from a backdrop's recorded coverage or hold no
    /// rounded corner, so filling 128 KB up front for each was 1% of a cold build).
    private var entries: [Entry] = []
    private let mask: Int

    /// No memo: every lookup computes (for one-off coverage queries).
    static let none = CornerCache(slotsLog2: nil)

    /// 2^slotsLog2 entries; nil for none. 4096 entries (128 KB) default for a canvas:
    /// a phone-sized feed at scale 2 has a few thousand distinct arc grid points.
    init(slotsLog2: Int? = 12) {
        mask = slotsLog2.map { (1 << $0) - 1 } ?? -1
    }

    /// `Coverage.corner(x, y, r)`, from the memo when present.
    @inline(__always)
    mutating func corner(_ x: Double, _ y: Double, _ r: Double) -> Double {
        if mask < 0 { return Coverage.corner(x, y, r) }
        if entries.isEmpty {
            // r = all ones is a NaN pattern no radius has, so empty slots never match.
            entries = [Entry](repeating: Entry(x: 0, y: 0, r: ~0, value: 0), count: mask + 1)
        }
        let xb = x.bitPattern
        let yb = y.bitPattern
        let rb = r.bitPattern
        var h = xb &* 0x9E37_79B9_7F4A_7C15 ^ yb &* 0xC2B2_AE3D_27D4_EB4F ^ rb
        h ^= h >> 29
        h &*= 0x1656_67B1_9E37_79F9
        let slot = Int(truncatingIfNeeded: h >> 40) & mask
        return entries.withUnsafeMutableBufferPointer { table in
            let entry = table[slot]
            if entry.x == xb && entry.y == yb && entry.r == rb { return entry.value }
            let value = Coverage.corner(x, y, r)
            table[slot] = Entry(x: xb, y: yb, r: rb, value: value)
            return value
        }
    }
}
