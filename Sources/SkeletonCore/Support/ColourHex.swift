extension RGBA {
    /// The colour as CSS writes it and the spec language reads it: lower-case
    /// `#rrggbb`, or `#rrggbbaa` when it is not opaque. The one colour formatter: CSS,
    /// verify's sheets and anything else that prints a colour use it.
    public var hex: String {
        var bytes: [UInt8] = [UInt8(ascii: "#")]
        for channel in a == 255 ? [r, g, b] : [r, g, b, a] {
            bytes.append(Self.hexDigit(channel >> 4))
            bytes.append(Self.hexDigit(channel & 15))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
