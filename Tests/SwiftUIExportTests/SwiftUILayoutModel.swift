import SkeletonCore

/// What an exported view's body lays out to, read back from the export's text: a small
/// model of SwiftUI's layout for exactly the views and modifiers the writer uses
/// (stacks share their main axis by flexibility, frames, padding, `skeletonFraction`).
/// Independent of the writer, so the tests can compare the frames the Swift code
/// implies with the layout engine's (site/reference/swiftui-export.md, "The promise").
struct SwiftUILayoutModel {
    indirect enum Kind {
        case root, shape, spacer, group
        case stack(horizontal: Bool, alignment: String, spacing: Double)
        case forEach(count: Int, name: String)
        /// `if row * C + column < N {`
        case condition(columns: Int, limit: Int)
    }

    struct Modifier {
        var name: String
        /// Labelled arguments by label; unlabelled ones under "".
        var arguments: [String: String]
    }

    struct View {
        var kind: Kind
        var children: [View] = []
        var modifiers: [Modifier] = []
        /// Loop variables of the `ForEach`es around it.
        var environment: [String: Int] = [:]
    }

    struct Size { var width: Double; var height: Double }

    /// The content of `SkeletonComponent { … }` in the first view of `source`.
    static func parse(_ source: String) throws -> View {
        var stack: [View] = []
        var inside = false
        for raw in source.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = raw.trimmingCharacters(in: .whitespaces)
            if !inside {
                if line.hasPrefix("SkeletonComponent(") { inside = true; stack = [View(kind: .root)] }
                continue
            }
            if let comment = line.range(of: " // ") { line = String(line[..<comment.lowerBound]) }
            if line == "}" {
                let done = stack.removeLast()
                if stack.isEmpty { return done }
                stack[stack.count - 1].children.append(done)
            } else if line.hasPrefix(".") {
                let count = stack[stack.count - 1].children.count
                guard count > 0 else { throw ModelError.unexpected(line) }
                stack[stack.count - 1].children[count - 1].modifiers += try modifiers(line)
            } else if line.hasSuffix("{") || line.hasSuffix(" in") {
                stack.append(View(kind: try opening(line)))
            } else if line.hasPrefix("Spacer(") {
                stack[stack.count - 1].children.append(View(kind: .spacer))
            } else if ["Rectangle(", "RoundedRectangle(", "Circle(", "Capsule("].contains(where: { line.hasPrefix($0) }) {
                stack[stack.count - 1].children.append(View(kind: .shape))
            } else if !line.isEmpty {
                throw ModelError.unexpected(line)
            }
        }
        throw ModelError.unexpected("no SkeletonComponent")
    }

    enum ModelError: Error { case unexpected(String) }

    static func opening(_ line: String) throws -> Kind {
        if line.hasPrefix("VStack(") || line.hasPrefix("HStack(") {
            let args = arguments(String(line.dropFirst(7).dropLast(3)))
            return .stack(horizontal: line.hasPrefix("H"), alignment: String((args["alignment"] ?? ".center").dropFirst()),
                          spacing: Double(args["spacing"] ?? "") ?? 8)
        }
        if line.hasPrefix("ForEach(0..<") {
            let rest = line.dropFirst(12)
            let count = Int(rest.prefix(while: { $0.isNumber })) ?? -1
            let name = rest.split(separator: "{")[1].split(separator: " ")[0]
            return .forEach(count: count, name: String(name))
        }
        if line == "Group {" { return .group }
        if line.hasPrefix("if row * ") {
            let words = line.split(separator: " ")
            return .condition(columns: Int(words[3]) ?? 0, limit: Int(words[7]) ?? 0)
        }
        throw ModelError.unexpected(line)
    }

    /// `.frame(width: 1, height: 2).padding(3)` → two modifiers.
    static func modifiers(_ line: String) throws -> [Modifier] {
        var result: [Modifier] = []
        var rest = Substring(line)
        while rest.hasPrefix(".") {
            let name = rest.dropFirst().prefix(while: { $0 != "(" })
            rest = rest.dropFirst(name.count + 1)
            guard rest.hasPrefix("(") else { break }
            var depth = 0
            var end = rest.startIndex
            for index in rest.indices {
                if rest[index] == "(" { depth += 1 }
                if rest[index] == ")" { depth -= 1; if depth == 0 { end = index; break } }
            }
            result.append(Modifier(name: String(name), arguments: arguments(String(rest[rest.index(after: rest.startIndex)..<end]))))
            rest = rest[rest.index(after: end)...]
        }
        return result
    }

    /// "a: 1, b: .x, 3" → ["a": "1", "b": ".x", "": "3"], split at top-level commas.
    static func arguments(_ text: String) -> [String: String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        for character in text {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if character == ",", depth == 0 { parts.append(current); current = ""; continue }
            current.append(character)
        }
        parts.append(current)
        var result: [String: String] = [:]
        for part in parts {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            if let colon = trimmed.firstIndex(of: ":"), !trimmed.hasPrefix("EdgeInsets"),
               trimmed[..<colon].allSatisfy({ $0.isLetter }) {
                result[String(trimmed[..<colon])] = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            } else {
                // Unlabelled arguments: the first under "", the next under "1", …
                result[result[""] == nil ? "" : String(result.count)] = trimmed
            }
        }
        return result
    }

    // MARK: Layout

    /// Every shape's frame in component points, in the order the view draws them.
    private(set) var shapes: [Rect] = []

    /// Lays `root` out in a `width` × `height` component, as `SkeletonComponent` does.
    static func shapeFrames(_ source: String, width: Double, height: Double) throws -> [Rect] {
        let root = try parse(source)
        guard root.children.count == 1 else { throw ModelError.unexpected("component content") }
        let content = root.children[0]
        var model = SwiftUILayoutModel()
        let framed = View(kind: .group, children: [content],
                          modifiers: [Modifier(name: "frame", arguments: ["width": String(width), "height": String(height),
                                                                         "alignment": ".topLeading"])])
        _ = model.layout(framed, modifiers: framed.modifiers.count, proposal: (width, height), at: (0, 0), axis: nil)
        return model.shapes
    }

    typealias Proposal = (width: Double?, height: Double?)

    /// The size of `view` with its first `modifiers` modifiers at `proposal`; placed at
    /// `origin` (recording shapes) unless nil.
    mutating func layout(_ view: View, modifiers: Int, proposal: Proposal, at origin: (Double, Double)?,
                         axis: Bool?) -> Size {
        guard modifiers > 0 else { return base(view, proposal, at: origin, axis: axis) }
        let m = view.modifiers[modifiers - 1]
        let inner = { (model: inout SwiftUILayoutModel, p: Proposal, o: (Double, Double)?) in
            model.layout(view, modifiers: modifiers - 1, proposal: p, at: o, axis: axis)
        }
        func number(_ label: String) -> Double? {
            guard let text = m.arguments[label] else { return nil }
            return text == ".infinity" ? .infinity : Double(text)
        }
        switch m.name {
        case "frame" where m.arguments["maxWidth"] != nil || m.arguments["minHeight"] != nil:
            let maxWidth = number("maxWidth"), minHeight = number("minHeight"), maxHeight = number("maxHeight")
            let p: Proposal = (proposal.width.map { min($0, maxWidth ?? .infinity) },
                               proposal.height.map { min(max($0, minHeight ?? 0), maxHeight ?? .infinity) })
            let child = inner(&self, p, nil)
            var w = child.width
            if let maxWidth { w = min(maxWidth, max(w, proposal.width ?? w)) }
            var h = child.height
            if let minHeight { h = max(minHeight, min(h, proposal.height ?? h)) }
            if let maxHeight { h = min(maxHeight, max(h, proposal.height ?? h)) }
            if let origin { _ = inner(&self, p, Self.aligned(origin, child, in: Size(width: w, height: h), m)) }
            return Size(width: w, height: h)
        case "frame":
            let w = number("width"), h = number("height")
            let p: Proposal = (w ?? proposal.width, h ?? proposal.height)
            let child = inner(&self, p, nil)
            let size = Size(width: w ?? child.width, height: h ?? child.height)
            if let origin { _ = inner(&self, p, Self.aligned(origin, child, in: size, m)) }
            return size
        case "padding":
            var top = 0.0, leading = 0.0, bottom = 0.0, trailing = 0.0
            let value = m.arguments[""] ?? ""
            if value == ".vertical" {
                // `.padding(.vertical, N)`
                let n = Double(m.arguments.first { $0.key != "" }?.value ?? "") ?? 0
                top = n; bottom = n
            } else if value.hasPrefix("EdgeInsets(") {
                let edges = Self.arguments(String(value.dropFirst(11).dropLast()))
                top = Double(edges["top"] ?? "") ?? 0; leading = Double(edges["leading"] ?? "") ?? 0
                bottom = Double(edges["bottom"] ?? "") ?? 0; trailing = Double(edges["trailing"] ?? "") ?? 0
            } else {
                top = Double(value) ?? 0; leading = top; bottom = top; trailing = top
            }
            let p: Proposal = (proposal.width.map { max(0, $0 - leading - trailing) },
                               proposal.height.map { max(0, $0 - top - bottom) })
            let child = inner(&self, p, origin.map { ($0.0 + leading, $0.1 + top) })
            return Size(width: child.width + leading + trailing, height: child.height + top + bottom)
        case "skeletonFraction":
            // SkeletonWidthLayout around `.frame(height:)`: the child at fraction × offered.
            let fraction = Double(m.arguments[""] ?? "") ?? 0
            let h = number("height")
            let framed = Modifier(name: "frame", arguments: ["height": m.arguments["height"] ?? ""])
            var copy = view
            copy.modifiers = Array(view.modifiers[..<(modifiers - 1)]) + [framed]
            let p: Proposal = (proposal.width.map { $0 * fraction }, nil)
            let size = layout(copy, modifiers: modifiers, proposal: p, at: nil, axis: axis)
            if let origin { _ = layout(copy, modifiers: modifiers, proposal: (size.width, h ?? size.height), at: origin, axis: axis) }
            return size
        case "aspectRatio":
            // `.fit`: the largest size of that ratio inside the proposal.
            let terms = (m.arguments[""] ?? "").split(separator: "/").map { Double($0.trimmingCharacters(in: .whitespaces)) ?? 1 }
            let ratio = terms.count == 2 ? terms[0] / terms[1] : terms[0]
            var p = proposal
            switch (proposal.width, proposal.height) {
            case (let w?, let h?): p = w / h > ratio ? (h * ratio, h) : (w, w / ratio)
            case (let w?, nil): p = (w, w / ratio)
            case (nil, let h?): p = (h * ratio, h)
            case (nil, nil): break
            }
            return inner(&self, p, origin)
        default:
            // Colour, surfaces, stagger, environment: no effect on layout.
            return inner(&self, proposal, origin)
        }
    }

    static func aligned(_ origin: (Double, Double), _ child: Size, in size: Size, _ m: Modifier) -> (Double, Double) {
        let name = (m.arguments["alignment"] ?? ".center").lowercased()
        let x = name.hasSuffix("leading") ? 0 : name.hasSuffix("trailing") ? size.width - child.width : (size.width - child.width) / 2
        let y = name.hasPrefix(".top") ? 0 : name.hasPrefix(".bottom") ? size.height - child.height : (size.height - child.height) / 2
        return (origin.0 + x, origin.1 + y)
    }

    /// A stack's children with `ForEach`, `Group` and `if` expanded, as SwiftUI does.
    static func flatten(_ children: [View], _ env: [String: Int]) -> [(View, [String: Int])] {
        var result: [(View, [String: Int])] = []
        for child in children {
            switch child.kind {
            case .group:
                // Modifiers on a group (stagger) apply to each of its views.
                result += flatten(child.children, env)
            case .forEach(let count, let name):
                for index in 0..<max(0, count) {
                    var inner = env
                    inner[name] = index
                    result += flatten(child.children, inner)
                }
            case .condition(let columns, let limit):
                if (env["row"] ?? 0) * columns + (env["column"] ?? 0) < limit { result += flatten(child.children, env) }
            default:
                result.append((child, env))
            }
        }
        return result
    }

    private mutating func base(_ view: View, _ proposal: Proposal, at origin: (Double, Double)?, axis: Bool?) -> Size {
        switch view.kind {
        case .shape:
            let size = Size(width: proposal.width ?? 10, height: proposal.height ?? 10)
            if let origin { shapes.append(Rect(x: origin.0, y: origin.1, width: size.width, height: size.height)) }
            return size
        case .spacer:
            // Along its stack's axis as offered, nothing across.
            return axis == true ? Size(width: proposal.width ?? 0, height: 0) : Size(width: 0, height: proposal.height ?? 0)
        case .stack(let horizontal, let alignment, let spacing):
            return stack(view, horizontal: horizontal, alignment: alignment, spacing: spacing, proposal, at: origin)
        case .group, .root, .forEach, .condition:
            // A group with modifiers holds one view here (the component's content).
            let children = Self.flatten(view.children, view.environment)
            guard let first = children.first else { return Size(width: 0, height: 0) }
            return layout(first.0, modifiers: first.0.modifiers.count, proposal: proposal, at: origin, axis: axis)
        }
    }

    private mutating func stack(_ view: View, horizontal: Bool, alignment: String, spacing: Double, _ proposal: Proposal,
                                at origin: (Double, Double)?) -> Size {
        let children = flattenWithEnvironment(view)
        guard !children.isEmpty else { return Size(width: 0, height: 0) }
        func main(_ s: Size) -> Double { horizontal ? s.width : s.height }
        func cross(_ s: Size) -> Double { horizontal ? s.height : s.width }
        let offered = horizontal ? proposal.width : proposal.height
        let across = horizontal ? proposal.height : proposal.width
        func propose(_ value: Double?) -> Proposal { horizontal ? (value, across) : (across, value) }
        var proposals = [Double?](repeating: nil, count: children.count)
        var sizes = [Size](repeating: Size(width: 0, height: 0), count: children.count)
        if let offered, offered.isFinite {
            // Least flexible first, each offered an equal share of what is left.
            var flexibility: [(Int, Double)] = []
            for (index, child) in children.enumerated() {
                let low = main(layout(child, modifiers: child.modifiers.count, proposal: propose(0), at: nil, axis: horizontal))
                let high = main(layout(child, modifiers: child.modifiers.count, proposal: propose(.infinity), at: nil, axis: horizontal))
                flexibility.append((index, high - low))
            }
            flexibility.sort { $0.1 < $1.1 }
            var remaining = offered - spacing * Double(children.count - 1)
            var left = children.count
            for (index, _) in flexibility {
                let share = max(0, remaining / Double(left))
                proposals[index] = share
                sizes[index] = layout(children[index], modifiers: children[index].modifiers.count, proposal: propose(share),
                                      at: nil, axis: horizontal)
                remaining -= main(sizes[index])
                left -= 1
            }
        } else {
            for (index, child) in children.enumerated() {
                proposals[index] = offered
                sizes[index] = layout(child, modifiers: child.modifiers.count, proposal: propose(offered), at: nil, axis: horizontal)
            }
        }
        var length = spacing * Double(children.count - 1)
        var thickness = 0.0
        for size in sizes { length += main(size); thickness = max(thickness, cross(size)) }
        if let origin {
            var position = 0.0
            for (index, child) in children.enumerated() {
                let free = thickness - cross(sizes[index])
                let offset = alignment == "leading" || alignment == "top" ? 0
                    : alignment == "trailing" || alignment == "bottom" ? free : free / 2
                let at = horizontal ? (origin.0 + position, origin.1 + offset) : (origin.0 + offset, origin.1 + position)
                _ = layout(child, modifiers: child.modifiers.count, proposal: propose(proposals[index]), at: at, axis: horizontal)
                position += main(sizes[index]) + spacing
            }
        }
        return horizontal ? Size(width: length, height: thickness) : Size(width: thickness, height: length)
    }

    /// Children of a stack, loop variables applied (a grid's `if` reads `row` and `column`).
    private func flattenWithEnvironment(_ view: View) -> [View] {
        Self.flatten(view.children, view.environment).map { pair in
            var child = pair.0
            child.environment = pair.1
            return child
        }
    }

}
