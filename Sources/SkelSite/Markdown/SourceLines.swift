/// Splits source text into lines the way cmark does: "\n", "\r\n" and a lone "\r" each
/// end a line. Why not `split(separator: "\n")`: in Swift "\r\n" is one Character, so a
/// CRLF file never splits and its front matter and specs go unseen.
package enum SourceLines {
    /// The lines without their terminators; a text ending in a terminator ends with an
    /// empty line, as `split(separator:omittingEmptySubsequences: false)` does.
    package static func split(_ text: String) -> [Substring] {
        ranges(text).map { text[$0.content] }
    }

    struct LineRange {
        /// The line without its terminator.
        var content: Range<String.Index>
        /// Where the next line starts (after the terminator; the end for the last line).
        var next: String.Index
    }

    static func ranges(_ text: String) -> [LineRange] {
        let utf8 = text.utf8
        var result: [LineRange] = []
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == 0x0A || byte == 0x0D {
                var next = utf8.index(after: index)
                if byte == 0x0D, next != utf8.endIndex, utf8[next] == 0x0A { next = utf8.index(after: next) }
                result.append(LineRange(content: start..<index, next: next))
                start = next
                index = next
            } else {
                index = utf8.index(after: index)
            }
        }
        result.append(LineRange(content: start..<utf8.endIndex, next: utf8.endIndex))
        return result
    }
}
