// The word `fill` where a count goes: `repeat fill` and `text lines=fill` count what
// fits their height at layout time (FillResolver; site/reference/repeat.md, text.md).

enum FillWords {
    static let word: [UInt8] = Array("fill".utf8)

    static func isFill(_ token: SpecToken) -> Bool {
        !token.quoted && token.value == word
    }

    /// Attributes a line may take beyond its kind's list: a `text` with `lines=fill`
    /// takes `height=` (the height its bars fill); without it, height stays refused with
    /// the usual hint, because a text's height comes from its metrics.
    static func extraAttributes(_ keyword: Keyword, _ line: SpecLine) -> [String] {
        guard keyword == .text else { return [] }
        let fills = line.tokens.dropFirst().contains { $0.keyText == "lines" && isFill($0) }
        return fills ? ["height"] : []
    }
}
