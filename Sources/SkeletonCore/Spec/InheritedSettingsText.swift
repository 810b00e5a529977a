// Inherited settings read back from their `canonicalText`: how the settings a page's
// specs inherit travel where only text can (the playground's link, its wasm module;
// site/guides/playground-api.md, "Inherited settings").

extension InheritedSettings {
    /// Reads `appearance …`, `animation …`, `type …` and `lang …` lines, as `canonicalText` writes
    /// them, with the messages a spec line gets, located in `text`'s own lines. Blank
    /// lines are skipped; a line that is none of the three is an error. The settings
    /// without errors are kept, as `add` keeps them.
    public static func read(canonicalText text: [UInt8]) -> (settings: InheritedSettings, diagnostics: [Diagnostic]) {
        var settings = InheritedSettings()
        var diagnostics: [Diagnostic] = []
        var lineNumber = 0
        var start = 0
        while start <= text.count {
            var end = start
            while end < text.count && text[end] != 0x0A { end += 1 }
            lineNumber += 1
            var line = Array(text[start..<end])
            if line.last == 0x0D { line.removeLast() }
            diagnostics += settings.readLine(line, number: lineNumber)
            start = end + 1
        }
        return (settings, diagnostics)
    }

    private mutating func readLine(_ line: [UInt8], number: Int) -> [Diagnostic] {
        var first = 0
        while first < line.count && line[first] == 0x20 { first += 1 }
        guard first < line.count else { return [] }
        var wordEnd = first
        while wordEnd < line.count && line[wordEnd] != 0x20 { wordEnd += 1 }
        let keyword = Array(line[first..<wordEnd])
        let rest = Array(line[wordEnd...])
        // Columns count UTF-8 bytes from 1; the words start right after the keyword.
        let column = wordEnd + 1
        if keyword.elementsEqual("appearance".utf8) { return add(.appearance, words: rest, line: number, column: column) }
        if keyword.elementsEqual("animation".utf8) { return add(.animation, words: rest, line: number, column: column) }
        if keyword.elementsEqual("type".utf8) { return add(.type, words: rest, line: number, column: column) }
        if keyword.elementsEqual("lang".utf8) {
            let tag = String(decoding: rest.filter { $0 != 0x20 }, as: UTF8.self)
            guard LoadingWords.isLanguageTag(tag) else {
                return [Diagnostic(.error, "lang '\(tag)' is not a language tag; write one like en, fr or pt-BR",
                                   at: SourcePosition(line: number, column: column + 1))]
            }
            language = tag
            return []
        }
        return [Diagnostic(.error, "expected an 'appearance', 'animation', 'type' or 'lang' line, got '\(String(decoding: keyword, as: UTF8.self))'",
                           at: SourcePosition(line: number, column: first + 1))]
    }
}
