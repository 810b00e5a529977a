/// The part of a spec's frames that never changes: the background and the static
/// surfaces (`fill`), painted once for a scale and theme. A frame is then the
/// backdrop plus the shapes at time t (`Painter.paint(_:layout:time:backdrop:)`),
/// which is what an animation repaints sixty times a second. The shapes' coverage is
/// recorded here too (`FillPlan`): it depends on geometry only.
///
/// Invariant: a frame from a backdrop equals `Painter.paint`'s frame byte for byte.
/// Painting surfaces before all shapes, instead of in layout order, changes nothing
/// when no surface is painted over an earlier shape: compositing a pixel depends only
/// on that pixel's value and what is painted on it, in order. So `make` declines
/// (returns nil) when a surface's pixels meet those of a shape before it in layout
/// order, as when a child overflows its container into a later card.
public struct Backdrop: Sendable {
    public let scale: Int
    public let theme: Theme
    let image: RGBAImage
    let opaque: Bool
    /// Per layout item, its coverage on this canvas (empty for surfaces).
    let plans: [FillPlan]

    public static func make(_ spec: Spec, layout: SpecLayout, scale: Int, theme: Theme) -> Backdrop? {
        let s = min(max(scale, 1), Limits.maxScale)
        guard surfacesNeverCoverEarlierShapes(layout, scale: s) else { return nil }
        let look = ThemeColours(spec.appearance, theme)
        var canvas = Canvas(width: Painter.wholePoints(layout.width) * s, height: Painter.wholePoints(layout.height) * s,
                            background: look.background)
        Painter.paintItems(spec, layout: layout, time: 0, scale: s, theme: theme, onto: &canvas,
                           surfaces: true, shapes: false)
        var cache = CornerCache()
        let plans = layout.items.map { item -> FillPlan in
            guard case .shape = item.role else { return .empty }
            return FillPlan.record(Painter.pixelBox(item, scale: s), width: canvas.image.width,
                                   height: canvas.image.height, cache: &cache)
        }
        return Backdrop(scale: s, theme: theme, image: canvas.image, opaque: canvas.isOpaque, plans: plans)
    }

    /// True when no surface's pixel rectangle meets the pixel rectangle of a shape that
    /// comes before it (conservative: rectangles, not the rounded shapes inside them).
    static func surfacesNeverCoverEarlierShapes(_ layout: SpecLayout, scale: Int) -> Bool {
        var shapes: [PixelRect] = []
        for item in layout.items {
            let rect = PixelRect(Painter.pixelBox(item, scale: scale))
            switch item.role {
            case .shape:
                shapes.append(rect)
            case .surface:
                for shape in shapes where shape.meets(rect) { return false }
            }
        }
        return true
    }
}

/// The pixels `Canvas.fill` may touch for a box: [i0, i1) × [j0, j1).
struct PixelRect {
    var i0: Double
    var i1: Double
    var j0: Double
    var j1: Double

    init(_ box: RoundedBox) {
        i0 = box.x0.rounded(.down)
        i1 = box.x1.rounded(.up)
        j0 = box.y0.rounded(.down)
        j1 = box.y1.rounded(.up)
    }

    func meets(_ other: PixelRect) -> Bool {
        i0 < other.i1 && other.i0 < i1 && j0 < other.j1 && other.j0 < j1
    }
}
