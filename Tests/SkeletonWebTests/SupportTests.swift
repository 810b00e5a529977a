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
}
