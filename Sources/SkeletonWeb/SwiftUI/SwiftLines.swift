/// Swift source text built line by line with four-space indentation. A class, so that
/// nested `indent { … }` blocks can keep writing to the same text.
final class SwiftLines {
    private(set) var text = ""
    private var depth = 0

    func line(_ content: String) {
        if !content.isEmpty {
            for _ in 0..<depth { text += "    " }
            text += content
        }
        text += "\n"
    }

    func indent(_ body: () -> Void) {
        depth += 1
        body()
        depth -= 1
    }

    /// `line(opening)`, then one level deeper until `close()`: for deep nests written
    /// in one function, without a closure per level.
    func open(_ opening: String) {
        line(opening)
        depth += 1
    }

    /// One level shallower, then `}`.
    func close() {
        depth -= 1
        line("}")
    }
}
