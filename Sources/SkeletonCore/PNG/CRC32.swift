/// CRC-32 as PNG chunks use it (ISO-HDLC: reflected polynomial 0xEDB88320,
/// initial value and final xor 0xFFFFFFFF). `CRC32.checksum(Array("123456789".utf8))`
/// is 0xCBF43926.
public struct CRC32: Sendable {
    /// One entry per byte value: the CRC of that byte alone, unfinalised.
    static let table: [UInt32] = {
        var table = [UInt32](repeating: 0, count: 256)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 {
                c = (c & 1) != 0 ? (0xEDB8_8320 ^ (c >> 1)) : (c >> 1)
            }
            table[n] = c
        }
        return table
    }()

    /// The running register, kept inverted as the algorithm defines.
    private var register: UInt32 = 0xFFFF_FFFF

    public init() {}

    /// Feeds `bytes` into the running checksum.
    public mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        var c = register
        CRC32.table.withUnsafeBufferPointer { t in
            for b in bytes {
                c = t[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8)
            }
        }
        register = c
    }

    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { update($0) }
    }

    /// The checksum of everything fed so far.
    public var value: UInt32 { register ^ 0xFFFF_FFFF }

    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }
}
