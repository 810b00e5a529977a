import Mustache

/// A context's text and numbers as Mustache renders them fastest, with the same output.
///
/// Why: given a `String` or an `Int`, Mustache asks at run time whether it is a template,
/// a custom renderable, a lambda or an optional before printing it, each a protocol
/// conformance lookup; a value that says at once it is a custom renderable skips those.
/// With 5000 components of about 50 values each, rendering `component.mustache` was a
/// sixteenth of a cold build. Everything else a template may do with the value behaves
/// as with the plain one: sections (a value is not null), `{{.}}`, transforms such as
/// `uppercased(name)` or `plusone(count)` (forwarded to the plain value), and lookups
/// inside a section of it (it has no children, so they go up the stack).
enum TemplateValues {
    /// `context` with every `String` and `Int` in it (in nested tables and lists too)
    /// wrapped; other values as they are.
    static func wrapped(_ context: [String: Any]) -> [String: Any] {
        context.mapValues(wrap)
    }

    private static func wrap(_ value: Any) -> Any {
        switch value {
        case let text as String: return Text(text: text)
        case let number as Int: return Number(value: number)
        case let table as [String: Any]: return wrapped(table)
        case let list as [[String: Any]]: return list.map(wrapped)
        case let list as [String]: return list.map { Text(text: $0) }
        default: return value
        }
    }

    /// Comparable, so a list of them sorts as a list of strings does (`sorted(tags)`).
    struct Text: MustacheCustomRenderable, MustacheParent, MustacheTransformable, CustomStringConvertible, Comparable {
        let text: String
        static func < (a: Text, b: Text) -> Bool { a.text < b.text }
        var renderText: String { text }
        var isNull: Bool { false }
        var description: String { text }
        func child(named: String) -> Any? { nil }
        func transform(_ name: String) -> Any? { text.transform(name) }
    }

    struct Number: MustacheCustomRenderable, MustacheParent, MustacheTransformable, CustomStringConvertible, Comparable {
        let value: Int
        static func < (a: Number, b: Number) -> Bool { a.value < b.value }
        var renderText: String { String(value) }
        var isNull: Bool { false }
        var description: String { String(value) }
        func child(named: String) -> Any? { nil }
        func transform(_ name: String) -> Any? { value.transform(name) }
    }
}
