// Text compared byte for byte. `String ==` (and `switch` over string literals, and
// `hasSuffix`) compares by Unicode canonical equivalence, which in Embedded Swift
// links the normalisation and grapheme tables into the playground's wasm module:
// about 25 KB of its gzipped budget (site/guides/playground-api.md). The words these
// comparisons look for (attribute names, keywords, units, palette names) are ASCII,
// and for ASCII words bytes and canonical equivalence agree.

extension String {
    /// The same UTF-8 bytes as `other`.
    public func hasSameBytes(as other: String) -> Bool {
        utf8.elementsEqual(other.utf8)
    }

    /// Ends with the bytes of `suffix`.
    public func endsWithBytes(of suffix: String) -> Bool {
        utf8.count >= suffix.utf8.count && utf8.suffix(suffix.utf8.count).elementsEqual(suffix.utf8)
    }
}

extension Array where Element == String {
    /// Holds a word with the bytes of `word`.
    public func containsBytes(of word: String) -> Bool {
        contains { $0.hasSameBytes(as: word) }
    }
}

/// A word that `switch` matches against string-literal cases byte for byte:
/// `switch Spelling(name) { case "gap": … }`.
public struct Spelling {
    public let text: String
    public init(_ text: String) { self.text = text }
}

public func ~= (pattern: String, value: Spelling) -> Bool {
    value.text.hasSameBytes(as: pattern)
}
