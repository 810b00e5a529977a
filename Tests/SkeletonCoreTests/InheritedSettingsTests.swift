import Testing
@testable import SkeletonCore

/// Defaults a spec inherits (site/reference/appearance.md, "Defaults for a whole
/// site"): spec > front matter > project file > built-in, attribute by attribute.
@Suite struct InheritedSettingsTests {
    /// A project file's `[appearance] base`, `highlight` and `[animation] kind, duration`.
    static func project() -> InheritedSettings {
        var settings = InheritedSettings()
        #expect(settings.add(.appearance, attribute: "base", value: Array("#F1E4D8".utf8), line: 2, keyColumn: 1, valueColumn: 9) == [])
        #expect(settings.add(.appearance, attribute: "highlight", value: Array("#FFFFFFB3".utf8), line: 3, keyColumn: 1, valueColumn: 14) == [])
        #expect(settings.add(.animation, attribute: "kind", value: Array("pulse".utf8), line: 5, keyColumn: 1, valueColumn: 9) == [])
        #expect(settings.add(.animation, attribute: "duration", value: Array("1.2s".utf8), line: 6, keyColumn: 1, valueColumn: 13) == [])
        return settings
    }

    @Test func eachLevelWinsOverTheOneBelowAttributeByAttribute() throws {
        var frontMatter = InheritedSettings()
        // The front matter changes the base and the duration; the highlight stays the project's.
        #expect(frontMatter.add(.appearance, words: Array("base=#CCCCCC".utf8), line: 2, column: 13) == [])
        #expect(frontMatter.add(.animation, words: Array("duration=2s".utf8), line: 3, column: 12) == [])
        let inherited = Self.project().overlaid(with: frontMatter)

        let plain = try #require(SpecParser.parse("skeleton\n  rect height=4\n", inheriting: inherited).spec)
        #expect(plain.appearance.base == RGBA(0xCC, 0xCC, 0xCC))
        #expect(plain.appearance.highlight == RGBA(0xFF, 0xFF, 0xFF, 0xB3))
        #expect(plain.appearance.background == Defaults.background)
        #expect(plain.animation.kind == .pulse)
        #expect(plain.animation.duration == 2)
        #expect(plain.animation.easing == .easeInOut)

        // The spec's own line wins for what it says and inherits the rest.
        let own = try #require(SpecParser.parse("""
            skeleton
              appearance base=#111111
              animation shimmer
              rect height=4
            """, inheriting: inherited).spec)
        #expect(own.appearance.base == RGBA(0x11, 0x11, 0x11))
        #expect(own.appearance.highlight == RGBA(0xFF, 0xFF, 0xFF, 0xB3))
        #expect(own.animation.kind == .shimmer)
        #expect(own.animation.duration == 2)
        #expect(own.animation.easing == .linear)
    }

    @Test func nothingInheritedIsTheBuiltInSpec() {
        let text = "skeleton \"A\" width=100\n  appearance base=red\n  text lines=2\n"
        #expect(SpecParser.parse(text, inheriting: InheritedSettings()) == SpecParser.parse(text))
        #expect(InheritedSettings().canonicalText == "")
    }

    @Test func aSpecsOwnDirectionBeatsAnInheritedAngle() throws {
        var inherited = InheritedSettings()
        #expect(inherited.add(.animation, words: Array("shimmer angle=30".utf8), line: 1, column: 12) == [])
        let keeps = try #require(SpecParser.parse("skeleton\n  animation shimmer\n  rect height=4\n", inheriting: inherited).spec)
        #expect(keeps.animation.angle == 30)
        let redirected = try #require(SpecParser.parse("skeleton\n  animation shimmer direction=top-to-bottom\n  rect height=4\n",
                                                       inheriting: inherited).spec)
        #expect(redirected.animation.angle == 180)
    }

    @Test func settingsAreCheckedWhereTheyAreWritten() {
        var settings = InheritedSettings()
        // Front matter line 4: "appearance: base=#12 dark-bsae=red", the words at column 13.
        #expect(located(settings.add(.appearance, words: Array("base=#12 dark-bsae=red".utf8), line: 4, column: 13)) == [
            "4:18: invalid colour '#12'; expected #RGB, #RRGGBB, #RRGGBBAA, rgb(), rgba(), hsl(), hsla() or a palette name",
            "4:22: unknown attribute 'dark-bsae' on appearance; did you mean 'dark-base'?",
        ])
        #expect(located(settings.add(.animation, attribute: "duration", value: Array("2".utf8), line: 7,
                                          keyColumn: 1, valueColumn: 13)) == [
            "7:13: missing unit in '2' for duration; write 2s or 2000ms",
        ])
        #expect(located(settings.add(.animation, attribute: "kind", value: Array("wobble".utf8), line: 8,
                                          keyColumn: 1, valueColumn: 9)) == [
            "8:9: invalid animation 'wobble'; expected none, gradient, pulse or shimmer",
        ])
        // A setting with an error is not kept.
        #expect(settings.isEmpty)
    }

    @Test func canonicalTextListsWhatWasInherited() {
        var settings = Self.project()
        settings.language = "fr"
        #expect(settings.canonicalText == """
            appearance base=#F1E4D8
            appearance highlight=#FFFFFFB3
            animation pulse
            animation duration=1.2s
            lang fr

            """)
    }

    @Test func theDefaultLabelSpeaksTheDocumentLanguage() throws {
        var inherited = InheritedSettings()
        inherited.language = "fr-CA"
        let titled = try #require(SpecParser.parse("skeleton \"Article\"\n  rect height=4\n", inheriting: inherited).spec)
        #expect(titled.accessibleLabel() == "Chargement de Article…")
        #expect(titled.labelLanguage?.tag == "fr-CA")
        let untitled = try #require(SpecParser.parse("skeleton\n  rect height=4\n", inheriting: inherited).spec)
        #expect(untitled.accessibleLabel() == "Chargement…")
        inherited.language = "de"
        let german = try #require(SpecParser.parse("skeleton \"Karte\"\n  rect height=4\n", inheriting: inherited).spec)
        #expect(german.accessibleLabel() == "Karte wird geladen…")
        // label= is used as written, whatever the language.
        let own = try #require(SpecParser.parse("skeleton \"Karte\" label=\"Bitte warten\"\n  rect height=4\n",
                                                inheriting: inherited).spec)
        #expect(own.accessibleLabel() == "Bitte warten")
        // A language without built-in words keeps English.
        inherited.language = "fi"
        let finnish = try #require(SpecParser.parse("skeleton \"Kortti\"\n  rect height=4\n", inheriting: inherited).spec)
        #expect(finnish.accessibleLabel() == "Loading Kortti…")
    }

    @Test func languageTagShapes() {
        for good in ["en", "fr", "pt-BR", "zh-Hant-TW", "es-419"] { #expect(LoadingWords.isLanguageTag(good), "\(good)") }
        for bad in ["", "e", "f_r", "fr-", "-fr", "fr CA", "123", "english", "toolongtag"] { #expect(!LoadingWords.isLanguageTag(bad), "\(bad)") }
        #expect(LoadingWords.forLanguage("AR")?.rightToLeft == true)
        #expect(LoadingWords.forLanguage("fr")?.rightToLeft == false)
    }
}
