extension Spec {
    /// What assistive technology announces for the component, once (the HTML's status
    /// region, the SwiftUI view's one accessibility element): `label=` as written; else
    /// "Loading <name>…", the name being `name` or the spec's title; else "Loading…"
    /// (a blank name counts as none). site/reference/skeleton.md documents it.
    public func accessibleLabel(name: String? = nil) -> String {
        if let label { return label }
        guard let name = name ?? title, name.utf8.contains(where: { $0 != UInt8(ascii: " ") }) else { return "Loading…" }
        return "Loading " + name + "…"
    }
}
