import SkeletonCore
import Testing

/// Inherited settings read back from their canonical text (the playground's `inherit`).
@Suite struct InheritedSettingsTextTests {
    @Test func canonicalTextReadsBackToTheSameSettings() {
        var settings = InheritedSettings()
        #expect(settings.add(.appearance, words: Array(" base=#F1E4D8 dark-base=#3A2F27".utf8), line: 2, column: 12).isEmpty)
        #expect(settings.add(.animation, words: Array(" pulse duration=1.2s".utf8), line: 3, column: 11).isEmpty)
        settings.language = "pt-BR"
        let read = InheritedSettings.read(canonicalText: Array(settings.canonicalText.utf8))
        #expect(read.diagnostics.isEmpty)
        #expect(read.settings.canonicalText == settings.canonicalText)
        // The same spec parses to the same thing under either.
        let spec = Array("skeleton \"Row\" width=40\n  rect 20x10\n".utf8)
        #expect(SpecParser.parse(spec, inheriting: read.settings) == SpecParser.parse(spec, inheriting: settings))
    }

    @Test func badLinesAreLocatedAndLeftOutTheRestKept() {
        let text = "appearance base=#12\n\n  animation shimmer duration=2s\nlang f_r\ntheme dark\r\nlang de\n"
        let read = InheritedSettings.read(canonicalText: Array(text.utf8))
        #expect(located(read.diagnostics) == [
            "1:17: invalid colour '#12'; expected #RGB, #RRGGBB, #RRGGBBAA, rgb(), rgba(), hsl(), hsla() or a palette name",
            "4:6: lang 'f_r' is not a language tag; write one like en, fr or pt-BR",
            "5:1: expected an 'appearance', 'animation', 'type' or 'lang' line, got 'theme'",
        ])
        #expect(read.settings.canonicalText == "animation shimmer duration=2s\nlang de\n")
    }
}
