// STUB: replaced by the painter work. Signature is the contract.
public enum Painter {
    /// The frame at time `time` (seconds), `scale` pixels per point (1...4).
    public static func paint(_ spec: Spec, layout: SpecLayout, time: Double, scale: Int, theme: Theme) -> RGBAImage {
        RGBAImage(width: Int(layout.width) * scale, height: Int(layout.height) * scale)
    }
}
