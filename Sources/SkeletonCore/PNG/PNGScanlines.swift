/// Turns a rectangle of an RGBA image into filtered PNG scanlines in a given format.
enum PNGScanlines {
    /// Filter-type byte plus filtered row, for every row of the rectangle
    /// `x..<x+width`, `y..<y+height` of `image`, stored as `format`.
    /// Truecolour rows use the adaptive filter choice; indexed rows use None, or Up
    /// for a row equal to the one above (PNG spec 12.8 advises against filtering
    /// indexed images, but a repeated row still costs nothing that way).
    static func filtered(
        _ image: RGBAImage, x: Int, y: Int, width: Int, height: Int, format: PNGPixelFormat
    ) -> [UInt8] {
        let rowBytes = format.rowBytes(width: width)
        let stride = format.filterStride
        var out = [UInt8](repeating: 0, count: height * (rowBytes + 1))
        let current = UnsafeMutablePointer<UInt8>.allocate(capacity: max(rowBytes, 1))
        let previous = UnsafeMutablePointer<UInt8>.allocate(capacity: max(rowBytes, 1))
        defer {
            current.deallocate()
            previous.deallocate()
        }
        var rowA = current
        var rowB = previous
        image.pixels.withUnsafeBufferPointer { px in
            out.withUnsafeMutableBufferPointer { dst in
                let src = px.baseAddress!
                for r in 0..<height {
                    let line = src + ((y + r) * image.width + x) * 4
                    pack(line, width: width, format: format, into: rowA)
                    let target = dst.baseAddress! + r * (rowBytes + 1)
                    let above: UnsafePointer<UInt8>? = r > 0 ? UnsafePointer(rowB) : nil
                    switch format {
                    case .palette:
                        var same = above != nil
                        if let up = above {
                            for i in 0..<rowBytes where rowA[i] != up[i] { same = false; break }
                        }
                        PNGFilter.write(type: same ? 2 : 0, row: rowA, previous: above, count: rowBytes,
                                        bpp: stride, out: target)
                    default:
                        PNGFilter.filterAdaptive(row: rowA, previous: above, count: rowBytes, bpp: stride,
                                                 out: target)
                    }
                    swap(&rowA, &rowB)
                }
            }
        }
        return out
    }

    /// Packs `width` RGBA pixels at `line` into stored bytes.
    private static func pack(
        _ line: UnsafePointer<UInt8>, width: Int, format: PNGPixelFormat, into row: UnsafeMutablePointer<UInt8>
    ) {
        switch format {
        case .rgba:
            row.update(from: line, count: width * 4)
        case .rgb:
            for i in 0..<width {
                row[i * 3] = line[i * 4]
                row[i * 3 + 1] = line[i * 4 + 1]
                row[i * 3 + 2] = line[i * 4 + 2]
            }
        case .palette(let palette):
            let depth = Int(palette.bitDepth)
            let raw = UnsafeRawPointer(line)
            var lastColour: UInt32 = 0
            var lastIndex: UInt8 = 0
            var haveLast = false
            if depth < 8 { row.update(repeating: 0, count: (width * depth + 7) / 8) }
            for i in 0..<width {
                let colour = raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
                if !haveLast || colour != lastColour {
                    lastColour = colour
                    lastIndex = palette.index(colour)
                    haveLast = true
                }
                if depth == 8 {
                    row[i] = lastIndex
                } else {
                    // Leftmost pixel in the most significant bits (PNG spec 7.2).
                    let bit = i * depth
                    row[bit >> 3] |= lastIndex << UInt8(8 - depth - (bit & 7))
                }
            }
        }
    }
}
