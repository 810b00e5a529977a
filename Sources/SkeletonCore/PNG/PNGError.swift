/// Why a PNG could not be decoded. Each case names what was wrong; `message` is the
/// one-line text shown to users (for example by `skelsite diff`).
public enum PNGError: Error, Equatable, Sendable {
    /// Catch-all kept from the first contract; the decoder itself uses the precise cases.
    case invalid(String)
    /// The first 8 bytes are not the PNG signature.
    case badSignature
    /// A chunk's declared length runs past the end of the file (or exceeds 2^31 - 1).
    case truncatedChunk(String)
    /// A chunk type that is not four ASCII letters.
    case badChunkType
    /// The stored CRC of the named chunk does not match its contents.
    case badCRC(chunk: String)
    /// A required chunk (IHDR, PLTE, IDAT, IEND) is absent.
    case missingChunk(String)
    /// A chunk appears where the PNG spec forbids it (e.g. IHDR not first, PLTE after IDAT).
    case misplacedChunk(String)
    /// A chunk whose first letter marks it critical but which this decoder does not know.
    case unknownCriticalChunk(String)
    /// A field of IHDR, PLTE or tRNS is out of range; the text names the field.
    case badHeader(String)
    /// width × height exceeds the caller's `maxPixels` (checked before allocating).
    case tooLarge(width: Int, height: Int, maxPixels: Int)
    /// The zlib wrapper is wrong (method, window, check bits, preset dictionary).
    case badZlibHeader(String)
    /// The zlib stream ends before its final block and Adler-32 trailer.
    case truncatedData
    /// Deflate block type 3, which RFC 1951 reserves.
    case badBlockType
    /// A stored block's LEN and NLEN are not complements.
    case badStoredLength
    /// Huffman code lengths or a code in the data are invalid; the text says which.
    case badHuffmanCode(String)
    /// A match refers further back than the data decoded so far.
    case distanceTooFar(distance: Int, available: Int)
    /// The Adler-32 trailer does not match the decompressed data.
    case badAdler32(expected: UInt32, actual: UInt32)
    /// The decompressed image data is longer than the image needs.
    case tooMuchData(expected: Int)
    /// The decompressed image data is shorter than the image needs.
    case tooLittleData(expected: Int, actual: Int)
    /// A scanline starts with a filter type above 4.
    case badFilterType(type: Int, row: Int)
    /// An indexed pixel refers past the end of the palette.
    case paletteIndexOutOfRange(index: Int, paletteSize: Int)

    public var message: String {
        switch self {
        case .invalid(let text): return text
        case .badSignature: return "not a PNG file: bad signature"
        case .truncatedChunk(let name): return "truncated \(name) chunk"
        case .badChunkType: return "invalid chunk type"
        case .badCRC(let chunk): return "CRC mismatch in \(chunk) chunk"
        case .missingChunk(let name): return "missing \(name) chunk"
        case .misplacedChunk(let name): return "misplaced \(name) chunk"
        case .unknownCriticalChunk(let name): return "unknown critical chunk \(name)"
        case .badHeader(let field): return "invalid \(field)"
        case .tooLarge(let w, let h, let max):
            return "image \(w)x\(h) exceeds the limit of \(max) pixels"
        case .badZlibHeader(let why): return "bad zlib header: \(why)"
        case .truncatedData: return "image data ends early (truncated zlib stream)"
        case .badBlockType: return "invalid deflate block type 3"
        case .badStoredLength: return "stored block length check failed"
        case .badHuffmanCode(let why): return "invalid Huffman code: \(why)"
        case .distanceTooFar(let d, let available):
            return "deflate distance \(d) reaches before the start of the data (\(available) bytes decoded)"
        case .badAdler32(let expected, let actual):
            return "Adler-32 mismatch: stored \(hex(expected)), computed \(hex(actual))"
        case .tooMuchData(let expected): return "more image data than the \(expected) bytes the image needs"
        case .tooLittleData(let expected, let actual):
            return "image data has \(actual) bytes, the image needs \(expected)"
        case .badFilterType(let type, let row): return "invalid filter type \(type) on scanline \(row)"
        case .paletteIndexOutOfRange(let index, let size):
            return "palette index \(index) out of range (palette has \(size) entries)"
        }
    }
}

/// Eight hex digits, without Foundation.
private func hex(_ value: UInt32) -> String {
    let digits: [UInt8] = Array("0123456789abcdef".utf8)
    var out: [UInt8] = Array("0x".utf8)
    for shift in stride(from: 28, through: 0, by: -4) {
        out.append(digits[Int((value >> UInt32(shift)) & 0xF)])
    }
    return String(decoding: out, as: UTF8.self)
}
