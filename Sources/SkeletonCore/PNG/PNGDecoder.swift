/// Reads PNG files of every standard colour type and bit depth, interlaced or not, to
/// 8-bit RGBA. 16-bit samples keep their high byte; 1/2/4-bit grey is scaled to 0...255;
/// tRNS becomes alpha. An APNG yields its default image (extra frames are ignored).
public enum PNGDecoder {
    /// Decodes any PNG to 8-bit RGBA. Refuses images over `maxPixels`, checked from the
    /// header before any pixel memory is allocated; within that limit, memory grows with
    /// the inflated data, and the RGBA image is allocated only once all of it is there.
    public static func decode(_ bytes: [UInt8], maxPixels: Int = Limits.maxPNGPixels) throws(PNGError) -> RGBAImage {
        var reader = try PNGChunkReader(bytes)
        var header: PNGHeader? = nil
        var palette: [UInt8] = []  // RGBA per entry
        var paletteCount = 0
        var transparency: [UInt8]? = nil
        var compressed: [UInt8] = []
        var sawIDAT = false
        var afterIDAT = false
        var sawIEND = false
        while let (type, range) = try reader.next() {
            if header == nil && type != "IHDR" { throw .missingChunk("IHDR") }
            if sawIDAT && type != "IDAT" { afterIDAT = true }
            switch type {
            case "IHDR":
                if header != nil { throw .misplacedChunk("IHDR") }
                let h = try PNGHeader(Array(bytes[range]))
                let (pixels, overflow) = h.width.multipliedReportingOverflow(by: h.height)
                if overflow || pixels > maxPixels || pixels > Int.max / 64 {
                    throw .tooLarge(width: h.width, height: h.height, maxPixels: maxPixels)
                }
                header = h
            case "PLTE":
                if sawIDAT { throw .misplacedChunk("PLTE") }
                if paletteCount > 0 { throw .misplacedChunk("PLTE") }
                let n = range.count
                if n == 0 || n % 3 != 0 || n > 768 { throw .badHeader("PLTE length \(n)") }
                if header!.colourType == 3 && n / 3 > 1 << header!.bitDepth {
                    throw .badHeader("PLTE has \(n / 3) entries, more than bit depth \(header!.bitDepth) allows")
                }
                paletteCount = n / 3
                palette = []
                palette.reserveCapacity(1024)
                for i in 0..<paletteCount {
                    let at = range.lowerBound + 3 * i
                    palette += [bytes[at], bytes[at + 1], bytes[at + 2], 255]
                }
            case "tRNS":
                if sawIDAT { throw .misplacedChunk("tRNS") }
                let h = header!
                let n = range.count
                switch h.colourType {
                case 0: if n != 2 { throw .badHeader("tRNS length \(n) for greyscale (must be 2)") }
                case 2: if n != 6 { throw .badHeader("tRNS length \(n) for truecolour (must be 6)") }
                case 3:
                    if paletteCount == 0 { throw .misplacedChunk("tRNS") }
                    if n > paletteCount { throw .badHeader("tRNS has \(n) entries, palette has \(paletteCount)") }
                default: break  // types 4 and 6 already carry alpha; the chunk is ignored
                }
                if h.colourType != 4 && h.colourType != 6 { transparency = Array(bytes[range]) }
            case "IDAT":
                if afterIDAT { throw .misplacedChunk("IDAT") }
                sawIDAT = true
                compressed.append(contentsOf: bytes[range])
            case "IEND":
                sawIEND = true
            default:
                // Bit 5 of the first letter clear (upper case) marks a critical chunk.
                if type.utf8.first! & 0x20 == 0 { throw .unknownCriticalChunk(type) }
            }
            if sawIEND { break }
        }
        guard let h = header else { throw .missingChunk("IHDR") }
        if h.colourType == 3 && paletteCount == 0 { throw .missingChunk("PLTE") }
        if !sawIDAT { throw .missingChunk("IDAT") }
        if !sawIEND { throw .missingChunk("IEND") }

        // Grows as rows inflate: nothing the size of the image is reserved before the
        // data for it has arrived (site/reference/limits.md, "PNG decode bounds").
        let data = try Inflate.zlibDecompressGrowing(compressed, expectedSize: h.expectedDataSize)
        if let t = transparency, h.colourType == 3 {
            for (i, alpha) in t.enumerated() { palette[i * 4 + 3] = alpha }
        }
        let converter = PNGPixelConverter(header: h, palette: palette, paletteCount: paletteCount,
                                          transparency: transparency)
        // Every pixel is written below (the rows of a plain image, or the seven passes of
        // an interlaced one, cover it), so the buffer is not zeroed first (why: verify
        // decodes a few thousand browser screenshots of MBs each; zeroing them was about
        // a sixth of its decoding's CPU time).
        var failure: PNGError?
        let pixels = [UInt8](unsafeUninitializedCapacity: h.width * h.height * 4) { out, initialized in
            do throws(PNGError) {
                try data.withBytes { (rows) throws(PNGError) in try fill(out.baseAddress!, from: rows, header: h, converter: converter) }
            } catch {
                failure = error
                out.initialize(repeating: 0)  // nothing is read from it, but all of it is initialised
            }
            initialized = out.count
        }
        if let failure { throw failure }
        return RGBAImage(width: h.width, height: h.height, pixels: pixels)
    }

    /// Unfilters the inflated `rows` in place, pass by pass, and converts every pixel into
    /// `out` (width × height RGBA).
    private static func fill(_ out: UnsafeMutablePointer<UInt8>, from rows: UnsafeMutableBufferPointer<UInt8>,
                             header h: PNGHeader, converter: PNGPixelConverter) throws(PNGError) {
        var offset = 0
        var rowNumber = 0
        for pass in h.passes {
            let (pw, ph) = h.passSize(pass)
            if pw == 0 || ph == 0 { continue }
            let rowBytes = h.rowBytes(width: pw)
            let start = rows.baseAddress! + offset
            try PNGUnfilter.unfilter(start, rows: ph, rowBytes: rowBytes, stride: h.filterStride, firstRow: rowNumber)
            for r in 0..<ph {
                try converter.convert(row: start + r * (rowBytes + 1) + 1, count: pw, into: out,
                                      y: pass.y0 + r * pass.dy, x0: pass.x0, dx: pass.dx, width: h.width)
            }
            offset += ph * (rowBytes + 1)
            rowNumber += ph
        }
    }
}
