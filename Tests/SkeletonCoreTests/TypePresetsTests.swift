import SkeletonCore
import Testing

/// Type presets (site/reference/text.md, "Type presets"): `[type]` in skelsite.toml
/// names a size and leading once; `text type=NAME` lays out exactly as the same
/// `size=` and `leading=` written by hand.
@Suite struct TypePresetsTests {
    static func presets() -> InheritedSettings {
        var settings = InheritedSettings()
        #expect(settings.addTypePreset(name: "body", words: Array("size=16 leading=24".utf8), line: 2, nameColumn: 1, column: 9).isEmpty)
        #expect(settings.addTypePreset(name: "title", words: Array(" size=20   leading=28 ".utf8), line: 3, nameColumn: 1, column: 10).isEmpty)
        return settings
    }

    @Test func aPresetLaysOutAsItsSizeAndLeadingByHand() throws {
        let typed = SpecParser.parse("skeleton width=200\n  column padding=10\n    text lines=1 type=title last=60%\n    text lines=3 type=\"body\"\n",
                                     inheriting: Self.presets())
        let byHand = SpecParser.parse("skeleton width=200\n  column padding=10\n    text lines=1 size=20 leading=28 last=60%\n    text lines=3 size=16 leading=24\n")
        #expect(typed.diagnostics.isEmpty, "\(typed.diagnostics)")
        let (a, b) = (try #require(typed.spec), try #require(byHand.spec))
        let (la, lb) = (LayoutEngine.layout(a), LayoutEngine.layout(b))
        #expect(la.items.map(\.frame) == lb.items.map(\.frame))
        // 10 + 28 + 3 × 24 + 10.
        #expect(la.height == 120)
    }

    @Test(arguments: [
        ("text type=titel", "2:13: unknown type preset 'titel'; skelsite.toml's [type] sets body or title"),
        ("text type=caption", "2:13: unknown type preset 'caption'; skelsite.toml's [type] sets body or title"),
        ("text type=body size=16", "2:18: type=body gives the size and leading; 'size' beside it would say it twice, remove one"),
        ("text type=body spacing=4", "2:18: type=body gives the size and leading; 'spacing' beside it would say it twice, remove one"),
        ("rect 10x10 type=body", "2:14: attribute 'type' does not apply to rect; rect takes width, height, grow, radius, color, dark-color or aspect"),
    ])
    func badUsesAreLocated(line: String, expected: String) {
        let parsed = SpecParser.parse("skeleton width=200\n  \(line)\n", inheriting: Self.presets())
        #expect(located(parsed.diagnostics) == [expected])
    }

    @Test func aPresetWithNoneSetSaysWhereToSetIt() {
        #expect(located("skeleton width=200\n  text type=body\n") == [
            "2:13: type=body names a type preset, and none is set; add it to skelsite.toml's [type] table "
                + "(body = \"size=16 leading=24\"), or write size= and leading= here",
        ])
    }

    @Test(arguments: [
        ("body", "size=16 leading=12", "2:17: leading=12 is less than size=16: a line is at least as tall as its font"),
        ("my body", "size=16 leading=24", "2:1: type preset name 'my body' is not a word a spec can write after type=; use letters, digits, '-' and '_'"),
        ("x", "size=16", "2:9: text size= needs leading=, the line height of the text it stands in for (for example size=16 leading=24)"),
        ("x", "size=16 leading=24 radius=3", "2:28: a type preset takes size= and leading= once each, like \"size=16 leading=24\""),
        ("x", "size=16 size=17 leading=24", "2:17: a type preset takes size= and leading= once each, like \"size=16 leading=24\""),
        ("x", "size=1o leading=24", "2:14: unknown unit 'o' in '1o' for size; write points as a plain number like 1"),
        ("x", "", "2:9: type preset 'x' needs size= and leading=, like \"size=16 leading=24\""),
        ("body", "size=16 leading=24", "2:1: type preset 'body' is set twice; keep one"),
    ])
    func badPresetsAreLocatedAndNotKept(name: String, words: String, expected: String) {
        var settings = InheritedSettings()
        if name == "body" && words == "size=16 leading=24" {
            #expect(settings.addTypePreset(name: "body", words: Array("size=10 leading=12".utf8), line: 1, nameColumn: 1, column: 9).isEmpty)
        }
        let before = settings.canonicalText
        #expect(located(settings.addTypePreset(name: name, words: Array(words.utf8), line: 2, nameColumn: 1, column: 9)) == [expected])
        #expect(settings.canonicalText == before)
    }

    @Test func aSpecCarriesOnlyThePresetsItNames() {
        var settings = Self.presets()
        #expect(settings.add(.appearance, words: Array(" base=#F1E4D8".utf8), line: 1, column: 12).isEmpty)
        // In the order they were set.
        #expect(settings.canonicalText == "type body size=16 leading=24\ntype title size=20 leading=28\nappearance base=#F1E4D8\n")
        #expect(settings.canonicalText(forSpec: "skeleton\n  text type=title\n") == "type title size=20 leading=28\nappearance base=#F1E4D8\n")
        #expect(settings.canonicalText(forSpec: "skeleton\n  text type=\"body\"\n") == "type body size=16 leading=24\nappearance base=#F1E4D8\n")
        // Not a whole word: no preset.
        for text in ["text type=bodyx", "text subtype=body", "text type=\"bodyx\"", "text lines=2"] {
            #expect(settings.canonicalText(forSpec: text) == "appearance base=#F1E4D8\n", "\(text)")
        }
        // With no presets, the text of today's settings, unchanged.
        var plain = InheritedSettings()
        #expect(plain.add(.appearance, words: Array(" base=#F1E4D8".utf8), line: 1, column: 12).isEmpty)
        #expect(plain.canonicalText(forSpec: "text type=body") == "appearance base=#F1E4D8\n")
    }

    @Test func presetsTravelAsTextAndReadBack() {
        let settings = Self.presets()
        let read = InheritedSettings.read(canonicalText: Array(settings.canonicalText.utf8))
        #expect(read.diagnostics.isEmpty)
        #expect(read.settings.canonicalText == settings.canonicalText)
        let spec = "skeleton width=100\n  text lines=2 type=body\n"
        #expect(SpecParser.parse(spec, inheriting: read.settings) == SpecParser.parse(spec, inheriting: settings))
        let bad = InheritedSettings.read(canonicalText: Array("type body size=16 leading=8\ntype title size=20 leading=28\n".utf8))
        #expect(located(bad.diagnostics) == ["1:19: leading=8 is less than size=16: a line is at least as tall as its font"])
        #expect(bad.settings.canonicalText == "type title size=20 leading=28\n")
    }
}
