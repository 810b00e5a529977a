import SkeletonCore

// STUB: replaced by the emitter work. Signature is the contract.

/// The shippable HTML and CSS of one component.
public struct WebComponent: Equatable, Sendable {
    /// Deterministic scope class, e.g. "sk-3f2a9c1b" (derived from the spec's content).
    public var scope: String
    public var html: String
    public var css: String
    public init(scope: String, html: String, css: String) {
        self.scope = scope
        self.html = html
        self.css = css
    }
}

public enum ComponentEmitter {
    /// `label` is the accessible "loading" label (defaults to the spec's title).
    public static func emit(_ spec: Spec, layout: SpecLayout, label: String? = nil) -> WebComponent {
        WebComponent(scope: "", html: "", css: "")
    }
}
