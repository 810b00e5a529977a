/// Appends PNG chunks (length, type, data, CRC-32 over type and data).
struct PNGChunkWriter {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// IDAT/fdAT payloads are split into chunks of at most this size: far below the
    /// 2^31 - 1 chunk limit, large enough that chunk overhead is negligible.
    static let maxDataChunk = 1 << 24

    var bytes: [UInt8] = PNGChunkWriter.signature

    mutating func chunk(_ type: StaticString, _ data: [UInt8]) {
        append32(UInt32(data.count))
        let start = bytes.count
        type.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: data)
        var crc = CRC32()
        bytes.withUnsafeBufferPointer { crc.update(UnsafeBufferPointer(rebasing: $0[start...])) }
        append32(crc.value)
    }

    mutating func append32(_ value: UInt32) {
        bytes.append(UInt8(truncatingIfNeeded: value >> 24))
        bytes.append(UInt8(truncatingIfNeeded: value >> 16))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian32(_ value: UInt32) {
        append(UInt8(truncatingIfNeeded: value >> 24))
        append(UInt8(truncatingIfNeeded: value >> 16))
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }

    mutating func appendBigEndian16(_ value: UInt16) {
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }
}
