/// Where a key of `skelsite.toml` is written, for `path:line:column` diagnostics.
///
/// TOMLKit (0.6.0) reports positions only for syntax errors; the tables it returns
/// carry none. So after TOMLKit has accepted the file, this finds a key by reading
/// the lines as written: `[table]` headers, `key = value`, dotted keys
/// (`diff.threshold = 0.1`) and keys inside an inline table (`diff = { threshold = 0.1 }`).
/// A table named by a header (`[diff.extra]`) or only by a dotted key (`diff.extra.x = 1`)
/// is placed at that header or key. A key it cannot place (e.g. inside a multi-line
/// string's continuation) falls back to its table's header, then to 1:1: the message
/// still names the key.
struct TOMLKeyLocator {
    struct Position: Equatable {
        var line: Int
        var column: Int
    }

    private struct Entry {
        var path: [String]
        /// The `[table]` header it is under ([] at the top).
        var table: [String]
        var line: Int
        var keyColumn: Int
        var valueColumn: Int
        var valueText: Substring
    }

    private var entries: [Entry] = []
    private var headers: [[String]: Position] = [:]
    /// Every `[table]` header in file order (`headers` keeps only the first of each).
    private var allHeaders: [(path: [String], at: Position)] = []

    init(text: String) {
        var table: [String] = []
        // Split on the scalar, not the Character: "\r\n" is one Character in Swift.
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { Substring($0) }
        for (index, rawLine) in lines.enumerated() {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let indent = line.prefix { $0 == " " || $0 == "\t" }.count
            let body = line.dropFirst(indent)
            if body.hasPrefix("[") {
                let isArray = body.hasPrefix("[[")
                let inner = body.dropFirst(isArray ? 2 : 1).prefix { $0 != "]" }
                table = Self.keyParts(inner)
                let at = Position(line: index + 1, column: indent + 1)
                headers[table] = headers[table] ?? at
                allHeaders.append((table, at))
                continue
            }
            guard !body.hasPrefix("#"), let equals = Self.assignment(in: body) else { continue }
            let keyText = body[..<equals]
            let afterEquals = body[body.index(after: equals)...]
            let valueIndent = afterEquals.prefix { $0 == " " || $0 == "\t" }.count
            let keyLength = body.distance(from: body.startIndex, to: equals)
            entries.append(Entry(path: table + Self.keyParts(keyText), table: table, line: index + 1, keyColumn: indent + 1,
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
        // A table of its own: `[diff.extra]`, or made by a dotted key (`diff.extra.x = 1`)
        // or a deeper header (`[diff.extra.more]`); the first of these in the file.
        let starts = entries.filter { $0.path.count > path.count && Array($0.path.prefix(path.count)) == path }
            .map { Position(line: $0.line, column: $0.keyColumn) }
            + allHeaders.filter { $0.path.count >= path.count && Array($0.path.prefix(path.count)) == path }.map(\.at)
        if let first = starts.min(by: { ($0.line, $0.column) < ($1.line, $1.column) }) { return first }
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

    /// The key whose value holds `position` (the last one written before it), for a
    /// problem found in the text rather than in a key's value.
    func key(holding position: Position) -> [String]? {
        entries.last { ($0.line, $0.valueColumn) <= (position.line, position.column) }?.path
    }

    /// A key or table set a second time on `line` (TOMLKit refuses the file, in words
    /// that garble quoted keys): its path, where it is, and the line it was first set on.
    func redefinition(onLine line: Int) -> (path: [String], isTable: Bool, at: Position, firstLine: Int)? {
        if let header = allHeaders.first(where: { $0.at.line == line }) {
            // Made before by a dotted key from outside it (`diff.threshold = 0.1`, then `[diff]`).
            let earlier = entries.filter { $0.line < line && $0.path.count > header.path.count && $0.table != header.path
                                           && Array($0.path.prefix(header.path.count)) == header.path }
                .map(\.line)
                + allHeaders.filter { $0.at.line < line && $0.path == header.path }.map(\.at.line)
            guard let first = earlier.min() else { return nil }
            return (header.path, true, header.at, first)
        }
        for entry in entries where entry.line == line {
            let earlier = entries.filter { $0.line < line && $0.path == entry.path }.map(\.line)
            if let first = earlier.min() {
                return (entry.path, false, Position(line: entry.line, column: entry.keyColumn), first)
            }
        }
        return nil
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
