// Words people bring from the skeleton libraries they know, and what they are called in
// the spec language (site/reference/language.md, "Words from other libraries"). A
// diagnostic that meets one names the equivalent instead of the nearest spelling.

enum BorrowedWords {
    /// (word, where it comes from, what to write here), for node kinds.
    static let nodeKinds: [(String, String)] = [
        ("count", "react-loading-skeleton's count is a text node's lines: write text lines=3"),
        ("avatar", "an avatar is a circle: write circle 40"),
        ("image", "an image or media area is a rect: write rect 120x80 radius=8"),
        ("media", "an image or media area is a rect: write rect 120x80 radius=8"),
        ("paragraph", "a paragraph is a text node: write text lines=3 last=60%"),
        ("line", "a line of text is a text node: write text lines=1"),
        ("rounded", "MUI's rounded variant is a rect with a radius: write rect 120x80 radius=8"),
        ("rectangular", "MUI's rectangular variant is a rect: write rect 120x80"),
    ]

    /// (attribute, word, what to write here), for keyword values.
    static let values: [(String, String, String)] = [
        ("animation", "wave", "MUI's and react-loading-skeleton's wave, a band per shape, is shimmer scope=shape"),
        ("animation", "shine", "a moving highlight is shimmer"),
        ("animation", "fade", "a fading in and out is pulse"),
        ("animation", "blink", "a fading in and out is pulse"),
        ("animation", "false", "no animation is none"),
    ]

    /// (node kind, attribute, what to write here), for attribute names.
    static let attributes: [(String, String, String)] = [
        ("animation", "shape", "Facebook Shimmer's shape is band-shape here: write band-shape=radial (or linear)"),
    ]

    static func attribute(_ name: String, on kind: String) -> String? {
        attributes.first { $0.0.hasSameBytes(as: kind) && $0.1.hasSameBytes(as: name) }?.2
    }

    static func nodeKind(_ word: String) -> String? {
        nodeKinds.first { $0.0.hasSameBytes(as: word) }?.1
    }

    static func value(_ word: String, for attribute: String) -> String? {
        values.first { $0.0.hasSameBytes(as: attribute) && $0.1.hasSameBytes(as: word) }?.2
    }
}
