import Testing
@testable import SkeletonCore

/// Every node kind and attribute, one line under a bare root, resolved to its Node.
@Suite struct ParserNodeTests {
    /// The node a line parses to when it is the root's only child (line 2, column 3).
    static func child(_ line: String) -> Node? {
        let result = SpecParser.parse("skeleton\n  " + line)
        guard result.diagnostics.isEmpty, let spec = result.spec, spec.children.count == 1 else { return nil }
        return spec.children[0]
    }

    static let at = SourcePosition(line: 2, column: 3)
    static func n(_ kind: NodeKind, width: Length = .auto, height: Length = .auto, grow: Double = 0, gap: Double = 0,
                  padding: Insets = Insets(), align: Align = .stretch, justify: Justify = .start, radius: Double? = nil,
                  fill: RGBA? = nil, darkFill: RGBA? = nil, color: RGBA? = nil, darkColor: RGBA? = nil,
                  stagger: Double? = nil) -> Node {
        Node(kind: kind, position: at, width: width, height: height, grow: grow, gap: gap, padding: padding,
             align: align, justify: justify, radius: radius, fill: fill, darkFill: darkFill, color: color,
             darkColor: darkColor, stagger: stagger)
    }
    static func text(_ lines: Int, _ lineHeight: Double, _ spacing: Double, _ last: Double) -> NodeKind {
        .text(TextMetrics(lines: lines, lineHeight: lineHeight, spacing: spacing, lastLineFraction: last))
    }
    static func pad(_ t: Double, _ r: Double, _ b: Double, _ l: Double) -> Insets {
        Insets(top: t, right: r, bottom: b, left: l)
    }

    static let cases: [(String, Node)] = [
        // Containers and their defaults (align stretch, justify start, no padding/gap).
        ("row", n(.row)),
        ("column", n(.column)),
        ("row gap=12", n(.row, gap: 12)),
        ("row gap=0.5", n(.row, gap: 0.5)),
        ("column padding=16", n(.column, padding: pad(16, 16, 16, 16))),
        ("column padding=\"8 16\"", n(.column, padding: pad(8, 16, 8, 16))),
        ("column padding=8,16", n(.column, padding: pad(8, 16, 8, 16))),
        ("column padding=\"1 2 3 4\"", n(.column, padding: pad(1, 2, 3, 4))),
        ("column padding=1,2,3,4", n(.column, padding: pad(1, 2, 3, 4))),
        ("column padding=\"1, 2, 3, 4\"", n(.column, padding: pad(1, 2, 3, 4))),
        ("row align=start", n(.row, align: .start)),
        ("row align=center", n(.row, align: .center)),
        ("row align=end", n(.row, align: .end)),
        ("row align=stretch", n(.row, align: .stretch)),
        ("row justify=start", n(.row, justify: .start)),
        ("row justify=center", n(.row, justify: .center)),
        ("row justify=end", n(.row, justify: .end)),
        ("row justify=space-between", n(.row, justify: .spaceBetween)),
        ("row justify=space-around", n(.row, justify: .spaceAround)),
        ("row justify=space-evenly", n(.row, justify: .spaceEvenly)),
        ("row grow=2", n(.row, grow: 2)),
        ("row width=200 height=50%", n(.row, width: .points(200), height: .percent(50))),
        ("row radius=12 fill=#FFFFFF dark-fill=#1C1C1E",
         n(.row, radius: 12, fill: RGBA(255, 255, 255), darkFill: RGBA(0x1C, 0x1C, 0x1E))),
        ("repeat 3", n(.repeat(count: 3))),
        ("repeat 500", n(.repeat(count: 500))),
        ("repeat 1 stagger=0.1s gap=10 padding=4 align=center justify=end",
         n(.repeat(count: 1), gap: 10, padding: pad(4, 4, 4, 4), align: .center, justify: .end, stagger: 0.1)),
        ("repeat 2 stagger=150ms", n(.repeat(count: 2), stagger: 0.15)),
        ("repeat 2 stagger=0s", n(.repeat(count: 2), stagger: 0)),
        // Shapes.
        ("rect", n(.rect)),
        ("rect 56x56", n(.rect, width: .points(56), height: .points(56))),
        ("rect 50%x12", n(.rect, width: .percent(50), height: .points(12))),
        ("rect 100%x100%", n(.rect, width: .percent(100), height: .percent(100))),
        ("rect 120.5x0.25", n(.rect, width: .points(120.5), height: .points(0.25))),
        ("rect width=130 height=12 radius=4", n(.rect, width: .points(130), height: .points(12), radius: 4)),
        ("rect grow=1 color=blue dark-color=#48484A",
         n(.rect, grow: 1, color: RGBA(0x00, 0x7A, 0xFF), darkColor: RGBA(0x48, 0x48, 0x4A))),
        ("rect radius=0", n(.rect, radius: 0)),
        ("capsule", n(.capsule)),
        ("capsule 80x20 color=#F00", n(.capsule, width: .points(80), height: .points(20), color: RGBA(255, 0, 0))),
        ("capsule width=25% radius=3", n(.capsule, width: .percent(25), radius: 3)),
        ("circle 40", n(.circle, width: .points(40), height: .points(40))),
        ("circle 7.5 grow=1 color=gray", n(.circle, width: .points(7.5), height: .points(7.5), grow: 1,
                                            color: RGBA(0x8E, 0x8E, 0x93))),
        ("spacer", n(.spacer, grow: 1)),
        ("spacer grow=0 width=10 height=8", n(.spacer, width: .points(10), height: .points(8), grow: 0)),
        ("spacer height=20%", n(.spacer, height: .percent(20), grow: 1)),
        // Text: every metric, and the one-line rule for `last`.
        ("text", n(text(3, 15, 10, 0.7))),
        ("text lines=2 line-height=14 spacing=8 last=70%", n(text(2, 14, 8, 0.7))),
        ("text lines=1", n(text(1, 15, 10, 1))),
        ("text lines=1 last=50%", n(text(1, 15, 10, 0.5))),
        ("text lines=5 last=0.25", n(text(5, 15, 10, 0.25))),
        ("text last=100%", n(text(3, 15, 10, 1))),
        ("text spacing=0 radius=0", n(text(3, 15, 10, 0.7).withSpacing(0), radius: 0)),
        ("text radius=3 width=80% grow=1 color=#000 dark-color=white",
         n(text(3, 15, 10, 0.7), width: .percent(80), grow: 1, radius: 3, color: RGBA(0, 0, 0),
           darkColor: RGBA(255, 255, 255))),
        ("text lines=500", n(text(500, 15, 10, 0.7))),
        // Quoted values, attribute order, trailing comment.
        ("rect radius=\"4\" width=\"10\"", n(.rect, width: .points(10), radius: 4)),
        ("rect height=4 width=8 # trailing comment", n(.rect, width: .points(8), height: .points(4))),
        ("rect\theight=4", n(.rect, height: .points(4))),
    ]

