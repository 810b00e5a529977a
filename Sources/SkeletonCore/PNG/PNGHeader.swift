/// The IHDR fields, validated (PNG spec 11.2.2).
struct PNGHeader: Equatable {
    let width: Int
    let height: Int
    let bitDepth: Int
    let colourType: Int
    let interlaced: Bool

    /// Samples per pixel for the colour type.
    var channels: Int {
        switch colourType {
        case 0, 3: 1
        case 4: 2
        case 2: 3
        default: 4
        }
    }

    var bitsPerPixel: Int { channels * bitDepth }
    /// Filter unit: bytes per complete pixel, rounded up to 1.
    var filterStride: Int { max(1, bitsPerPixel / 8) }

    func rowBytes(width w: Int) -> Int { (w * bitsPerPixel + 7) / 8 }

    init(_ data: [UInt8]) throws(PNGError) {
        if data.count != 13 { throw .badHeader("IHDR length \(data.count) (must be 13)") }
        let w = Int(data[0]) << 24 | Int(data[1]) << 16 | Int(data[2]) << 8 | Int(data[3])
        let h = Int(data[4]) << 24 | Int(data[5]) << 16 | Int(data[6]) << 8 | Int(data[7])
        if w == 0 || w > 0x7FFF_FFFF { throw .badHeader("IHDR width \(w)") }
        if h == 0 || h > 0x7FFF_FFFF { throw .badHeader("IHDR height \(h)") }
        let depth = Int(data[8]), type = Int(data[9])
        let allowed: [Int]
        switch type {
        case 0: allowed = [1, 2, 4, 8, 16]
        case 3: allowed = [1, 2, 4, 8]
        case 2, 4, 6: allowed = [8, 16]
        default: throw .badHeader("IHDR colour type \(type)")
        }
        if !allowed.contains(depth) { throw .badHeader("IHDR bit depth \(depth) for colour type \(type)") }
        if data[10] != 0 { throw .badHeader("IHDR compression method \(data[10])") }
        if data[11] != 0 { throw .badHeader("IHDR filter method \(data[11])") }
        if data[12] > 1 { throw .badHeader("IHDR interlace method \(data[12])") }
        width = w
        height = h
        bitDepth = depth
        colourType = type
        interlaced = data[12] == 1
    }

    /// Adam7 passes as (x start, y start, x step, y step); a single full pass otherwise.
    var passes: [(x0: Int, y0: Int, dx: Int, dy: Int)] {
        if !interlaced { return [(0, 0, 1, 1)] }
        return [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    }

    /// Size in pixels of a pass's reduced image (either may be 0: the pass is empty).
    func passSize(_ p: (x0: Int, y0: Int, dx: Int, dy: Int)) -> (width: Int, height: Int) {
        let pw = width > p.x0 ? (width - p.x0 + p.dx - 1) / p.dx : 0
        let ph = height > p.y0 ? (height - p.y0 + p.dy - 1) / p.dy : 0
        return (pw, ph)
    }

    /// Decompressed bytes the image data must have: per non-empty pass, one filter
    /// byte plus the packed row, per row. Only called after the pixel limit check, so
    /// it cannot overflow.
    var expectedDataSize: Int {
        var total = 0
        for p in passes {
            let (pw, ph) = passSize(p)
            if pw == 0 || ph == 0 { continue }
            total += ph * (1 + rowBytes(width: pw))
        }
        return total
    }
}
