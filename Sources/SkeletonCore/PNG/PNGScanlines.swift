/// Turns a rectangle of an RGBA image into filtered PNG scanlines in a given format.
enum PNGScanlines {
    /// Filter-type byte plus filtered row, for every row of the rectangle
    /// `x..<x+width`, `y..<y+height` of `image`, stored as `format`. For `.palette`,
    /// `indexPlane` holds the image's palette indices (see `PNGStoredFrames`).
    /// Truecolour rows use the adaptive filter choice; indexed rows use None (PNG spec
    /// 12.8 advises against filtering indexed images), or Up for a row equal to the one
    /// above when rows are at least `upMinimumRowBytes` long.
    static func filtered(
        _ image: RGBAImage, indexPlane: [UInt8], x: Int, y: Int, width: Int, height: Int, format: PNGPixelFormat
    ) -> [UInt8] {
        let rowBytes = format.rowBytes(width: width)
        var out = [UInt8](repeating: 0, count: height * (rowBytes + 1))
        if case .palette(let palette) = format {
            indexPlane.withUnsafeBufferPointer { plane in
                out.withUnsafeMutableBufferPointer { dst in
                    indexedRows(plane.baseAddress!, imageWidth: image.width, x: x, y: y, width: width, height: height,
                                depth: Int(palette.bitDepth), rowBytes: rowBytes, into: dst.baseAddress!)
                }
            }
            return out
        }
        let stride = format.filterStride
        let current = UnsafeMutablePointer<UInt8>.allocate(capacity: max(rowBytes, 1))
        let previous = UnsafeMutablePointer<UInt8>.allocate(capacity: max(rowBytes, 1))
        defer {
            current.deallocate()
            previous.deallocate()
        }
        var rowA = current
        var rowB = previous
        let opaque = rowBytes == width * 3
        image.pixels.withUnsafeBufferPointer { px in
            out.withUnsafeMutableBufferPointer { dst in
                let src = px.baseAddress!
                for r in 0..<height {
                    let line = src + ((y + r) * image.width + x) * 4
                    if opaque {
                        for i in 0..<width {
                            rowA[i * 3] = line[i * 4]
                            rowA[i * 3 + 1] = line[i * 4 + 1]
                            rowA[i * 3 + 2] = line[i * 4 + 2]
                        }
                    } else {
                        rowA.update(from: line, count: width * 4)
                    }
                    let above: UnsafePointer<UInt8>? = r > 0 ? UnsafePointer(rowB) : nil
                    PNGFilter.filterAdaptive(row: rowA, previous: above, count: rowBytes, bpp: stride,
                                             out: dst.baseAddress! + r * (rowBytes + 1))
                    swap(&rowA, &rowB)
                }
            }
        }
        return out
    }

    /// Rows this long or longer that equal the row above are stored Up (all zeros);
    /// shorter ones stay None. 1024 (why: a repeated None row is a copy from one
    /// scanline back, a distance with 9 or more extra bits per 258-byte piece, where
    /// zeros are a run at distance 1; but zeros break the copies the next rows would
    /// make of it. On the bundled site's stills, mostly under 1000 bytes a row, None
    /// everywhere was 4% smaller than Up for every repeated row; on its strips, 1000
    /// to 2000 bytes a row, Up was 4% smaller; site/reference/output-folder.md, "PNG size").
    static let upMinimumRowBytes = 1024

    /// Indexed rows: filter byte 2 (Up, all zeros) for a long row equal to the one
    /// above, else 0 (None) and the packed indices, leftmost pixel in the most significant
    /// bits (PNG spec 7.2). `out` is zeroed.
    private static func indexedRows(
        _ plane: UnsafePointer<UInt8>, imageWidth: Int, x: Int, y: Int, width: Int, height: Int,
        depth: Int, rowBytes: Int, into out: UnsafeMutablePointer<UInt8>
    ) {
        for r in 0..<height {
            let indices = plane + (y + r) * imageWidth + x
            let target = out + r * (rowBytes + 1)
            let row = target + 1
            if r > 0 && equalBytes(indices, indices - imageWidth, width) {
                if rowBytes >= upMinimumRowBytes {
                    target[0] = 2
                } else {
                    // Filter None: the packed row above again (why: packing sub-byte
                    // rows pixel by pixel was most of encoding a 1-bit frame).
                    row.update(from: row - (rowBytes + 1), count: rowBytes)
                }
                continue
            }
            if depth == 8 {
                row.update(from: indices, count: width)
            } else {
                // Whole bytes first, leftmost pixel in the high bits, then the last
                // partial byte (its low bits stay zero).
                let perByte = 8 / depth
                var i = 0, o = 0
                while i + perByte <= width {
                    var byte: UInt8 = 0
                    for k in 0..<perByte { byte = byte << UInt8(depth) | indices[i + k] }
                    row[o] = byte
                    o += 1
                    i += perByte
                }
                var shift = 8 - depth
                while i < width {
                    row[o] |= indices[i] << UInt8(shift)
                    shift -= depth
                    i += 1
                }
            }
        }
    }

    private static func equalBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var i = 0
        while i + 8 <= count {
            if UnsafeRawPointer(a + i).loadUnaligned(as: UInt64.self) != UnsafeRawPointer(b + i).loadUnaligned(as: UInt64.self) {
                return false
            }
            i += 8
        }
        while i < count {
            if a[i] != b[i] { return false }
            i += 1
        }
        return true
    }
}
