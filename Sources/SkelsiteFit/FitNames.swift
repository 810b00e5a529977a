import SkeletonCore

/// The spec's named nodes (`name=title`), by their pre-order number (the `sk-nK` class
/// of the component's HTML, numbered as `FitRun.nodePositions`): the shapes a content's
/// `data-skeleton="title"` parts are matched with (site/guides/fit-the-content.md).
enum FitNames {
    static func of(_ spec: Spec) -> [Int: String] {
        var out: [Int: String] = [:]
        var number = 0
        func walk(_ nodes: [Node]) {
            for node in nodes {
                if !node.name.isEmpty { out[number] = String(decoding: node.name, as: UTF8.self) }
                number += 1
                if case .repeat(let count) = node.kind, count <= 0 { continue }
                walk(node.children)
            }
        }
        walk(spec.children)
        return out
    }
}

extension FitMeasure {
    /// The content's marked parts matched by name with the spec's named nodes: the k-th
    /// part called `title` with the k-th element of the node named `title` (a node in a
    /// `repeat` has one element per copy), in document order. A part whose name no node
    /// has, or a copy without its part, is left unmatched.
    static func parts(named: [(node: Int, box: Rect)], names: [Int: String], skeletonRoot: Rect,
                      marked: [(name: String, box: Rect)], contentRoot: Rect) -> [Part] {
        var unused = named
        var out: [Part] = []
        for part in marked {
            guard let at = unused.firstIndex(where: { names[$0.node] == part.name }) else { continue }
            let shape = unused.remove(at: at)
            out.append(Part(name: part.name,
                            shape: Rect(x: shape.box.x - skeletonRoot.x, y: shape.box.y - skeletonRoot.y,
                                          width: shape.box.width, height: shape.box.height),
                            content: Rect(x: part.box.x - contentRoot.x, y: part.box.y - contentRoot.y,
                                            width: part.box.width, height: part.box.height),
                            node: shape.node))
        }
        return out
    }
}
