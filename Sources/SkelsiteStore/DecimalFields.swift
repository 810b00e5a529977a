/// Reads the decimal fields of the build's own line formats (the generation record,
/// the render cache index) straight from their bytes (why: splitting thousands of
/// lines into strings was most of reading them). `at` moves past each field read.
package struct DecimalFields {
    package let buffer: UnsafeBufferPointer<UInt8>
    /// Where the fields end (the buffer's end, or a trailer's start).
    package let end: Int
    package var at: Int

    package init(buffer: UnsafeBufferPointer<UInt8>, end: Int, at: Int) {
        self.buffer = buffer
        self.end = end
        self.at = at
    }

    /// Decimal digits ending at `stop`, which is consumed; nil on anything else or on overflow.
    package mutating func unsigned(_ stop: UInt8) -> UInt64? {
        var value: UInt64 = 0, digits = 0
        while at < end, buffer[at] >= 0x30, buffer[at] <= 0x39 {
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(UInt64(buffer[at] - 0x30))
            guard !o1 && !o2 else { return nil }
            value = sum
            digits += 1
            at += 1
        }
        guard digits > 0, at < end, buffer[at] == stop else { return nil }
        at += 1
        return value
    }

    /// The same with an optional '-', within Int.
    package mutating func number(_ stop: UInt8) -> Int? {
        let negative = at < end && buffer[at] == 0x2D
        if negative { at += 1 }
        guard let magnitude = unsigned(stop), magnitude <= UInt64(Int.max) else { return nil }
        return negative ? -Int(magnitude) : Int(magnitude)
    }
}
