import SkeletonCore

/// The optional `---` block at the top of a doc. Every field has a default so a doc
/// without front matter is valid.
public struct FrontMatter: Equatable, Sendable {
    /// nil: the page title falls back to the first `# heading`, then the file name.
    public var title: String?
    public var description: String?
    public var tags: [String] = []
    /// Nav position; nil sorts after every explicit order (then by title).
    public var order: Int?
    /// `draft: true` leaves the doc out of the build entirely.
    public var draft = false
    /// `appearance:`, `animation:`, `type.NAME:` and `lang:`: defaults for this doc's specs, over the
    /// project file's (site/reference/appearance.md, "Defaults for a whole site").
    public var settings = InheritedSettings()

    public init(title: String? = nil, description: String? = nil, tags: [String] = [], order: Int? = nil, draft: Bool = false) {
        self.title = title
        self.description = description
        self.tags = tags
        self.order = order
        self.draft = draft
    }
}

/// The result of splitting a doc into front matter and body.
public struct FrontMatterResult: Equatable, Sendable {
    public var frontMatter: FrontMatter
    /// The document with the front matter lines blanked (newlines kept), so Markdown
    /// line numbers stay the file's own.
    public var body: String
    /// Positions are the file's own lines; columns count UTF-8 bytes, 1-based.
    public var diagnostics: [Diagnostic]
}

/// A small YAML-like subset, parsed by hand so errors carry exact positions:
/// `key: value` lines, `"quoted"` or `'quoted'` strings, `[a, b]` inline lists or
/// `- item` lines under an empty key, `#` comment lines. Keys: title, description,
/// tags, order, draft, lang, appearance, animation, type.NAME. Unknown keys are warnings (other
/// generators' keys are common).
public enum FrontMatterParser {
    public static let knownKeys = ["title", "description", "tags", "order", "draft", "lang", "appearance", "animation"]

    public static func parse(_ document: String) -> FrontMatterResult {
        // Any line ending counts (CRLF, LF, lone CR), as in cmark, so line numbers agree.
        let ranges = SourceLines.ranges(document)
        let lines = ranges.map { document[$0.content] }
        guard let first = lines.first, isDelimiter(first) else {
            return FrontMatterResult(frontMatter: FrontMatter(), body: document, diagnostics: [])
        }
        guard let closing = lines.indices.dropFirst().first(where: { isDelimiter(lines[$0]) || lines[$0] == "..." }) else {
            let diagnostic = Diagnostic(.error, "front matter is never closed; end it with a line '---'",
                                        at: SourcePosition(line: 1, column: 1))
            return FrontMatterResult(frontMatter: FrontMatter(), body: document, diagnostics: [diagnostic])
        }
        var state = ParseState()
        for index in 1..<closing {
            state.take(lines[index], lineNumber: index + 1)
        }
        state.finishPendingList()
        // Blank the front matter but keep one newline per line: cmark then reports file
        // lines. The body after it keeps its own bytes and line endings.
        let closingEnds = ranges[closing].next != ranges[closing].content.upperBound
        let body = String(repeating: "\n", count: closingEnds ? closing + 1 : closing) + document[ranges[closing].next...]
        return FrontMatterResult(frontMatter: state.result, body: body, diagnostics: state.diagnostics)
    }

    private static func isDelimiter(_ line: Substring) -> Bool {
        line.hasPrefix("---") && line.dropFirst(3).allSatisfy { $0 == " " || $0 == "\t" }
    }

    private struct ParseState {
        var result = FrontMatter()
        var diagnostics: [Diagnostic] = []
        var seen: Set<String> = []
        /// A key with an empty value waiting for `- item` lines (only `tags` takes them).
        var pendingListKey: (name: String, line: Int, column: Int)?
        var pendingItems: [String] = []

        mutating func error(_ message: String, line: Int, column: Int) {
            diagnostics.append(Diagnostic(.error, message, at: SourcePosition(line: line, column: column)))
        }

