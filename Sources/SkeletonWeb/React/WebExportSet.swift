import SkeletonCore

/// The specs of a React or web-component export, each with its names and its component
/// as the HTML export ships it (site/guides/react-and-web-components.md). Shared by both
/// writers, so `--format npm` names a spec the same in both.
struct WebExportSet {
    struct Item {
        /// "ArticleRowSkeleton": the SwiftUI export's view name (`SwiftUIExport.typeName`),
        /// 2, 3, … appended to a repeated one.
        var name: String
        /// The spec's title, or "Untitled" (comment text only).
        var title: String
        var origin: String
        /// The default accessible label ("Loading Article row…").
        var label: String
        var component: WebComponent
        /// The component's HTML as a tree (the React writers').
        var markup: [MarkupNode]
    }

    var items: [Item] = []

    /// Every component's CSS in order, each scope once: the stylesheet of the React export.
    var stylesheet: String {
        var written: [String] = []
        var text = ""
        for item in items where !written.containsBytes(of: item.component.scope) {
            written.append(item.component.scope)
            text += "/* " + item.name + " */\n" + item.component.css
        }
        return text
    }

    init(_ specs: [ExportedSpec]) {
        var names: [String] = []
        // Scope → CSS of the components emitted so far: the React export puts every
        // component in one stylesheet, so two different specs whose 32-bit scopes collide
        // must not share one (the build salts such a second component per page the same way).
        var scopes: [(String, String)] = []
        for exported in specs {
            let spec = exported.spec
            let base = SwiftUIExport.typeName(for: spec.title)
            var name = base
            var suffix = 2
            while names.containsBytes(of: name) {
                name = base + String(suffix)
                suffix += 1
            }
            names.append(name)
            let layout = LayoutEngine.layout(spec)
            var salt = 0
            var component = ComponentEmitter.emit(spec, layout: layout, label: nil, options: EmitOptions())
            while scopes.contains(where: { $0.0.hasSameBytes(as: component.scope) && !$0.1.hasSameBytes(as: component.css) }) {
                salt += 1
                component = ComponentEmitter.emit(spec, layout: layout, label: nil, options: EmitOptions(salt: salt))
            }
            scopes.append((component.scope, component.css))
            items.append(Item(name: name, title: spec.title ?? "Untitled", origin: exported.origin,
                              label: spec.accessibleLabel(), component: component,
                              markup: MarkupNode.parse(component.html)))
        }
    }

    /// The one line of comment above a component: "Article row: the skeleton of
    /// site/gallery/article-row.md:12:1." Title and origin are untrusted.
    static func summary(_ item: Item) -> String {
        JavaScriptText.comment(item.title) + ": the skeleton of " + JavaScriptText.comment(item.origin) + "."
    }

    /// Whether `value` can be written as a JSX attribute string as it is: class names,
    /// `ltr`, `status`, language tags. Anything else goes through the escaper in braces.
    static func isPlainAttribute(_ value: String) -> Bool {
        value.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x20 || byte == 0x2D || byte == 0x5F
        }
    }
}
