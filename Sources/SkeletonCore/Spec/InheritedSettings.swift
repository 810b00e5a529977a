// Defaults a spec inherits from where it is written: the project file's `[appearance]`
// and `[animation]` tables and `lang`, then its document's front matter
// (site/reference/appearance.md, "Defaults for a whole site"). Precedence, attribute by
// attribute: the spec's own line > front matter > project file > built-in default.
//
// A setting is kept as the spec-language words it was written in and replayed before
// the spec's own lines, through the very code that reads an `appearance` or `animation`
// line: every attribute those lines take is inheritable, with the same values and the
// same messages, and nothing here has to list them.

/// The settings a document or project gives its specs, lowest precedence first.
public struct InheritedSettings: Equatable, Hashable, Sendable {
    /// `appearance` or `animation`, or `type`: a type preset (TypePresets.swift), whose
    /// words are its name and its `size=` and `leading=`, not replayed as a line.
    public enum Kind: Equatable, Hashable, Sendable {
        case appearance, animation, type
    }

    struct Word: Equatable, Hashable, Sendable {
        var key: [UInt8]?
        var value: [UInt8]
        var quoted: Bool
        var line: Int
        var column: Int
        var valueColumn: Int
    }

    struct Setting: Equatable, Hashable, Sendable {
        var kind: Kind
        var words: [Word]
    }

    var settings: [Setting] = []
    /// The document language (a BCP 47 tag such as `fr` or `pt-BR`): the language of
    /// the default accessible label (`Spec.accessibleLabel`); nil: English.
    public var language: String?

    public init() {}

    public var isEmpty: Bool { settings.isEmpty && language == nil }

    /// These settings with `other`'s on top (`other` wins where both say something).
    public func overlaid(with other: InheritedSettings) -> InheritedSettings {
        var result = self
        for setting in other.settings {
            // A type preset replaces the one of the same name.
            if setting.kind == .type { result.settings.removeAll { $0.kind == .type && $0.words[0].value == setting.words[0].value } }
            result.settings.append(setting)
        }
        result.language = other.language ?? language
        return result
    }

    /// The settings as spec-language text, one line each (then `lang …`): what a
    /// render-cache key or a verify digest covers besides the spec's own text.
    public var canonicalText: String { canonicalText(presetsIn: nil) }

    /// `canonicalText` with only the type presets `spec` names (`canonicalText(forSpec:)`);
    /// nil: all of them.
    func canonicalText(presetsIn spec: [UInt8]?) -> String {
        var text = ""
        for setting in settings {
            if setting.kind == .type, let spec, !Self.names(spec, setting.words[0].value) { continue }
            text += setting.kind == .appearance ? "appearance" : setting.kind == .animation ? "animation" : "type"
            for word in setting.words {
                text += " "
                if let key = word.key { text += String(decoding: key, as: UTF8.self) + "=" }
                text += word.quoted ? "\"" + String(decoding: word.value, as: UTF8.self) + "\"" : String(decoding: word.value, as: UTF8.self)
            }
            text += "\n"
        }
        if let language { text += "lang " + language + "\n" }
        return text
    }

    /// Adds a setting written as the words of its spec line (front matter:
    /// `appearance: base=#F1E4D8 dark-base=#3A2F27`, `animation: pulse duration=1.2s`),
    /// starting at `line`:`column` of its file. An `animation` needs no kind here. Returns
    /// the problems (the same messages a spec line gets); the setting is kept only
    /// without errors.
    public mutating func add(_ kind: Kind, words: [UInt8], line: Int, column: Int) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let keywordToken = SpecToken(key: nil, column: column, value: [], valueColumn: column, quoted: false)
        var lexed = SpecLexer.lexLine(words, 0, words.count, fileLine: line, columnOffset: column - 1,
                                      diagnostics: &diagnostics)
            ?? SpecLine(line: line, indent: 0, column: column, tokens: [])
        lexed.tokens.insert(keywordToken, at: 0)
        return take(kind, lexed, lexed: diagnostics)
    }

    /// Adds one attribute of a setting (a key of `skelsite.toml`'s `[appearance]` or
    /// `[animation]`), `value` in the spec language ("#F1E4D8", "1.2s"). The name `kind`
    /// of `[animation]` gives the animation's kind.
    public mutating func add(_ kind: Kind, attribute name: String, value: [UInt8], line: Int,
                             keyColumn: Int, valueColumn: Int) -> [Diagnostic] {
        let keywordToken = SpecToken(key: nil, column: keyColumn, value: [], valueColumn: keyColumn, quoted: false)
        let isKind = kind == .animation && name.hasSameBytes(as: "kind")
        let token = SpecToken(key: isKind ? nil : Array(name.utf8), column: keyColumn, value: value,
                              valueColumn: valueColumn, quoted: false)
        let specLine = SpecLine(line: line, indent: 0, column: keyColumn, tokens: [keywordToken, token])
        return take(kind, specLine, lexed: [])
    }

    mutating func take(_ kind: Kind, _ line: SpecLine, lexed: [Diagnostic]) -> [Diagnostic] {
        var run = SpecParseRun(firstLine: line.line, columnOffset: 0)
        run.inheriting = true
        run.diagnostics = lexed
        // `type NAME size=… leading=…` is a type preset (TypePresets.swift).
        if kind == .type { run.checkTypePreset(line, among: self) } else { run.replay(kind, line) }
        let found = run.stableSortedByPosition(run.diagnostics)
        guard !found.contains(where: { $0.severity == .error }) else { return found }
        settings.append(Setting(kind: kind, words: line.tokens.dropFirst().map {
            Word(key: $0.key, value: $0.value, quoted: $0.quoted, line: line.line, column: $0.column, valueColumn: $0.valueColumn)
        }))
        return found
    }
}

extension SpecParseRun {
    /// Reads one setting line as the spec's own `appearance`/`animation` line would be.
    mutating func replay(_ kind: InheritedSettings.Kind, _ line: SpecLine) {
        if kind == .appearance { parseAppearance(line, apply: true) } else { parseAnimation(line, apply: true) }
    }

    /// Applies inherited settings before the spec's own lines; they were checked when
    /// they were added, so nothing is reported here.
    mutating func inherit(_ inherited: InheritedSettings) {
        let kept = diagnostics
        inheriting = true
        for setting in inherited.settings where setting.kind != .type {
            guard let first = setting.words.first else {
                continue
            }
            var tokens = [SpecToken(key: nil, column: first.column, value: [], valueColumn: first.column, quoted: false)]
            for word in setting.words {
                tokens.append(SpecToken(key: word.key, column: word.column, value: word.value,
                                        valueColumn: word.valueColumn, quoted: word.quoted))
            }
            replay(setting.kind, SpecLine(line: first.line, indent: 0, column: first.column, tokens: tokens))
        }
        inheriting = false
        inheritedAngle = angle != nil
        language = inherited.language.map { LabelLanguage(tag: $0) }
        typePresets = inherited
        diagnostics = kept
    }

    /// A spec's own `direction=` without `angle=` beats an inherited `angle=`: within
    /// one line `angle=` refines `direction=`, but a spec that names its direction
    /// means that direction.
    mutating func dropInheritedAngle(ifRedirected line: SpecLine) {
        guard inheritedAngle else { return }
        var direction = false
        for token in line.tokens where token.key != nil {
            let key = token.keyText
            if key.hasSameBytes(as: "angle") { return }
            if key.hasSameBytes(as: "direction") { direction = true }
        }
        if direction { angle = nil }
    }
}
