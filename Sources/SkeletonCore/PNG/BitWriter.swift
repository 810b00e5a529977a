/// Appends bit fields least significant bit first, as deflate packs them.
struct BitWriter {
    var bytes: [UInt8]
    /// Pending bits, low bits first; fewer than 32 between calls.
    private var accumulator: UInt64 = 0
    private var pending = 0

    init(reservingCapacity capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Writes the low `count` (at most 32) bits of `value`.
    @inline(__always)
    mutating func write(_ value: UInt32, _ count: Int) {
        accumulator |= UInt64(value) << UInt64(pending)
        pending += count
        if pending >= 32 {
            let word = UInt32(truncatingIfNeeded: accumulator)
            bytes.append(UInt8(truncatingIfNeeded: word))
            bytes.append(UInt8(truncatingIfNeeded: word >> 8))
            bytes.append(UInt8(truncatingIfNeeded: word >> 16))
            bytes.append(UInt8(truncatingIfNeeded: word >> 24))
            accumulator >>= 32
            pending -= 32
        }
    }

    /// Pads with zero bits to the next byte boundary and flushes everything.
    mutating func alignToByte() {
        while pending > 0 {
            bytes.append(UInt8(truncatingIfNeeded: accumulator))
            accumulator >>= 8
            pending = max(0, pending - 8)
        }
        accumulator = 0
    }
}
