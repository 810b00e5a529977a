/// The fixed tables of RFC 1951 shared by the compressor and the decompressor.
enum DeflateTables {
    /// Base match length of length codes 257...285, indexed by code - 257.
    static let lengthBase: [UInt16] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
        35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    /// Extra bits after each length code, indexed by code - 257.
    static let lengthExtra: [UInt8] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
        3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    /// Base distance of distance codes 0...29.
    static let distanceBase: [UInt16] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
        257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
    ]
    /// Extra bits after each distance code.
    static let distanceExtra: [UInt8] = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
        7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    /// Order in which code-length-code lengths are stored in a dynamic block header.
    static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Length code index (code - 257) for each match length - 3 (0...255).
    static let lengthCodeOfLength: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for code in 0..<29 {
            let base = Int(lengthBase[code]) - 3
            let span = 1 << Int(lengthExtra[code])
            for offset in 0..<span where base + offset < 256 {
                table[base + offset] = UInt8(code)
            }
        }
        table[255] = 28  // length 258 has its own code, not 284 + 31
        return table
    }()

    /// Distance code for distance - 1 below 256 (first half) and for
    /// (distance - 1) >> 7 at index 256 + that (second half), zlib's two-level trick.
    static let distanceCodeTable: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 512)
        for code in 0..<30 {
            let base = Int(distanceBase[code]) - 1
            let span = 1 << Int(distanceExtra[code])
            for offset in 0..<span {
                let d = base + offset
                if d < 256 { table[d] = UInt8(code) } else { table[256 + (d >> 7)] = UInt8(code) }
            }
        }
        return table
    }()

    @inline(__always)
    static func distanceCode(_ distance: Int, _ table: UnsafeBufferPointer<UInt8>) -> Int {
        let d = distance - 1
        return Int(d < 256 ? table[d] : table[256 + (d >> 7)])
    }
}
