import SkeletonCore

/// Appends little-endian integers and length-prefixed UTF-8 to a byte array: the
/// compact encoding the JS module (Templates/assets/skelsite-wasm.js) decodes.
struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func u32(_ value: Int) {
        let v = UInt32(truncatingIfNeeded: value)
        bytes.append(UInt8(truncatingIfNeeded: v))
        bytes.append(UInt8(truncatingIfNeeded: v >> 8))
        bytes.append(UInt8(truncatingIfNeeded: v >> 16))
        bytes.append(UInt8(truncatingIfNeeded: v >> 24))
    }

    /// IEEE 754 bits, little-endian (JavaScript reads them with DataView.getFloat64).
    mutating func f64(_ value: Double) {
        let bits = value.bitPattern
        for shift in stride(from: 0, to: 64, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
        }
    }

    /// u32 byte count, then the bytes.
    mutating func text(_ string: String) {
        let utf8 = string.utf8
        u32(utf8.count)
        bytes.append(contentsOf: utf8)
    }

    /// u32 count, then per diagnostic: u32 line, u32 column, u32 severity
    /// (0 error, 1 warning), text message.
    mutating func diagnostics(_ list: [Diagnostic]) {
        u32(list.count)
        for d in list {
            u32(d.position.line)
            u32(d.position.column)
            u32(d.severity == .error ? 0 : 1)
            text(d.message)
        }
    }

    /// u32 kind (0 none, 1 gradient, 2 pulse, 3 shimmer), f64 duration, f64 delay
    /// (seconds), u32 moves (1 when `Animation.moves`, else 0), f64 period (the whole
    /// cycle, `Animation.period`): what a player needs to scrub one cycle and to skip
    /// redraws of frames that cannot change.
    mutating func animation(_ animation: Animation) {
        switch animation.kind {
        case .none: u32(0)
        case .gradient: u32(1)
        case .pulse: u32(2)
        case .shimmer: u32(3)
        }
        f64(animation.duration)
        f64(animation.delay)
        u32(animation.moves ? 1 : 0)
        f64(animation.period)
    }
}
