/// A theme template compiled for rendering without run-time protocol casts: the same
/// bytes swift-mustache gives, for the part of Mustache themes use (text, `{{name}}`,
/// `{{{name}}}`, `{{& name}}`, sections, inverted sections, comments, `{{> partial}}`
/// and the `CONTENT_TYPE` pragma).
///
/// Why: with 5000 components, rendering `component.mustache`, the pages and the gallery
/// cards through swift-mustache cost about 0.55 s of CPU in a cold build, a third of it
/// in conformance lookups (`as? MustacheParent` and the like on every value at every
/// level of the context stack). This walks the same tokens and asks each value its
/// concrete type once.
///
/// Invariant: a template this compiles renders exactly as swift-mustache renders it
/// (`TemplateProgramTests` renders random templates and contexts both ways). Anything
/// outside the subset makes `compile` return nil, and a value of a type outside it makes
/// `TemplateRenderer` return nil; either way `TemplateSet` renders that template with
/// swift-mustache, so a theme can use all of Mustache and merely be slower.
///
/// Outside the subset: set delimiters, transforms (`{{ upper(x) }}`), inheritance
/// (`{{< parent}}`, `{{$ block}}`), dynamic partials, names starting with `.` other than
/// `{{.}}`, and templates with characters where swift-mustache's Character-by-Character
/// reading could differ from reading bytes: `\r`, Unicode line and space separators,
/// and a mark that joins an ASCII character into one Character.
struct TemplateProgram: Sendable {
    enum Escaping: Sendable, Equatable {
        /// swift-mustache's own HTML escaping (one Character at a time): the default.
        case mustacheHTML
        /// `HTMLText.escape` (`CONTENT_TYPE: SKELSITE_HTML`, which every theme template
        /// is registered with).
        case fastHTML
        /// `CONTENT_TYPE: TEXT`.
        case plain
    }

    indirect enum Node: Sendable {
        case text(String)
        /// A dotted name split at dots; `["."]` is the current object.
        case variable([String], escaped: Bool)
        case section([String], inverted: Bool, body: [Node])
        /// `indentation`: the whitespace before a standalone partial tag.
        case partial(String, indentation: String?)
        case escaping(Escaping)
    }

    let nodes: [Node]

    /// The content type `FastHTMLEscaping` registers with swift-mustache.
    static let fastHTMLName = "SKELSITE_HTML"

    /// nil when the template uses anything outside the subset, or would not parse.
    static func compile(_ text: String) -> TemplateProgram? {
        let bytes = Array(text.utf8)
        guard readsAsBytes(text) else { return nil }
        var parser = Parser(bytes: bytes)
        guard let nodes = parser.block(section: nil, newLine: true) else { return nil }
        return TemplateProgram(nodes: nodes)
    }

