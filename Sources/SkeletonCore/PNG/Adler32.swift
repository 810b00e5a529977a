/// Adler-32 as the zlib trailer uses it (RFC 1950): two sums modulo 65521.
/// `Adler32.checksum(Array("Wikipedia".utf8))` is 0x11E60398.
public struct Adler32: Sendable {
    private var a: UInt32 = 1
    private var b: UInt32 = 0

    public init() {}

    /// Feeds `bytes` in. Sums are reduced every 5552 bytes: the largest run for which
    /// `b` cannot overflow 32 bits (the bound zlib derives), so the inner loop has no modulo.
    public mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        var a = self.a
        var b = self.b
        var index = 0
        let count = bytes.count
        while index < count {
            let end = min(count, index + 5552)
            while index < end {
                a &+= UInt32(bytes[index])
                b &+= a
                index += 1
            }
            a %= 65521
            b %= 65521
        }
        self.a = a
        self.b = b
    }

    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { update($0) }
    }

    public var value: UInt32 { (b << 16) | a }

    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var adler = Adler32()
        adler.update(bytes)
        return adler.value
    }
}
