import SkeletonCore
import Testing
@testable import SkeletonWeb

/// The emitter gives each painted element the layout item of its node (`LayoutItem.node`);
/// these tests hold that pairing against the real engine.
@Suite struct LayoutPairingTests {
    static let spec = """
        skeleton "Feed" width=320
          animation shimmer stagger=0.1s
          row padding=12 gap=8 fill=#FFFFFF dark-fill=#2C2C2E radius=10
            circle 40
            column gap=6 grow=1
              text lines=3 line-height=10 spacing=6
              rect width=50% height=8
          repeat 3 gap=4 padding=8
            row gap=6 align=center
              capsule 30x10
              spacer
              rect 20x10 radius=3
          column dark-fill=#111111 padding=4
            rect height=6

        """

    @Test func everyItemIsPaintedByExactlyOneElementInOrder() throws {
        let parsed = SpecParser.parse(Self.spec)
        let spec = try #require(parsed.spec, "\(parsed.diagnostics)")
        let layout = LayoutEngine.layout(spec)
        let component = ComponentEmitter.emit(spec, layout: layout)
        // Items: card surface, circle, 3 text bars, rect, 3 × (capsule, rect), dark-only surface, rect = 14.
        #expect(layout.items.count == 14)
        var found: [Int] = []
        for token in component.html.split(whereSeparator: { $0 == " " || $0 == "\"" }) where token.hasPrefix("sk-i") {
            found.append(Int(token.dropFirst(4))!)
        }
        #expect(found == Array(0..<14))
        // Surfaces are containers (no sk-s), shapes carry sk-s.
        #expect(Fixture.lines(component.html, containing: " sk-i0\"") == ["    <div class=\"sk-n0 sk-i0\">"])
        #expect(Fixture.lines(component.html, containing: " sk-i12\"") == ["    <div class=\"sk-n10 sk-i12\">"])
        let s = "." + component.scope
        // The dark-only surface is transparent in light and filled in dark.
        #expect(Fixture.lines(component.css, containing: " .sk-i12{") == [
            "\(s) .sk-i12{background:transparent}",
            "\(s) .sk-i12{background:#111111}",
            "[data-theme=\"light\"] \(s) .sk-i12{background:transparent}",
            "[data-theme=\"dark\"] \(s) .sk-i12{background:#111111}",
        ])
        // Copies 1 and 2 of the repeat are 0.1 s and 0.2 s into a 1.5 s loop.
        #expect(Fixture.lines(component.css, containing: "animation-delay").map { $0.split(separator: ";").last! } == [
            "animation-delay:-1.4s}", "animation-delay:-1.4s}", "animation-delay:-1.3s}", "animation-delay:-1.3s}",
        ])
    }
}
