import Testing
@testable import SkeletonCore

/// The README's example spec ("Article row", with an explicit appearance), resolved value
/// by value.
@Suite struct ParserExampleTests {
    static let example = """
    skeleton "Article row" width=360
      appearance base=#E5E5EA highlight=#FFFFFF background=#F2F2F7
      animation shimmer duration=1.3s direction=left-to-right
      row padding=16 gap=12 radius=12 fill=#FFFFFF
        rect 56x56 radius=8
        column gap=8 grow=1
          text lines=2 line-height=14 spacing=8 last=70%
          rect width=130 height=12 radius=4
    """

    @Test func designExampleParsesToTheExpectedTree() {
        let result = SpecParser.parse(Self.example)
        #expect(result.diagnostics == [])
        let p = { (l: Int, c: Int) in SourcePosition(line: l, column: c) }
        let expected = Spec(
            title: "Article row", width: 360, height: nil,
            appearance: Appearance(base: RGBA(0xE5, 0xE5, 0xEA), highlight: RGBA(255, 255, 255),
                                   background: RGBA(0xF2, 0xF2, 0xF7), darkBase: Defaults.darkBase,
                                   darkHighlight: Defaults.darkHighlight, darkBackground: Defaults.darkBackground),
            animation: Animation(kind: .shimmer, duration: 1.3, direction: .leftToRight, band: 0.4,
                                 angle: 90, delay: 0, stagger: 0, easing: .linear),
            children: [
                Node(kind: .row, position: p(4, 3), gap: 12, padding: Insets(top: 16, right: 16, bottom: 16, left: 16),
                     radius: 12, fill: RGBA(255, 255, 255), children: [
                        Node(kind: .rect, position: p(5, 5), width: .points(56), height: .points(56), radius: 8),
                        Node(kind: .column, position: p(6, 5), grow: 1, gap: 8, children: [
                            Node(kind: .text(TextMetrics(lines: 2, lineHeight: 14, spacing: 8, lastLineFraction: 0.7)),
                                 position: p(7, 7)),
                            Node(kind: .rect, position: p(8, 7), width: .points(130), height: .points(12), radius: 4),
                        ]),
                     ]),
            ],
            position: p(1, 1))
        #expect(result.spec == expected)
    }
}
