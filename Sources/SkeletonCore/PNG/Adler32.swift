/// Adler-32 as the zlib trailer uses it (RFC 1950): two sums modulo 65521.
/// `Adler32.checksum(Array("Wikipedia".utf8))` is 0x11E60398.
public struct Adler32: Sendable {
    private var a: UInt32 = 1
    private var b: UInt32 = 0

    public init() {}

    private static let weights = SIMD16<UInt16>(16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)

    /// Feeds `bytes` in. Sums are reduced every 5552 bytes: the largest run for which
    /// `b` cannot overflow 32 bits (the bound zlib derives), so the inner loop has no modulo.
    public mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        var a = self.a
        var b = self.b
        var index = 0
        let count = bytes.count
        while index < count {
            let end = min(count, index + 5552)
            // Sixteen bytes a step: `a` gains their sum; `b` gains 16 × the old `a` plus
            // each byte weighted by how many of the step's sums it is in (16 down to 1).
            // Both lane sums fit 16 bits (at most 16 × 255 and 136 × 255).
            while index + 16 <= end {
                let chunk = SIMD16<UInt16>(truncatingIfNeeded: UnsafeRawPointer(bytes.baseAddress! + index)
                    .loadUnaligned(as: SIMD16<UInt8>.self))
                b &+= 16 &* a &+ UInt32((chunk &* Self.weights).wrappedSum())
                a &+= UInt32(chunk.wrappedSum())
                index += 16
            }
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