    /// Whether reading `text` byte by byte sees the same line breaks, blanks and tag
    /// characters as swift-mustache's reading it Character by Character.
    static func readsAsBytes(_ text: String) -> Bool {
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0D, 0x0B, 0x0C, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
                return false  // a newline or blank to Character but not to the byte reader
            default: break
            }
            // A grapheme joining ASCII with a neighbour: "{" plus a combining mark is not "{".
            if let previous, previous.isASCII != scalar.isASCII {
                var pair = String.UnicodeScalarView()
                pair.append(previous)
                pair.append(scalar)
                if String(pair).count == 1 { return false }
            }
            previous = scalar
        }
        return true
    }

    /// swift-mustache's tokenizing, on UTF-8 bytes: text is cut at every newline and tag;
    /// a line's leading blanks are held back, and dropped when the line holds only a
    /// standalone section, close, comment, pragma or partial tag (whose line break goes
    /// too).
    private struct Parser {
        let bytes: [UInt8]
        var at = 0

        private static let open = UInt8(ascii: "{"), close = UInt8(ascii: "}"), newline = UInt8(ascii: "\n")

        /// Tokens up to the close of `section` (or the end, when nil). `newLine`: whether
        /// the block starts at the start of a line.
        mutating func block(section: String?, newLine startsLine: Bool) -> [Node]? {
            var nodes: [Node] = []
            var newLine = startsLine
            var blanks: ArraySlice<UInt8> = []
            func flushBlanks() {
                if !blanks.isEmpty { nodes.append(.text(Self.string(blanks))) }
                blanks = []
            }
            while at < bytes.count {
                if newLine {
                    let start = at
                    while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 { at += 1 }
                    blanks = bytes[start..<at]
                }
                let textStart = at
                var tag = false
                while at < bytes.count {
                    if bytes[at] == Self.newline { break }
                    if bytes[at] == Self.open {
                        guard at + 1 < bytes.count else { return nil }  // swift-mustache reads past the end
                        if bytes[at + 1] == Self.open {
                            tag = true
                            break
                        }
                    }
                    at += 1
                }
                let text = bytes[textStart..<at]
                if !tag, at < bytes.count {  // a newline
                    nodes.append(.text(Self.string(blanks) + Self.string(text) + "\n"))
                    newLine = true
                    at += 1
                    continue
                }
                if !text.isEmpty {
                    nodes.append(.text(Self.string(blanks) + Self.string(text)))
                    blanks = []
                    newLine = false
                }
                guard tag else { break }
                at += 2
                guard at < bytes.count else { return nil }
                var setNewLine = false
                switch bytes[at] {
                case UInt8(ascii: "#"), UInt8(ascii: "^"):
                    let inverted = bytes[at] == UInt8(ascii: "^")
                    at += 1
                    guard let name = name(), let path = Self.path(name) else { return nil }
                    let standalone = newLine && lineFinished()
                    if !standalone { flushBlanks() }
                    guard let body = block(section: name, newLine: standalone) else { return nil }
                    nodes.append(.section(path, inverted: inverted, body: body))
                    setNewLine = standalone
                case UInt8(ascii: "/"):
                    at += 1
                    guard let name = name(), name == section else { return nil }
                    if !(newLine && lineFinished()) { flushBlanks() }
                    return nodes
                case UInt8(ascii: "!"):
                    at += 1
                    guard let end = find(Self.close, Self.close) else { return nil }
                    at = end + 2
                    setNewLine = newLine && lineFinished()
                case Self.open, UInt8(ascii: "&"):
                    let triple = bytes[at] == Self.open
                    flushBlanks()
                    at += 1
                    guard let name = name(), let path = Self.path(name) else { return nil }
                    if triple {
                        guard at < bytes.count, bytes[at] == Self.close else { return nil }
                        at += 1
                    }
                    nodes.append(.variable(path, escaped: false))
                case UInt8(ascii: ">"):
                    at += 1
                    skipWhitespace()
                    guard at < bytes.count, bytes[at] != UInt8(ascii: "*"), let name = partialName() else { return nil }
                    if !blanks.isEmpty { nodes.append(.text(Self.string(blanks))) }
                    let standalone = newLine && lineFinished()
                    nodes.append(.partial(name, indentation: standalone ? Self.string(blanks) : nil))
                    blanks = []
                    setNewLine = standalone
                case UInt8(ascii: "%"):
                    at += 1
                    guard let escaping = pragma() else { return nil }
                    nodes.append(.escaping(escaping))
                    setNewLine = newLine && lineFinished()
                case UInt8(ascii: "<"), UInt8(ascii: "$"), UInt8(ascii: "="):
                    return nil
                default:
                    flushBlanks()
                    guard let name = name(), let path = Self.path(name) else { return nil }
                    nodes.append(.variable(path, escaped: true))
                }
                newLine = setNewLine
            }
            return section == nil ? nodes : nil
        }

        /// After a tag: whether only blanks remain on its line; if so, they and the line
        /// break are consumed. The very end of the template counts as finished, blanks
        /// then the end do not (as in swift-mustache).
        private mutating func lineFinished() -> Bool {
            guard at < bytes.count else { return true }
            var next = at
            while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
            guard next < bytes.count, bytes[next] == Self.newline else { return false }
            at = next + 1
            return true
        }

        private mutating func skipWhitespace() {
            while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == Self.newline { at += 1 }
        }

        private mutating func read(while allowed: (UInt8) -> Bool) -> String {
            let start = at
            while at < bytes.count, allowed(bytes[at]) { at += 1 }
            return Self.string(bytes[start..<at])
        }

        private mutating func closeTag() -> Bool {
            guard at + 1 < bytes.count, bytes[at] == Self.close, bytes[at + 1] == Self.close else { return false }
            at += 2
            return true
        }

        /// A tag's name up to its `}}`; nil for a transform, an empty name or a bad tag.
        private mutating func name() -> String? {
            skipWhitespace()
            let name = read(while: Self.isNameByte)
            skipWhitespace()
            guard closeTag(), !name.isEmpty, !name.utf8.contains(where: { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ")") }) else {
                return nil
            }
            return name
        }

        private mutating func partialName() -> String? {
            let name = read { Self.isNameByte($0) || $0 == UInt8(ascii: "/") }
            skipWhitespace()
            return closeTag() ? name : nil
        }

        /// `{{% CONTENT_TYPE: NAME}}` for the content types whose escaping is known here.
        private mutating func pragma() -> Escaping? {
            let isWord = { (byte: UInt8) in Self.isNameByte(byte) && byte != UInt8(ascii: "(") && byte != UInt8(ascii: ")") }
            skipWhitespace()
            let variable = read(while: isWord)
            skipWhitespace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { return nil }
            at += 1
            skipWhitespace()
            let value = read(while: isWord)
            skipWhitespace()
            guard closeTag(), variable == "CONTENT_TYPE" else { return nil }
            switch value {
            case TemplateProgram.fastHTMLName: return .fastHTML
            case "HTML": return .mustacheHTML
            case "TEXT": return .plain
            default: return nil
            }
        }

        private func find(_ first: UInt8, _ second: UInt8) -> Int? {
            var index = at
            while index + 1 < bytes.count {
                if bytes[index] == first, bytes[index + 1] == second { return index }
                index += 1
            }
            return nil
        }

        /// The characters swift-mustache reads as a name (parentheses mark transforms).
        private static func isNameByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "?"), UInt8(ascii: "*"),
                 UInt8(ascii: "("), UInt8(ascii: ")"):
                return true
            default:
                return false
            }
        }

        /// "." alone is the current object; another leading dot (lookup in the current
        /// object only) is outside the subset. Empty segments drop, as in swift-mustache.
        static func path(_ name: String) -> [String]? {
            if name == "." { return ["."] }
            guard name.first != "." else { return nil }
            let parts = name.split(separator: ".").map(String.init)
            return parts.isEmpty ? nil : parts
        }

        /// Text cut at ASCII bytes of valid UTF-8 stays valid.
        static func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
    }
}
