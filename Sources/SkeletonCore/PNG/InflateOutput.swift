/// The bytes an inflate produces, in a buffer that grows as they arrive.
///
/// Invariant: `capacity <= max(initialCapacity, 2 * bytes written)` and never above
/// `limit` (the size the PNG header promises), so memory is paid for with real
/// compressed data, not with a header's claim (site/reference/limits.md, "PNG decode
/// bounds"). A write past `limit` is `tooMuchData`.
final class InflateOutput {
    /// Enough for a small image in one go; bigger ones double from here.
    static let initialCapacity = 1 << 16

    let limit: Int
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    /// The largest capacity ever reserved (the figure the bound above is about).
    private(set) var peakCapacity: Int
    /// Bytes produced so far.
    var count = 0

    init(limit: Int) {
        self.limit = limit
        capacity = min(limit, Self.initialCapacity)
        peakCapacity = capacity
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: max(capacity, 1))
    }

    deinit { base.deallocate() }

    /// Grows so that `needed` more bytes fit after the first `used`; throws when that
    /// would pass `limit`.
    func makeRoom(for needed: Int, at used: Int) throws(PNGError) {
        if needed > limit - used { throw .tooMuchData(expected: limit) }
        let wanted = used + needed
        if wanted <= capacity { return }
        let grown = min(limit, max(wanted, capacity * 2))
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        bigger.update(from: base, count: used)
        base.deallocate()
        base = bigger
        capacity = grown
        peakCapacity = max(peakCapacity, grown)
    }

    /// The produced bytes, for the unfilter pass that works in place.
    func withBytes<R>(_ body: (UnsafeMutableBufferPointer<UInt8>) throws(PNGError) -> R) throws(PNGError) -> R {
        try body(UnsafeMutableBufferPointer(start: base, count: count))
    }
}
