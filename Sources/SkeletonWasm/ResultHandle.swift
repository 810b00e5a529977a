/// What `render`, `html` and `frameworks` hand back to JavaScript: a pointer to eight little-endian
/// u32 words in linear memory, valid until `release(handle)`:
///
///     [0] kind        0 = image, 1 = diagnostics (the spec did not parse), 2 = html,
///                 3 = frameworks
///     [1] width       image width in pixels (kind 0)
///     [2] height      image height in pixels (kind 0)
///     [3] pixels      address of width·height·4 RGBA bytes (kind 0)
///     [4] pixelsLen   their length
///     [5] data        address of the encoded payload (see ByteWriter):
///                     kind 0: diagnostics (warnings), animation, f64 cycle time;
///                     kind 1: diagnostics;
///                     kind 2: text scope, text html, text css, diagnostics (warnings),
///                     animation;
///                     kind 3: text SwiftUI, text React, text web component
///     [6] dataLen     its length
///     [7] owner       the retained Swift object that keeps [3] and [5] alive
///
/// The pixels are the painter's own buffer, not a copy: a 390×844 frame at scale 2
/// is 5 MB, and copying it on every animation frame would cost the playground time.
enum ResultKind: UInt32 {
    case image = 0
    case diagnostics = 1
    case html = 2
    case frameworks = 3
}

/// Owns the arrays a handle points into; nobody mutates them, so their storage
/// stays where it is until the owner is released.
final class ResultOwner {
    let pixels: [UInt8]
    let data: [UInt8]
    init(pixels: [UInt8], data: [UInt8]) {
        self.pixels = pixels
        self.data = data
    }
}

enum ResultHandle {
    static let words = 8

    static func make(kind: ResultKind, width: Int = 0, height: Int = 0,
                     pixels: [UInt8] = [], data: [UInt8]) -> UnsafeMutablePointer<UInt32> {
        let owner = ResultOwner(pixels: pixels, data: data)
        let header = UnsafeMutablePointer<UInt32>.allocate(capacity: words)
        header[0] = kind.rawValue
        header[1] = UInt32(truncatingIfNeeded: width)
        header[2] = UInt32(truncatingIfNeeded: height)
        header[3] = address(owner.pixels)
        header[4] = UInt32(truncatingIfNeeded: owner.pixels.count)
        header[5] = address(owner.data)
        header[6] = UInt32(truncatingIfNeeded: owner.data.count)
        header[7] = UInt32(UInt(bitPattern: Unmanaged.passRetained(owner).toOpaque()))
        return header
    }

    static func release(_ header: UnsafeMutablePointer<UInt32>) {
        if let owner = UnsafeMutableRawPointer(bitPattern: UInt(header[7])) {
            Unmanaged<ResultOwner>.fromOpaque(owner).release()
        }
        header.deallocate()
    }

    /// Address of an array's contiguous storage (0 when empty). Valid while the
    /// array is alive and unmutated, which ResultOwner guarantees.
    private static func address(_ array: [UInt8]) -> UInt32 {
        array.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            return UInt32(UInt(bitPattern: base))
        }
    }
}
