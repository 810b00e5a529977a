/// Walks the chunks of a PNG file, checking framing and CRCs.
struct PNGChunkReader {
    let bytes: [UInt8]
    private(set) var offset = 8

    init(_ bytes: [UInt8]) throws(PNGError) {
        if bytes.count < 8 || Array(bytes[0..<8]) != PNGChunkWriter.signature { throw .badSignature }
        self.bytes = bytes
    }

    /// The next chunk's type and data range; nil at the end of the file.
    mutating func next() throws(PNGError) -> (type: String, data: Range<Int>)? {
        let remaining = bytes.count - offset
        if remaining == 0 { return nil }
        if remaining < 8 { throw .truncatedChunk("?") }
        let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
            | Int(bytes[offset + 3])
        for k in 4..<8 {
            let c = bytes[offset + k]
            if !((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) { throw .badChunkType }
        }
        let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
        // Length is at most 2^31 - 1 by the spec; then the CRC must fit in the file.
        if length > 0x7FFF_FFFF || length > remaining - 12 { throw .truncatedChunk(type) }
        let dataStart = offset + 8
        let dataEnd = dataStart + length
        let stored = UInt32(bytes[dataEnd]) << 24 | UInt32(bytes[dataEnd + 1]) << 16
            | UInt32(bytes[dataEnd + 2]) << 8 | UInt32(bytes[dataEnd + 3])
        var crc = CRC32()
        bytes.withUnsafeBufferPointer { crc.update(UnsafeBufferPointer(rebasing: $0[(offset + 4)..<dataEnd])) }
        if crc.value != stored { throw .badCRC(chunk: type) }
        offset = dataEnd + 4
        return (type, dataStart..<dataEnd)
    }
}
