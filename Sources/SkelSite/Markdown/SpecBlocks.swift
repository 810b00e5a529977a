import SkeletonCore

/// A ```skeleton fenced block found in a Markdown document.
public struct SpecBlock: Equatable, Sendable {
    /// The block's body (without fences), lines joined with "\n".
    public var text: String
    /// File line number (1-based) of the body's first line.
    public var firstLine: Int
    /// Indentation of the fence, added to columns of diagnostics.
    public var columnOffset: Int
    /// File line number of the opening fence.
    public var fenceLine: Int
}

public enum SpecBlocks {
    /// Every ```skeleton (or ~~~skeleton) block of a Markdown text, in order, following
    /// CommonMark's fence rules: up to 3 spaces of indent, a closing fence of the same
    /// character at least as long, an unclosed fence runs to the end of the document.
    public static func find(inMarkdown markdown: String) -> [SpecBlock] {
        var blocks: [SpecBlock] = []
        let lines = SourceLines.split(markdown)
        var index = 0
        while index < lines.count {
            let line = lines[index]
            guard let fence = openingFence(line) else {
                index += 1
                continue
            }
            let (body, end) = self.body(of: fence, openedAt: index, in: lines)
            if fence.info == "skeleton" {
                blocks.append(SpecBlock(text: body.joined(separator: "\n"), firstLine: index + 2,
                                        columnOffset: fence.indent, fenceLine: index + 1))
            }
            index = end + 1
        }
        return blocks
    }

    // `package` for `skelsite fit`, which reads the blocks beside a spec by the same rules
    // (`openingFence`, `body(of:openedAt:in:)`).
    package struct Fence {
        package var char: Character
        package var length: Int
        package var indent: Int
        package var info: String
    }

    /// The body lines of the block whose fence opens at `index`, up to the fence's
    /// indent stripped from each, as CommonMark does, and the index of its closing
    /// fence (`lines.count` when it runs to the end).
    package static func body(of fence: Fence, openedAt index: Int, in lines: [Substring]) -> (lines: [Substring], end: Int) {
        var body: [Substring] = []
        var end = index + 1
        while end < lines.count, !isClosingFence(lines[end], char: fence.char, length: fence.length) {
            var stripped = lines[end]
            var removed = 0
            while removed < fence.indent, stripped.first == " " {
                stripped = stripped.dropFirst()
                removed += 1
            }
            body.append(stripped)
            end += 1
        }
        return (body, end)
    }

    package static func openingFence(_ line: Substring) -> Fence? {
        let indent = line.prefix(while: { $0 == " " }).count
        guard indent <= 3 else { return nil }
        let rest = line.dropFirst(indent)
        guard let char = rest.first, char == "`" || char == "~" else { return nil }
        let length = rest.prefix(while: { $0 == char }).count
        guard length >= 3 else { return nil }
        let infoText = rest.dropFirst(length)
        if char == "`" && infoText.contains("`") { return nil }
        let info = infoText.split(separator: " ", omittingEmptySubsequences: true).first.map(String.init) ?? ""
        return Fence(char: char, length: length, indent: indent, info: info)
    }

    private static func isClosingFence(_ line: Substring, char: Character, length: Int) -> Bool {
        let indent = line.prefix(while: { $0 == " " }).count
        guard indent <= 3 else { return false }
        let rest = line.dropFirst(indent)
        let run = rest.prefix(while: { $0 == char }).count
        guard run >= length else { return false }
        return rest.dropFirst(run).allSatisfy { $0 == " " || $0 == "\t" }
    }
}