        mutating func take(_ line: Substring, lineNumber: Int) {
            let bytes = Array(line.utf8)
            let indent = bytes.prefix(while: { $0 == 0x20 || $0 == 0x09 }).count
            if indent == bytes.count || bytes[indent] == UInt8(ascii: "#") { return }
            let isListItem = bytes[indent] == UInt8(ascii: "-") && (indent + 1 == bytes.count || bytes[indent + 1] == 0x20)
            if isListItem {
                guard pendingListKey != nil else {
                    error("list item outside a list; put it under a key such as 'tags:'", line: lineNumber, column: indent + 1)
                    return
                }
                var valueStart = indent + 1
                while valueStart < bytes.count, bytes[valueStart] == 0x20 { valueStart += 1 }
                if let item = scalar(bytes, from: valueStart, line: lineNumber), !item.isEmpty {
                    pendingItems.append(item)
                }
                return
            }
            finishPendingList()
            guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else {
                error("expected 'key: value' in front matter", line: lineNumber, column: indent + 1)
                return
            }
            let key = String(decoding: bytes[indent..<colon], as: UTF8.self).trimmingSpaces()
            if key.isEmpty {
                error("missing key before ':'", line: lineNumber, column: colon + 1)
                return
            }
            let keyColumn = indent + 1
            if seen.contains(key) {
                error("duplicate front matter key '\(key)'", line: lineNumber, column: keyColumn)
                return
            }
            seen.insert(key)
            var valueStart = colon + 1
            while valueStart < bytes.count, bytes[valueStart] == 0x20 || bytes[valueStart] == 0x09 { valueStart += 1 }
            let valueColumn = valueStart + 1
            let rawValue = String(decoding: bytes[valueStart...], as: UTF8.self).trimmingSpaces()
            switch key {
            case "title", "description":
                guard let value = scalar(bytes, from: valueStart, line: lineNumber) else { return }
                if key == "title" { result.title = value.isEmpty ? nil : value } else { result.description = value.isEmpty ? nil : value }
            case "tags":
                if rawValue.isEmpty {
                    pendingListKey = (key, lineNumber, keyColumn)
                } else if rawValue.hasPrefix("[") {
                    result.tags = inlineList(bytes, from: valueStart, line: lineNumber)
                } else if let value = scalar(bytes, from: valueStart, line: lineNumber) {
                    result.tags = [value]
                }
            case "order":
                if let number = Int(rawValue) {
                    result.order = number
                } else {
                    error("order must be a whole number, got '\(rawValue)'", line: lineNumber, column: valueColumn)
                }
            case "draft":
                switch rawValue {
                case "true", "yes": result.draft = true
                case "false", "no": result.draft = false
                default: error("draft must be true or false, got '\(rawValue)'", line: lineNumber, column: valueColumn)
                }
            case "appearance", "animation":
                // The words of the spec's own line, checked as a spec checks them.
                let kind: InheritedSettings.Kind = key == "appearance" ? .appearance : .animation
                diagnostics += result.settings.add(kind, words: Array(bytes[valueStart...]), line: lineNumber,
                                                   column: valueColumn)
            case "lang":
                guard let value = scalar(bytes, from: valueStart, line: lineNumber) else { return }
                if let problem = DocumentLanguage.problem(value) {
                    error(problem, line: lineNumber, column: valueColumn)
                } else {
                    result.settings.language = value
                    if let warning = DocumentLanguage.warning(value) {
                        diagnostics.append(Diagnostic(.warning, warning, at: SourcePosition(line: lineNumber, column: valueColumn)))
                    }
                }
            case _ where key.hasPrefix("type."):
                // `type.body: size=16 leading=24`: a type preset for this doc's specs, as
                // skelsite.toml's `type.body = "size=16 leading=24"` (site/reference/text.md).
                diagnostics += result.settings.addTypePreset(name: String(key.dropFirst(5)), words: Array(bytes[valueStart...]),
                                                             line: lineNumber, nameColumn: keyColumn + 5, column: valueColumn)
            default:
                let hint = FrontMatterParser.knownKeys.first { editDistance($0, key) <= 2 }.map { "; did you mean '\($0)'?" } ?? ""
                diagnostics.append(Diagnostic(.warning, "unknown front matter key '\(key)' is ignored\(hint)",
                                              at: SourcePosition(line: lineNumber, column: keyColumn)))
            }
        }

        mutating func finishPendingList() {
            guard pendingListKey != nil else { return }
            result.tags = pendingItems
            pendingListKey = nil
            pendingItems = []
        }

        /// A plain or quoted scalar starting at `start`; nil (with a diagnostic) when a
        /// quote is not closed or text follows the closing quote.
        mutating func scalar(_ bytes: [UInt8], from start: Int, line: Int) -> String? {
            guard start < bytes.count else { return "" }
            let quote = bytes[start]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                // A plain scalar: a ` #` starts a comment, as in YAML.
                var end = bytes.count
                var index = start
                while index < bytes.count {
                    if bytes[index] == UInt8(ascii: "#"), index > start, bytes[index - 1] == 0x20 { end = index; break }
                    index += 1
                }
                return String(decoding: bytes[start..<end], as: UTF8.self).trimmingSpaces()
            }
            var out: [UInt8] = []
            var index = start + 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == quote {
                    let rest = bytes[(index + 1)...].drop(while: { $0 == 0x20 || $0 == 0x09 })
                    if let next = rest.first, next != UInt8(ascii: "#") {
                        error("unexpected text after the closing quote", line: line, column: rest.startIndex + 1)
                        return nil
                    }
                    return String(decoding: out, as: UTF8.self)
                }
                if byte == UInt8(ascii: "\\"), quote == UInt8(ascii: "\""), index + 1 < bytes.count {
                    index += 1
                    out.append(bytes[index] == UInt8(ascii: "n") ? 0x0A : bytes[index])
                } else {
                    out.append(byte)
                }
                index += 1
            }
            error("unterminated quoted string", line: line, column: start + 1)
            return nil
        }

        /// `[a, "b c", d]`: items separated by commas; quoted items may hold commas.
        mutating func inlineList(_ bytes: [UInt8], from start: Int, line: Int) -> [String] {
            var items: [String] = []
            var index = start + 1
            var current: [UInt8] = []
            var quote: UInt8? = nil
            while index < bytes.count {
                let byte = bytes[index]
                if let open = quote {
                    if byte == open { quote = nil } else { current.append(byte) }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") {
                    let item = String(decoding: current, as: UTF8.self).trimmingSpaces()
                    if !item.isEmpty { items.append(item) }
                    current = []
                    if byte == UInt8(ascii: "]") {
                        let rest = bytes[(index + 1)...].drop(while: { $0 == 0x20 || $0 == 0x09 })
                        if let next = rest.first, next != UInt8(ascii: "#") {
                            error("unexpected text after ']'", line: line, column: rest.startIndex + 1)
                        }
                        return items
                    }
                } else {
                    current.append(byte)
                }
                index += 1
            }
            error(quote == nil ? "list is never closed; end it with ']'" : "unterminated quoted string",
                  line: line, column: start + 1)
            return items
        }
    }
}

/// Levenshtein distance, for "did you mean" hints on short keys.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.utf8), b = Array(b.utf8)
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in stride(from: 1, through: b.count, by: 1) {
            current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}

extension String {
    /// Without leading and trailing spaces and tabs (ASCII only: front matter syntax).
    func trimmingSpaces() -> String {
        let bytes = Array(utf8)
        var start = 0, end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
