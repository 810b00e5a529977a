import SkeletonCore
import Testing
@testable import SkeletonWeb

@Suite struct SupportTests {
    @Test func numbersAreFixedPointTrimmedAndNeverNegativeZero() {
        #expect(CSSNumber.format(1.5) == "1.5")
        #expect(CSSNumber.format(0.1 + 0.2) == "0.3")
        #expect(CSSNumber.format(-0.0004) == "0")
        #expect(CSSNumber.format(-0.0) == "0")
        #expect(CSSNumber.format(1e-7) == "0")
        #expect(CSSNumber.format(-1.25) == "-1.25")
        #expect(CSSNumber.format(1234567.5) == "1234567.5")
        #expect(CSSNumber.format(2.0 / 3.0) == "0.667")
        #expect(CSSNumber.format(2.0 / 3.0, places: 6) == "0.666667")
        #expect(CSSNumber.format(.nan) == "0")
        #expect(CSSNumber.px(0) == "0")
        #expect(CSSNumber.px(12) == "12px")
        #expect(CSSNumber.color(RGBA(0xE5, 0xE5, 0xEA)) == "#e5e5ea")
        #expect(CSSNumber.color(RGBA(0, 0x0A, 0xFF, 0x1A)) == "#000aff1a")
    }

    @Test func fnv1aMatchesPublishedVectors() {
        func hash(_ text: String) -> String {
            var h = FNV1a32()
            h.add(Array(text.utf8))
            return h.hex
        }
        #expect(hash("") == "811c9dc5")
        #expect(hash("a") == "e40c292c")
        #expect(hash("foobar") == "bf9cf968")
    }

    @Test func scopeIsStableAcrossPositionsAndDiffersByContent() {
        let (spec, layout) = Fixture.oneRect()
        let first = ComponentEmitter.emit(spec, layout: layout)
        #expect(first == ComponentEmitter.emit(spec, layout: layout))
        #expect(first.scope.hasPrefix("sk-"))
        #expect(first.scope.utf8.count == 11)
        #expect(first.scope.dropFirst(3).allSatisfy { "0123456789abcdef".contains($0) })
        var moved = spec
        moved.position = SourcePosition(line: 40, column: 3)
        #expect(ComponentEmitter.emit(moved, layout: layout).scope == first.scope)
        var wider = spec
        wider.width = 101
        var recoloured = spec
        recoloured.appearance.darkBase = RGBA(0, 0, 0)
        var renamed = spec
        renamed.title = "Other"
        let scopes = [first.scope, ComponentEmitter.emit(wider, layout: layout).scope,
                      ComponentEmitter.emit(recoloured, layout: layout).scope,
                      ComponentEmitter.emit(renamed, layout: layout).scope]
        #expect(Set(scopes).count == 4)
        // Every selector is scoped.
        for line in first.css.split(separator: "\n") where line.contains("{") && !line.hasPrefix("@") {
            #expect(line.contains("." + first.scope))
        }
    }

    @Test func standalonePageEmbedsTheComponent() {
        let component = WebComponent(scope: "sk-00000000", html: "<div class=\"sk-00000000\"></div>\n",
                                     css: ".sk-00000000{width:1px}\n")
        let page = ComponentEmitter.standalonePage(component, background: RGBA(0x1C, 0x1C, 0x1E), title: "A&B",
                                                   theme: .dark, reducedMotion: true)
        #expect(page == """
            <!DOCTYPE html>
            <html lang="en" data-theme="dark" data-motion="reduce">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>A&amp;B</title>
            <style>
            html,body{margin:0;padding:0;background:#1c1c1e}
            </style>
            <style>
            .sk-00000000{width:1px}
            </style>
            </head>
            <body>
            <div class="sk-00000000"></div>
            </body>
            </html>

            """)
    }
}
