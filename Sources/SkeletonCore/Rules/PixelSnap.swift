/// Where a box's edges land in device pixels: the rule browsers paint boxes by, which
/// the painter follows so that a CSS component and its PNG agree edge for edge
/// (site/reference/rendering.md, "Edges").
///
/// Each edge is snapped on its own, at the device scale: e = x·s in device pixels,
/// first rounded to the nearest 1/64 (layout engines hold lengths in fixed point:
/// Blink's LayoutUnit is 1/64 px, so 21.4999999 from floating-point noise is 21.5 to
/// a browser), then rounded to a whole pixel, halves up (LayoutUnit::Round). Snapping
/// the edges rather than origin and size keeps neighbours gap-free: the right edge of
/// one box and the left edge of the next snap to the same pixel.
///
/// Measured in Chromium, Firefox and WebKitGTK (site/guides/verify-css-vs-png.md): a bar at y = 21.5 points
/// is painted from pixel row 22 at 1x and row 43 at 2x, fully covered, in all three.
/// Corner radii are not snapped; the radius is clamped to the snapped box.
public enum PixelSnap {
    /// The device-pixel position of an edge at `points` (CSS px) at `scale` device
    /// pixels per point. Non-finite input is returned unchanged (the painter skips it).
    public static func edge(_ points: Double, scale: Int) -> Double {
        let device = points * Double(scale)
        guard device.isFinite else { return device }
        let fixedPoint = (device * 64).rounded(.toNearestOrAwayFromZero) / 64
        return (fixedPoint + 0.5).rounded(.down)
    }
}

extension LayoutItem {
    /// The item's box in device pixels at `scale` (already clamped into
    /// 1...Limits.maxScale): edges by `PixelSnap.edge`, the radius scaled, not snapped.
    public func snappedBox(scale: Int) -> RoundedBox {
        let x0 = PixelSnap.edge(frame.x, scale: scale)
        let y0 = PixelSnap.edge(frame.y, scale: scale)
        let x1 = PixelSnap.edge(frame.x + frame.width, scale: scale)
        let y1 = PixelSnap.edge(frame.y + frame.height, scale: scale)
        return RoundedBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0, radius: radius * Double(scale))
    }
}
