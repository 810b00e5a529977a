/// Source-over compositing in 8-bit sRGB with straight alpha, no gamma (browsers
/// blend in sRGB too).
///
/// Rounding rule: every division rounds to nearest (ties cannot occur in the forms
/// below except `A/2` ties, which round up). With source alpha α and destination
/// alpha δ (0...255), A = α·255 + δ·(255 − α):
///
///     out.a = (A + 127) / 255
///     out.c = (s.c·α·255 + d.c·δ·(255 − α) + A/2) / A      (A > 0; else all 0)
///
/// When δ = 255 this reduces exactly to out.c = (s.c·α + d.c·(255 − α) + 127) / 255
/// and out.a = 255, which the fast paths use.
public enum Compositor {
    /// Packs a colour as the 4 bytes R, G, B, A in memory order (little-endian word).
    @inline(__always)
    public static func pack(_ c: RGBA) -> UInt32 {
        UInt32(c.r) | UInt32(c.g) << 8 | UInt32(c.b) << 16 | UInt32(c.a) << 24
    }

    @inline(__always)
    public static func unpack(_ v: UInt32) -> RGBA {
        RGBA(UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8),
             UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 24))
    }

    /// `source` (colour channels only) at alpha `alpha` over `dest`, general case.
    public static func over(_ source: RGBA, alpha: Int, _ dest: RGBA) -> RGBA {
        let a = UInt32(alpha)
        if a == 0 { return dest }
        if a == 255 { return RGBA(source.r, source.g, source.b, 255) }
        let da = UInt32(dest.a)
        if da == 255 {
            return unpack(overOpaque(pack(source), alpha: a, pack(dest)))
        }
        let inv = 255 - a
        let total = a * 255 + da * inv
        if total == 0 { return RGBA(0, 0, 0, 0) }
        let half = total / 2
        let sw = a * 255
        let dw = da * inv
        func channel(_ s: UInt8, _ d: UInt8) -> UInt8 {
            UInt8((UInt32(s) * sw + UInt32(d) * dw + half) / total)
        }
        return RGBA(channel(source.r, dest.r), channel(source.g, dest.g), channel(source.b, dest.b),
                    UInt8((total + 127) / 255))
    }

    /// Packed source colour at alpha `a` (1...254) over an opaque packed destination.
    @inline(__always)
    public static func overOpaque(_ s: UInt32, alpha a: UInt32, _ d: UInt32) -> UInt32 {
        let inv = 255 - a
        let r = ((s & 0xFF) * a + (d & 0xFF) * inv + 127) / 255
        let g = ((s >> 8 & 0xFF) * a + (d >> 8 & 0xFF) * inv + 127) / 255
        let b = ((s >> 16 & 0xFF) * a + (d >> 16 & 0xFF) * inv + 127) / 255
        return r | g << 8 | b << 16 | 0xFF00_0000
    }

    /// Rounds `alpha · coverage` to 0...255 (ties up).
    @inline(__always)
    public static func scaledAlpha(_ alpha: UInt8, _ coverage: Double) -> UInt32 {
        if coverage >= 1 { return UInt32(alpha) }
        if coverage <= 0 { return 0 }
        return UInt32(Double(alpha) * coverage + 0.5)
    }
}
