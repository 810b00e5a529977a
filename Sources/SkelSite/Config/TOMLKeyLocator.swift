/// Where a key of `skelsite.toml` is written, for `path:line:column` diagnostics.
///
/// TOMLKit (0.6.0) reports positions only for syntax errors; the tables it returns
/// carry none. So after TOMLKit has accepted the file, this finds a key by reading
/// the lines as written: `[table]` headers, `key = value`, dotted keys
/// (`diff.threshold = 0.1`) and keys inside an inline table (`diff = { threshold = 0.1 }`).
/// A key it cannot place (e.g. inside a multi-line string's continuation) falls back to
/// its table's header, then to 1:1: the message still names the key.
struct TOMLKeyLocator {
    struct Position: Equatable {
        var line: Int
        var column: Int
    }

    private struct Entry {
        var path: [String]
        var line: Int
        var keyColumn: Int
        var valueColumn: Int
        var valueText: Substring
    }

    private var entries: [Entry] = []
    private var headers: [[String]: Position] = [:]

    init(text: String) {
        var table: [String] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let indent = line.prefix { $0 == " " || $0 == "\t" }.count
            let body = line.dropFirst(indent)
            if body.hasPrefix("[") {
                let isArray = body.hasPrefix("[[")
                let inner = body.dropFirst(isArray ? 2 : 1).prefix { $0 != "]" }
                table = Self.keyParts(inner)
                headers[table] = headers[table] ?? Position(line: index + 1, column: indent + 1)
                continue
            }
            guard !body.hasPrefix("#"), let equals = Self.assignment(in: body) else { continue }
            let keyText = body[..<equals]
            let afterEquals = body[body.index(after: equals)...]
            let valueIndent = afterEquals.prefix { $0 == " " || $0 == "\t" }.count
            let keyLength = body.distance(from: body.startIndex, to: equals)
            entries.append(Entry(path: table + Self.keyParts(keyText), line: index + 1, keyColumn: indent + 1,
                                 valueColumn: indent + keyLength + 2 + valueIndent,
                                 valueText: afterEquals.dropFirst(valueIndent)))
        }
    }

    /// Where the key at `path` (e.g. ["verify", "scales"]) starts.
    func key(_ path: [String]) -> Position { locate(path, value: false) }

    /// Where the value of the key at `path` starts.
    func value(_ path: [String]) -> Position { locate(path, value: true) }

    private func locate(_ path: [String], value: Bool) -> Position {
        if let entry = entries.first(where: { $0.path == path }) {
            return Position(line: entry.line, column: value ? entry.valueColumn : entry.keyColumn)
        }
        // Inside an inline table: `diff = { threshold = "x" }`.
        if let entry = entries.first(where: { $0.path.count < path.count && Array(path.prefix($0.path.count)) == $0.path }),
           let name = path.last, let range = entry.valueText.range(of: name) {
            let offset = entry.valueText.distance(from: entry.valueText.startIndex, to: range.lowerBound)
            return Position(line: entry.line, column: entry.valueColumn + offset)
        }
        var parent = path
        while !parent.isEmpty {
            parent.removeLast()
            if let header = headers[parent] { return header }
        }
        return Position(line: 1, column: 1)
    }

    /// The `=` of a `key = value` line, outside quotes; nil for other lines.
    private static func assignment(in body: Substring) -> Substring.Index? {
        var quote: Character?
        var index = body.startIndex
        while index < body.endIndex {
            let character = body[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "=" {
                return index
            } else if character == "#" {
                return nil
            }
            index = body.index(after: index)
        }
        return nil
    }

    /// `a.b`, `"a".b`, `a . 'b'` → ["a", "b"].
    private static func keyParts(_ text: Substring) -> [String] {
        var parts: [String] = []
        var current = ""
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "." {
                parts.append(current)
                current = ""
            } else if character != " " && character != "\t" {
                current.append(character)
            }
        }
        parts.append(current)
        return parts
    }
}
