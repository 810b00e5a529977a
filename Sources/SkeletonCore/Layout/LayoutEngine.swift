// STUB: replaced by the layout work. Signature is the contract.
public enum LayoutEngine {
    /// Lays a spec out at its own width, CSS flexbox semantics for the subset.
    public static func layout(_ spec: Spec) -> SpecLayout {
        SpecLayout(width: spec.width, height: spec.height ?? 0, items: [])
    }
}
