import SkeletonWeb

/// Renders compiled templates (`TemplateProgram`) with swift-mustache's rules:
///
/// - a name is looked up from the innermost context outwards; only a `[String: Any]`
///   table has children (text, numbers, flags and lists have none, as a Mirror of them
///   has no labelled children), and the rest of a dotted name is read from what the first
///   part found;
/// - `{{name}}` prints text as it is, an `Int` in decimal and a `Bool` as true/false;
/// - a section repeats over a list (pushing each item), shows once for `true`, pushes
///   any other present value, and shows nothing for a missing one or `false`; an
///   inverted section shows for a missing value, `false` or an empty list (pushed);
/// - a partial starts with swift-mustache's HTML escaping, and a standalone partial's
///   indentation goes before every non-empty token that starts a line.
///
/// Any other value (an optional, a lambda, a struct, `[String: String]`) makes `render`
/// return nil, and the caller renders with swift-mustache instead.
struct TemplateRenderer {
    /// Every template of the library by name: its program, or nil when it did not compile.
    let programs: [String: TemplateProgram?]

    func render(_ name: String, _ context: [String: Any]) -> String? {
        guard let found = programs[name], let program = found else { return nil }
        var output = ""
        output.reserveCapacity(4096)
        var stack: [Frame] = [.table(context)]
        guard render(program.nodes, stack: &stack, escaping: .mustacheHTML, indentation: nil, into: &output) else { return nil }
        return output
    }

    /// A context on the stack: a table, or a value without children.
    private enum Frame {
        case table([String: Any])
        case leaf(Value)
    }

    /// What a looked-up value is, asked once.
    private enum Value {
        case text(String)
        case number(Int)
        case flag(Bool)
        case table([String: Any])
        case list([Any])
    }

    /// false: a value or partial outside the subset.
    private func render(_ nodes: [TemplateProgram.Node], stack: inout [Frame], escaping start: TemplateProgram.Escaping,
                        indentation: String?, into output: inout String) -> Bool {
        var escaping = start
        guard let indentation, !indentation.isEmpty else {
            for node in nodes {
                guard renderNode(node, stack: &stack, escaping: &escaping, indentation: indentation, into: &output) else { return false }
            }
            return true
        }
        // Indented: token by token, as swift-mustache does (its check is on the text
        // this template has produced so far).
        var local = ""
        for node in nodes {
            var piece = ""
            guard renderNode(node, stack: &stack, escaping: &escaping, indentation: indentation, into: &piece) else { return false }
            if !piece.isEmpty, Self.endsWithNewlineCharacter(local) { local += indentation }
            local += piece
        }
        output += local
        return true
    }

    /// Whether the last Character is "\n" (a final "\r\n" is one other Character).
    private static func endsWithNewlineCharacter(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard utf8.last == 0x0A else { return false }
        return utf8.count < 2 || utf8[utf8.index(utf8.endIndex, offsetBy: -2)] != 0x0D
    }

