/// The stored pixel layout the encoder picks for an image: the smallest lossless one
/// among indexed colour (at most 256 distinct RGBA colours), RGB (every pixel opaque)
/// and RGBA. The choice depends only on the pixels, so output stays deterministic.
enum PNGPixelFormat {
    case palette(ColourPalette)
    case rgb
    case rgba

    var colourType: UInt8 {
        switch self {
        case .palette: 3
        case .rgb: 2
        case .rgba: 6
        }
    }

    var bitDepth: UInt8 {
        switch self {
        case .palette(let p): p.bitDepth
        default: 8
        }
    }

    /// Bytes in one packed row of `width` pixels (without the filter byte).
    func rowBytes(width: Int) -> Int {
        switch self {
        case .palette(let p): (width * Int(p.bitDepth) + 7) / 8
        case .rgb: width * 3
        case .rgba: width * 4
        }
    }

    /// Filter "bytes per pixel" (PNG spec: at least 1).
    var filterStride: Int {
        switch self {
        case .palette: 1
        case .rgb: 3
        case .rgba: 4
        }
    }

}

/// Up to 256 RGBA colours with a small open-addressing table for lookup. Colours are
/// kept as the four pixel bytes loaded in memory order (`UInt32` native).
struct ColourPalette {
    static let tableSize = 1024  // power of two, four times the most entries: short probes
    private(set) var colours: [UInt32] = []
    private var keys = [UInt32](repeating: 0, count: tableSize)
    private var slots = [Int16](repeating: -1, count: tableSize)
    private(set) var bitDepth: UInt8 = 8

    @inline(__always)
    private static func slot(_ colour: UInt32) -> Int {
        Int((colour &* 0x9E37_79B1) >> 22)
    }

    /// The index of `colour`, added if new (indices count in order of first insertion
    /// until `finish` reorders them). Nil when the palette would exceed 256 entries.
    mutating func provisionalIndex(inserting colour: UInt32) -> UInt8? {
        var s = Self.slot(colour)
        while slots[s] >= 0 {
            if keys[s] == colour { return UInt8(truncatingIfNeeded: slots[s]) }
            s = (s + 1) & (Self.tableSize - 1)
        }
        if colours.count == 256 { return nil }
        keys[s] = colour
        slots[s] = Int16(colours.count)
        colours.append(colour)
        return UInt8(truncatingIfNeeded: colours.count - 1)
    }

    /// Reorders entries so translucent colours come first (the tRNS chunk then stops at
    /// the last translucent one), keeping first-appearance order within each group, and
    /// picks the smallest bit depth that holds every index. Returns where each entry went.
    mutating func finish() -> PaletteOrder {
        let old = colours
        let translucent = old.indices.filter { (old[$0].littleEndian >> 24) != 0xFF }
        let opaque = old.indices.filter { (old[$0].littleEndian >> 24) == 0xFF }
        var newIndex = [UInt8](repeating: 0, count: old.count)
        colours = []
        keys = [UInt32](repeating: 0, count: Self.tableSize)
        slots = [Int16](repeating: -1, count: Self.tableSize)
        for k in translucent + opaque {
            newIndex[k] = provisionalIndex(inserting: old[k])!
        }
        let n = colours.count
        bitDepth = n <= 2 ? 1 : n <= 4 ? 2 : n <= 16 ? 4 : 8
        return PaletteOrder(newIndex: newIndex)
    }

    /// PLTE payload: R, G, B per entry.
    var plte: [UInt8] {
        var out: [UInt8] = []
        for c in colours {
            let v = c.littleEndian
            out.append(UInt8(truncatingIfNeeded: v))
            out.append(UInt8(truncatingIfNeeded: v >> 8))
            out.append(UInt8(truncatingIfNeeded: v >> 16))
        }
        return out
    }

    /// tRNS payload: alpha of each entry up to the last translucent one; empty if none.
    var trns: [UInt8] {
        var out: [UInt8] = []
        for c in colours {
            let alpha = UInt8(truncatingIfNeeded: c.littleEndian >> 24)
            if alpha == 0xFF { break }
            out.append(alpha)
        }
        return out
    }
}
