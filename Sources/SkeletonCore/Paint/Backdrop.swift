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
        var canvas = Painter.blankCanvas(spec, layout: layout, scale: s, theme: theme)
        let (width, height) = (canvas.image.width, canvas.image.height)
        guard surfacesNeverCoverEarlierShapes(layout, scale: s) else { return nil }
        Painter.paintItems(spec, layout: layout, time: 0, scale: s, theme: theme, onto: &canvas,
                           surfaces: true, shapes: false)
        var cache = CornerCache()
        let plans = layout.items.map { item -> FillPlan in
            guard case .shape = item.role else { return .empty }
            return FillPlan.record(Painter.pixelBox(item, scale: s, fluid: spec.fluid != nil), width: width, height: height, cache: &cache)
        }
        return Backdrop(scale: s, theme: theme, image: canvas.image, opaque: canvas.isOpaque, plans: plans)
    }

    /// True when no surface touches a pixel (`Canvas.pixelBounds`) that a shape before it
    /// touches (conservative: rectangles, not the rounded shapes inside them).
    static func surfacesNeverCoverEarlierShapes(_ layout: SpecLayout, scale: Int) -> Bool {
        let (width, height) = (layout.pixelSize(scale: scale).width, layout.pixelSize(scale: scale).height)
        var shapes: [PixelBounds] = []
        for item in layout.items {
            guard let bounds = Canvas.pixelBounds(item.snappedBox(scale: scale), width: width, height: height)
            else { continue }  // paints nothing, covers nothing
            switch item.role {
            case .shape:
                shapes.append(bounds)
            case .surface:
                for shape in shapes where shape.meets(bounds) { return false }
            }
        }
        return true
    }
}
