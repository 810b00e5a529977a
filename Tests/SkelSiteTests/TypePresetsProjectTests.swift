import Foundation
import SkeletonCore
@testable import SkelSite
import Testing

/// `[type]` in skelsite.toml (site/reference/text.md, "Type presets"): read in the file's
/// order, each problem located; a build paints `text type=NAME` as the same size and
/// leading by hand, and only the specs that name a preset carry it.
@Suite struct TypePresetsProjectTests {
    static let file = URL(fileURLWithPath: "/tmp/skelsite.toml")

    @Test func theTableIsReadInTheFilesOrder() throws {
        let config = try ProjectConfig.parse("""
            [type]
            title = "size=20 leading=28"
            body = "size=16  leading=24"
            """, file: Self.file, shown: "skelsite.toml")
        #expect(config.settings.canonicalText == "type title size=20 leading=28\ntype body size=16 leading=24\n")
    }

    @Test func problemsAreLocatedInTheFile() {
        #expect(throws: ProjectConfigError(lines: [
            "skelsite.toml:2:17: error: leading=12 is less than size=16: a line is at least as tall as its font",
            "skelsite.toml:3:1: error: type preset name 'my body' is not a word a spec can write after type=; use letters, digits, '-' and '_'",
            "skelsite.toml:4:7: error: type.cap must be a string of size= and leading=, like \"size=16 leading=24\", got an integer",
            "skelsite.toml:5:25: error: a type preset takes size= and leading= once each, like \"size=16 leading=24\"",
        ])) {
            _ = try ProjectConfig.parse("""
                [type]
                body = "size=16 leading=12"
                "my body" = "size=16 leading=24"
                cap = 12
                y = "size=16 leading=24 radius=3"
                """, file: Self.file, shown: "skelsite.toml")
        }
    }

    @Test func frontMatterAddsOrReplacesPresetsForItsDoc() throws {
        let result = FrontMatterParser.parse("---\ntype.body: size=17 leading=22\ntype.caption: size=12 leading=10\n---\n")
        #expect(result.diagnostics.map { "\($0.position.line):\($0.position.column): \($0.message)" }
                    == ["3:23: leading=10 is less than size=12: a line is at least as tall as its font"])
        let project = try ProjectConfig.parse("[type]\nbody = \"size=16 leading=24\"\ntitle = \"size=20 leading=28\"\n",
                                              file: Self.file, shown: "skelsite.toml")
        let merged = project.settings.overlaid(with: result.frontMatter.settings)
        #expect(merged.canonicalText == "type title size=20 leading=28\ntype body size=17 leading=22\n")
    }

    @Test func aPresetSpecPaintsAsByHandAndOnlyItCarriesThePreset() throws {
        let site = try TestSite([
            "index.md": """
                # Type

                ```skeleton
                skeleton "Typed" width=200
                  column padding=10 gap=8
                    text lines=1 type=title last=60%
                    text lines=3 type=body
                ```

                ```skeleton
                skeleton "By hand" width=200
                  column padding=10 gap=8
                    text lines=1 size=20 leading=28 last=60%
                    text lines=3 size=16 leading=24
                ```

                """,
        ])
        defer { site.remove() }
        let config = try ProjectConfig.parse("[type]\nbody = \"size=16 leading=24\"\ntitle = \"size=20 leading=28\"\nunused = \"size=9 leading=9\"\n",
                                             file: Self.file, shown: "skelsite.toml")
        let builder = SiteBuilder(source: site.source, output: site.output, templates: TestSite.templates,
                                  options: SiteBuilder.Options(cacheDirectory: site.cache, rendererFingerprint: "test",
                                                               specDefaults: config.settings),
                                  displaySource: "docs")
        let report = try builder.build()
        #expect(report.succeeded, "\(report.diagnostics)")
        for name in ["light@1x.png", "dark@2x.png"] {
            let typed = try Data(contentsOf: site.output.appendingPathComponent("png/index--typed/\(name)"))
            let byHand = try Data(contentsOf: site.output.appendingPathComponent("png/index--by-hand/\(name)"))
            #expect(typed == byHand, "\(name)")
        }
        // The typed spec's playground link carries its two presets, not `unused`; the
        // spec by hand carries nothing.
        let page = try site.read("index.html")
        let inherit = "&amp;inherit=" + Base64URL.encode(Array("type body size=16 leading=24\ntype title size=20 leading=28\n".utf8))
        #expect(page.components(separatedBy: "&amp;inherit=").count - 1 == 1)
        #expect(page.contains(inherit))
    }
}