    @Test(arguments: cases)
    func lineParsesToNode(_ line: String, _ expected: Node) {
        let result = SpecParser.parse("skeleton\n  " + line)
        #expect(result.diagnostics == [])
        #expect(result.spec?.children == [expected])
    }

    @Test func childrenNestUnderTheirContainers() {
        let result = SpecParser.parse("""
        skeleton
          row
            column
              rect
              repeat 2
                circle 4
            spacer
          text
        """)
        #expect(result.diagnostics == [])
        let p = { (l: Int, c: Int) in SourcePosition(line: l, column: c) }
        let expected = [
            Node(kind: .row, position: p(2, 3), children: [
                Node(kind: .column, position: p(3, 5), children: [
                    Node(kind: .rect, position: p(4, 7)),
                    Node(kind: .repeat(count: 2), position: p(5, 7), children: [
                        Node(kind: .circle, position: p(6, 9), width: .points(4), height: .points(4)),
                    ]),
                ]),
                Node(kind: .spacer, position: p(7, 5), grow: 1),
            ]),
            Node(kind: .text(TextMetrics(lines: 3, lineHeight: 15, spacing: 10, lastLineFraction: 0.7)), position: p(8, 3)),
        ]
        #expect(result.spec?.children == expected)
    }

    @Test func indentStepIsWhateverTheFirstChildUses() {
        let four = SpecParser.parse("skeleton\n    row\n        rect\n    rect\n")
        #expect(four.diagnostics == [])
        #expect(four.spec?.children.map { $0.children.count } == [1, 0])
        let one = SpecParser.parse("skeleton\n row\n  rect\n rect\n")
        #expect(one.diagnostics == [])
        #expect(one.spec?.children.map { $0.children.count } == [1, 0])
    }

    @Test func dedentingSeveralLevelsAtOnce() {
        let r = SpecParser.parse("skeleton\n  row\n    column\n      row\n        rect\n  circle 3\n")
        #expect(r.diagnostics == [])
        #expect(r.spec?.children.count == 2)
        #expect(r.spec?.children[1].kind == .circle)
    }
}

extension NodeKind {
    /// The same text kind with another spacing (keeps the table above short).
    func withSpacing(_ s: Double) -> NodeKind {
        guard case .text(var m) = self else { return self }
        m.spacing = s
        return .text(m)
    }
}
