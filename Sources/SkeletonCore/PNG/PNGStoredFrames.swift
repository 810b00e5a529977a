/// Chooses the stored format for a set of frames and, for indexed colour, turns every
/// frame into a plane of palette indices, in one pass over the pixels.
///
/// Why one pass: skeleton frames are mostly long runs of one colour, so the cost is in
/// touching every pixel; choosing the format and packing indices separately touched
/// each pixel twice, each time with a hash lookup at every colour change. Here a run is
/// skipped four pixels at a time and its index is written in bulk.
///
/// Invariant: the palette and indices equal what `PNGPixelFormat.choose` followed by a
/// per-pixel lookup would give (colours in order of first appearance, translucent ones
/// moved first by `ColourPalette.finish`), so the encoded bytes do not depend on it.
struct PNGStoredFrames {
    let format: PNGPixelFormat
    /// Per frame, `width * height` palette indices; empty unless `format` is `.palette`.
    let indexPlanes: [[UInt8]]

    init(_ frames: [RGBAImage]) {
        var palette = ColourPalette()
        var planes: [[UInt8]] = []
        planes.reserveCapacity(frames.count)
        var fits = true
        for frame in frames {
            guard let plane = Self.indexPlane(frame, into: &palette) else {
                fits = false
                break
            }
            planes.append(plane)
        }
        if fits {
            let order = palette.finish()
            if !order.isIdentity {
                for k in planes.indices { order.remap(&planes[k]) }
            }
            format = .palette(palette)
            indexPlanes = planes
        } else {
            format = frames.allSatisfy(Self.isOpaque) ? .rgb : .rgba
            indexPlanes = []
        }
    }

    /// Always 8-bit RGBA (for comparisons with encoders that keep RGBA).
    init(rgba image: RGBAImage) {
        format = .rgba
        indexPlanes = []
    }

    /// Indices of `image`'s pixels in `palette` (adding new colours), or nil when the
    /// palette would exceed 256 colours.
    private static func indexPlane(_ image: RGBAImage, into palette: inout ColourPalette) -> [UInt8]? {
        let count = image.width * image.height
        var plane = [UInt8](repeating: 0, count: count)
        let complete = image.pixels.withUnsafeBytes { raw -> Bool in
            plane.withUnsafeMutableBufferPointer { out -> Bool in
                let dst = out.baseAddress!
                var i = 0
                while i < count {
                    let colour = raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
                    guard let index = palette.provisionalIndex(inserting: colour) else { return false }
                    dst[i] = index
                    i += 1
                    // The run of this colour: four pixels (two 64-bit words) at a time.
                    let pair = UInt64(colour) | UInt64(colour) << 32
                    let quad = UInt32(index) &* 0x0101_0101
                    while i + 4 <= count
                        && raw.loadUnaligned(fromByteOffset: i * 4, as: UInt64.self) == pair
                        && raw.loadUnaligned(fromByteOffset: i * 4 + 8, as: UInt64.self) == pair {
                        UnsafeMutableRawPointer(dst + i).storeBytes(of: quad, as: UInt32.self)
                        i += 4
                    }
                    while i < count && raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self) == colour {
                        dst[i] = index
                        i += 1
                    }
                }
                return true
            }
        }
        return complete ? plane : nil
    }

    private static func isOpaque(_ image: RGBAImage) -> Bool {
        image.pixels.withUnsafeBytes { raw in
            // AND of every pixel's alpha byte, two pixels a step.
            let count = image.width * image.height
            var all: UInt64 = ~0
            var i = 0
            while i + 2 <= count {
                all &= raw.loadUnaligned(fromByteOffset: i * 4, as: UInt64.self)
                i += 2
            }
            let alphaMask: UInt64 = 0xFF00_0000_FF00_0000
            if all & alphaMask != alphaMask { return false }
            return i == count || raw[i * 4 + 3] == 0xFF
        }
    }
}

/// How `ColourPalette.finish` moved the entries: `newIndex[old]`.
struct PaletteOrder {
    let newIndex: [UInt8]

    var isIdentity: Bool {
        newIndex.indices.allSatisfy { Int(newIndex[$0]) == $0 }
    }

    func remap(_ plane: inout [UInt8]) {
        newIndex.withUnsafeBufferPointer { table in
            plane.withUnsafeMutableBufferPointer { p in
                for i in 0..<p.count { p[i] = table[Int(p[i])] }
            }
        }
    }
}
