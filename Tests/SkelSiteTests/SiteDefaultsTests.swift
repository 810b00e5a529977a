import Foundation
import SkeletonCore
import Testing
@testable import SkelSite

/// Project-wide appearance and language (site/reference/appearance.md, "Defaults for a
/// whole site"; skeleton.md, "Label language"): front matter and skelsite.toml, their
/// located diagnostics, and what a build makes of them.
@Suite struct SiteDefaultsTests {
    static func located(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.severity.label) \($0.position.line):\($0.position.column): \($0.message)" }
    }

    @Test func frontMatterTakesSettingsInTheSpecsOwnWords() {
        let result = FrontMatterParser.parse("""
            ---
            title: T
            appearance: base=#F1E4D8 dark-base=#3A2F27
            animation: pulse duration=1.2s
            lang: fr
            ---

            """)
        #expect(result.diagnostics == [])
        #expect(result.frontMatter.settings.canonicalText
                == "appearance base=#F1E4D8 dark-base=#3A2F27\nanimation pulse duration=1.2s\nlang fr\n")
    }

    @Test func frontMatterProblemsAreLocated() {
        let result = FrontMatterParser.parse("""
            ---
            appearance: base=#12
            animation: duration=2
            lang: f_r
            ---
            ---
            lang: fi
            ---
            """)
        #expect(Self.located(result.diagnostics) == [
            "error 2:18: invalid colour '#12'; expected #RGB, #RRGGBB, #RRGGBBAA, rgb(), rgba(), hsl(), hsla() or a palette name",
            "error 3:21: missing unit in '2' for duration; write 2s or 2000ms",
            "error 4:7: lang 'f_r' is not a language tag; write one like en, fr or pt-BR",
        ])
        let finnish = FrontMatterParser.parse("---\nlang: fi\n---\n")
        #expect(Self.located(finnish.diagnostics) == [
            "warning 2:7: no built-in label in language 'fi': the default label stays English (\"Loading …\"); "
                + "give specs a label= in that language, or use one of en, fr, de, es, it, pt, nl, sv, pl, ru, uk, tr, ja, zh, ko, ar, he",
        ])
        #expect(finnish.frontMatter.settings.language == "fi")
    }

    @Test func projectFileTablesAndTheirProblems() throws {
        let file = URL(fileURLWithPath: "/tmp/skelsite.toml")
        let config = try ProjectConfig.parse("""
            lang = "fr"
            [appearance]
            base = "#F1E4D8"
            dark-base = "#3A2F27"
            [animation]
            kind = "shimmer"
            band = 0.3
            angle = 30
            """, file: file, shown: "skelsite.toml")
        // Tables in TOMLKit's (name) order, keys in the file's order.
        #expect(config.settings.canonicalText == """
            animation shimmer
            animation band=0.3
            animation angle=30
            appearance base=#F1E4D8
            appearance dark-base=#3A2F27
            lang fr

            """)
        #expect(throws: ProjectConfigError(lines: [
            "skelsite.toml:1:8: error: lang 'english' is not a language tag; write one like en, fr or pt-BR",
            "skelsite.toml:3:9: error: invalid colour '#12'; expected #RGB, #RRGGBB, #RRGGBBAA, rgb(), rgba(), hsl(), hsla() or a palette name",
            "skelsite.toml:4:1: error: unknown attribute 'bsae' on appearance; did you mean 'base'?",
            "skelsite.toml:6:9: error: invalid animation 'wobble'; expected none, gradient, pulse or shimmer",
            "skelsite.toml:7:12: error: missing unit in '2' for duration; write 2s or 2000ms",
            "skelsite.toml:8:10: error: animation.easing must be a string in the spec language, like \"#F1E4D8\" or \"1.2s\", got a boolean",
        ])) {
            _ = try ProjectConfig.parse("""
                lang = "english"
                [appearance]
                base = "#12"
                bsae = "#FFF"
                [animation]
                kind = "wobble"
                duration = 2
                easing = true
                """, file: file, shown: "skelsite.toml")
        }
    }

    static func site() throws -> TestSite {
        try TestSite([
            "index.md": "# Home\n\n```skeleton\nskeleton \"Row\" width=120\n  rect height=10\n```\n\n```skeleton\nskeleton \"Card\" width=120\n  appearance base=#111111\n  rect height=10\n```\n",
            "de.md": "---\nlang: de\nappearance: base=#CCCCCC\n---\n# Deutsch\n\n```skeleton\nskeleton \"Zeile\" width=120\n  rect height=10\n```\n",
        ])
    }

    static func project() -> InheritedSettings {
        var settings = InheritedSettings()
        _ = settings.add(.appearance, attribute: "base", value: Array("#F1E4D8".utf8), line: 1, keyColumn: 1, valueColumn: 8)
        settings.language = "fr"
        return settings
    }

    static func build(_ site: TestSite, _ defaults: InheritedSettings) throws -> BuildReport {
        let builder = SiteBuilder(source: site.source, output: site.output, templates: TestSite.templates,
                                  options: SiteBuilder.Options(cacheDirectory: site.cache, rendererFingerprint: "test",
                                                               specDefaults: defaults),
                                  displaySource: "docs")
        return try builder.build()
    }

    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test func pagesAndComponentsSpeakTheDocumentLanguageWithOneStatusRegionEach() throws {
        let site = try Self.site()
        defer { site.remove() }
        let report = try Self.build(site, Self.project())
        #expect(report.succeeded, "\(report.diagnostics)")
        let home = try site.read("index.html")
        let german = try site.read("de.html")
        #expect(home.hasPrefix("<!doctype html>\n<html lang=\"fr\">"))
        #expect(german.hasPrefix("<!doctype html>\n<html lang=\"de\">"))
        // One status region, with one label, per component on each page (the page's own
        // search status is not a component's).
        #expect(Self.count("role=\"status\" aria-busy=\"true\"", in: home) == 2)
        #expect(Self.count("<span class=\"sk-label\">", in: home) == 2)
        #expect(home.contains("dir=\"ltr\" lang=\"fr\" role=\"status\" aria-busy=\"true\" aria-live=\"polite\">\n  <span class=\"sk-label\">Chargement de Row…</span>"))
        #expect(home.contains("<span class=\"sk-label\">Chargement de Card…</span>"))
        #expect(Self.count("role=\"status\" aria-busy=\"true\"", in: german) == 1)
        #expect(Self.count("<span class=\"sk-label\">", in: german) == 1)
        #expect(german.contains("dir=\"ltr\" lang=\"de\" role=\"status\""))
        #expect(german.contains("<span class=\"sk-label\">Zeile wird geladen…</span>"))
        // Colours: the project's base, the front matter's over it, the spec's own over both.
        #expect(home.contains("--sk-b:#f1e4d8"))
        #expect(home.contains("--sk-b:#111111"))
        #expect(german.contains("--sk-b:#cccccc"))
        #expect(!german.contains("--sk-b:#f1e4d8"))
    }

    /// "Open in playground" carries what the spec inherits, so the playground paints what
    /// the page shows; without inherited settings the link is the spec alone, as before.
    @Test func playgroundLinksCarryTheInheritedSettings() throws {
        let site = try Self.site()
        defer { site.remove() }
        let report = try Self.build(site, Self.project())
        #expect(report.succeeded, "\(report.diagnostics)")
        let german = try site.read("de.html")
        let spec = "skeleton \"Zeile\" width=120\n  rect height=10"
        let inherited = "appearance base=#F1E4D8\nappearance base=#CCCCCC\nlang de\n"
        #expect(german.contains("href=\"playground.html#spec=\(Base64URL.encode(Array(spec.utf8)))&amp;inherit="
            + "\(Base64URL.encode(Array(inherited.utf8)))\">Open in playground</a>"))
        #expect(PageContexts.playgroundLink(root: "", spec: spec, inherited: "")
            == "playground.html#spec=\(Base64URL.encode(Array(spec.utf8)))")
    }

    @Test func changingAProjectDefaultRendersAgainAndWithoutOneNothingChanges() throws {
        let site = try Self.site()
        defer { site.remove() }
        let plain = try Self.build(site, InheritedSettings())
        #expect(plain.rendered == 3)
        let home = try site.read("index.html")
        #expect(home.hasPrefix("<!doctype html>\n<html lang=\"en\">"))
        #expect(!home.contains(" lang=\"fr\""))
        #expect(home.contains("<span class=\"sk-label\">Loading Row…</span>"))
        let themed = try Self.build(site, Self.project())
        // Every spec inherits from the project: all three render again.
        #expect(themed.rendered == 3)
        #expect(themed.cached == 0)
        let again = try Self.build(site, Self.project())
        #expect(again.rendered == 0)
    }
}
