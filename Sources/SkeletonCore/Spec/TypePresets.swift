// Type presets (site/reference/text.md, "Type presets"): a project names the font sizes
// and line heights its text comes in once, in `skelsite.toml`'s `[type]` table
// (`body = "size=16 leading=24"`) or a doc's front matter (`type.body: …`), and a spec
// writes `text type=body`. A preset is an inherited setting of kind `type` whose words
// are its name, then its `size=` and `leading=`; it travels with the specs that name it
// as a `type body size=16 leading=24` line of the settings' text.

extension InheritedSettings {
    /// Adds the preset `name`, whose `words` (`size=16 leading=24`) start at
    /// `line`:`column` of their file. Returns the problems, with the messages the same
    /// words get on a `text` line; the preset is kept only without errors.
    public mutating func addTypePreset(name: String, words: [UInt8], line: Int, nameColumn: Int,
                                       column: Int) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var lexed = SpecLexer.lexLine(words, 0, words.count, fileLine: line, columnOffset: column - 1,
                                      diagnostics: &diagnostics) ?? SpecLine(line: line, indent: 0, column: column, tokens: [])
        lexed.tokens.insert(contentsOf: [SpecToken(key: nil, column: nameColumn, value: [], valueColumn: nameColumn, quoted: false),
                                         SpecToken(key: nil, column: nameColumn, value: Array(name.utf8), valueColumn: nameColumn,
                                                   quoted: false)], at: 0)
        return take(.type, lexed, lexed: diagnostics)
    }

    /// The size and leading of the preset `name`.
    func typePreset(named name: [UInt8]) -> (size: Double, leading: Double)? {
        guard let preset = settings.first(where: { $0.kind == .type && $0.words[0].value == name }) else { return nil }
        var size = 0.0, leading = 0.0
        for word in preset.words.dropFirst() {
            guard case .success(let value) = SpecValues.points(word.value, "size", positive: true) else { return nil }
            if word.key.map({ $0.elementsEqual("size".utf8) }) == true { size = value } else { leading = value }
        }
        return (size, leading)
    }

    /// The presets' names, for a message.
    var typePresetNames: [String] {
        settings.filter { $0.kind == .type }.map { String(decoding: $0.words[0].value, as: UTF8.self) }
    }

    /// The settings' text for one spec: `canonicalText` with only the presets the spec's
    /// text names (`type=NAME`), so adding a preset to a project changes nothing for the
    /// specs that do not use it (their cache keys, playground links and verify digests).
    public func canonicalText(forSpec text: String) -> String {
        canonicalText(presetsIn: settings.contains { $0.kind == .type } ? Array(text.utf8) : nil)
    }

    /// Whether `text` holds `type=NAME` or `type="NAME"` as a whole word.
    static func names(_ text: [UInt8], _ name: [UInt8]) -> Bool {
        let key = Array("type=".utf8)
        var at = 0
        while at + key.count <= text.count {
            defer { at += 1 }
            guard text[at..<(at + key.count)].elementsEqual(key), at == 0 || !isNameByte(text[at - 1]) else { continue }
            var value = at + key.count
            let quoted = value < text.count && text[value] == SpecLexer.quote
            if quoted { value += 1 }
            let end = value + name.count
            guard end <= text.count, text[value..<end].elementsEqual(name) else { continue }
            if end == text.count || (quoted ? text[end] == SpecLexer.quote : !isNameByte(text[end])) { return true }
        }
        return false
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x2D || byte == 0x5F
    }
}

extension SpecParseRun {
    /// Checks a `type NAME size=… leading=…` line (its keyword first): the name is a
    /// word not yet set in `presets`, then `size=` and `leading=` once each.
    mutating func checkTypePreset(_ line: SpecLine, among presets: InheritedSettings) {
        var size: TypeAttribute? = nil
        var leading: TypeAttribute? = nil
        for (index, token) in line.tokens.enumerated().dropFirst() {
            let key = token.key ?? []
            let isSize = key.elementsEqual("size".utf8)
            if index == 1 && token.key == nil {
                if token.value.isEmpty || !token.value.allSatisfy(InheritedSettings.isNameByte) {
                    error("type preset name '" + SpecText.show(token.value)
                          + "' is not a word a spec can write after type=; use letters, digits, '-' and '_'", line.line, token.column)
                } else if presets.typePreset(named: token.value) != nil {
                    error("type preset '" + SpecText.show(token.value) + "' is set twice; keep one", line.line, token.column)
                }
            } else if (isSize || key.elementsEqual("leading".utf8)) && (isSize ? size : leading) == nil {
                let value = (token, check(SpecValues.points(token.value, token.keyText, positive: true), token, line))
                if isSize { size = value } else { leading = value }
            } else {
                error("a type preset takes size= and leading= once each, like \"size=16 leading=24\"", line.line, token.column)
            }
        }
        guard diagnostics.isEmpty else { return }
        if size == nil && leading == nil {
            let name = line.tokens.count > 1 ? line.tokens[1] : line.tokens[0]
            error("type preset '" + SpecText.show(name.value) + "' needs size= and leading=, like \"size=16 leading=24\"",
                  line.line, line.column)
        } else {
            _ = typeMetrics(size: size, leading: leading, metricsToken: nil, line)
        }
    }

    /// The size and leading `text type=NAME` names; reports an unknown name (listing the
    /// project's names, few enough to read), no presets at all, and `size=`, `leading=`, `line-height=` or
    /// `spacing=` beside it, which would say the same twice.
    mutating func typePreset(_ token: SpecToken, size: TypeAttribute?, leading: TypeAttribute?, metricsToken: SpecToken?,
                             _ line: SpecLine) -> (size: Double, leading: Double)? {
        let shown = SpecText.show(token.value)
        if let clash = size?.token ?? leading?.token ?? metricsToken {
            error("type=" + shown + " gives the size and leading; '" + clash.keyText + "' beside it would say it twice, remove one",
                  line.line, clash.column)
            return nil
        }
        if let preset = typePresets.typePreset(named: token.value) { return preset }
        let column = token.valueColumn + (token.quoted ? 1 : 0)
        let names = typePresets.typePresetNames
        if names.isEmpty {
            error("type=" + shown + " names a type preset, and none is set; add it to skelsite.toml's [type] table ("
                  + shown + " = \"size=16 leading=24\"), or write size= and leading= here", line.line, column)
        } else {
            error("unknown type preset '" + shown + "'; skelsite.toml's [type] sets " + Suggestions.list(names), line.line, column)
        }
        return nil
    }
}
