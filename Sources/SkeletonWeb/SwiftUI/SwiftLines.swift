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
}
