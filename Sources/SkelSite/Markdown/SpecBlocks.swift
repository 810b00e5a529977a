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
            var body: [Substring] = []
            var end = index + 1
            while end < lines.count {
                let candidate = lines[end]
                if isClosingFence(candidate, char: fence.char, length: fence.length) { break }
                // Strip up to the fence's indent from body lines, as CommonMark does.
                var stripped = candidate
                var removed = 0
                while removed < fence.indent, stripped.first == " " {
                    stripped = stripped.dropFirst()
                    removed += 1
                }
                body.append(stripped)
                end += 1
            }
            if fence.info == "skeleton" {
                blocks.append(SpecBlock(text: body.joined(separator: "\n"), firstLine: index + 2,
                                        columnOffset: fence.indent, fenceLine: index + 1))
            }
            index = end + 1
        }
        return blocks
    }

    // `package` for `skelsite fit`, which reads the blocks beside a spec by the same rules.
    package struct Fence {
        package var char: Character
        package var length: Int
        package var indent: Int
        package var info: String
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

    package static func isClosingFence(_ line: Substring, char: Character, length: Int) -> Bool {
        let indent = line.prefix(while: { $0 == " " }).count
        guard indent <= 3 else { return false }
        let rest = line.dropFirst(indent)
        let run = rest.prefix(while: { $0 == char }).count
        guard run >= length else { return false }
        return rest.dropFirst(run).allSatisfy { $0 == " " || $0 == "\t" }
    }
}