    private func renderNode(_ node: TemplateProgram.Node, stack: inout [Frame], escaping: inout TemplateProgram.Escaping,
                            indentation: String?, into output: inout String) -> Bool {
        switch node {
        case .text(let text):
            output += text
        case .escaping(let kind):
            escaping = kind
        case .variable(let path, let escaped):
            let value: Value
            switch lookup(path, in: stack) {
            case .unsupported: return false
            case .missing: return true
            case .found(let found): value = found
            }
            let text: String
            switch value {
            case .text(let string): text = string
            case .number(let number): text = String(number)
            case .flag(let flag): text = flag ? "true" : "false"
            case .table, .list: return false  // printed as a Swift description: not worth matching
            }
            output += escaped ? Self.escape(text, escaping) : text
        case .section(let path, let inverted, let body):
            let found: Value?
            switch lookup(path, in: stack) {
            case .unsupported: return false
            case .missing: found = nil
            case .found(let value): found = value
            }
            switch (found, inverted) {
            case (nil, false), (.flag(false), false):
                return true
            case (nil, true), (.flag(false), true):
                return render(body, stack: &stack, escaping: escaping, indentation: indentation, into: &output)
            case (.flag(true), false):
                return render(body, stack: &stack, escaping: escaping, indentation: indentation, into: &output)
            case (.list(let items), false):
                for item in items {
                    guard let value = Self.classify(item) else { return false }
                    stack.append(Self.frame(value))
                    defer { stack.removeLast() }
                    guard render(body, stack: &stack, escaping: escaping, indentation: indentation, into: &output) else { return false }
                }
                return true
            case (.list(let items), true):
                guard items.isEmpty else { return true }
                stack.append(.leaf(.list(items)))
                defer { stack.removeLast() }
                return render(body, stack: &stack, escaping: escaping, indentation: indentation, into: &output)
            case (.some(let value), false):
                stack.append(Self.frame(value))
                defer { stack.removeLast() }
                return render(body, stack: &stack, escaping: escaping, indentation: indentation, into: &output)
            case (.some, true):
                return true
            }
        case .partial(let name, let indented):
            guard let found = programs[name] else { return true }  // no such template: nothing, as swift-mustache
            guard let program = found else { return false }
            let nested = indented.map { (indentation ?? "") + $0 } ?? indentation
            return render(program.nodes, stack: &stack, escaping: .mustacheHTML, indentation: nested, into: &output)
        }
        return true
    }

    private enum Lookup {
        case found(Value)
        case missing
        /// A value outside the subset, on the way or at the end.
        case unsupported
    }

    private func lookup(_ path: [String], in stack: [Frame]) -> Lookup {
        if path.count == 1, path[0] == "." {
            switch stack[stack.count - 1] {
            case .table(let table): return .found(.table(table))
            case .leaf(let value): return .found(value)
            }
        }
        var found: Any?
        for frame in stack.reversed() {
            guard case .table(let table) = frame else { continue }
            if let child = table[path[0]] {
                found = child
                break
            }
        }
        guard var current = found else { return .missing }
        for name in path.dropFirst() {
            guard let value = Self.classify(current) else { return .unsupported }
            guard case .table(let table) = value, let child = table[name] else { return .missing }
            current = child
        }
        guard let value = Self.classify(current) else { return .unsupported }
        return .found(value)
    }

    private static func frame(_ value: Value) -> Frame {
        if case .table(let table) = value { return .table(table) }
        return .leaf(value)
    }

    /// By exact type (why exact: `as? Int` could bridge a `Bool`, and an optional
    /// would print as Mustache prints optionals, which is not worth matching).
    private static func classify(_ value: Any) -> Value? {
        let type = ObjectIdentifier(Swift.type(of: value))
        if type == Types.string { return .text(value as! String) }
        if type == Types.table { return .table(value as! [String: Any]) }
        if type == Types.int { return .number(value as! Int) }
        if type == Types.bool { return .flag(value as! Bool) }
        if type == Types.list { return .list(value as! [Any]) }
        if type == Types.tables { return .list(value as! [[String: Any]]) }
        if type == Types.strings { return .list(value as! [String]) }
        return nil
    }

    private enum Types {
        static let string = ObjectIdentifier(String.self), int = ObjectIdentifier(Int.self), bool = ObjectIdentifier(Bool.self)
        static let table = ObjectIdentifier([String: Any].self), list = ObjectIdentifier([Any].self)
        static let tables = ObjectIdentifier([[String: Any]].self), strings = ObjectIdentifier([String].self)
    }

    private static func escape(_ text: String, _ escaping: TemplateProgram.Escaping) -> String {
        switch escaping {
        case .fastHTML: return HTMLText.escape(text)
        case .plain: return text
        case .mustacheHTML:
            // swift-mustache's: Character by Character, so "<" with a combining mark stays.
            var escaped = ""
            escaped.reserveCapacity(text.utf8.count)
            for character in text {
                switch character {
                case "<": escaped += "&lt;"
                case ">": escaped += "&gt;"
                case "&": escaped += "&amp;"
                case "\"": escaped += "&quot;"
                case "'": escaped += "&#39;"
                default: escaped.append(character)
                }
            }
            return escaped
        }
    }
}
