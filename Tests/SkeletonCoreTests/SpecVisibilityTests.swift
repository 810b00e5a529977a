import Testing
@testable import SkeletonCore

/// The warnings about skeletons that cannot be seen (site/reference/diagnostics.md,
/// "Warnings: skeletons that cannot be seen"), with their exact text and place.
@Suite struct SpecVisibilityTests {
    /// The spec's warnings as `line:column: message`, after checking it parses cleanly.
    static func warnings(_ text: String, firstLine: Int = 1, columnOffset: Int = 0) -> [String] {
        let parsed = SpecParser.parse(text, firstLine: firstLine, columnOffset: columnOffset)
        #expect(parsed.diagnostics == [])
        let checked = SpecVisibility.adding(to: parsed, source: Array(text.utf8), firstLine: firstLine,
                                            columnOffset: columnOffset)
        #expect(checked.spec == parsed.spec)
        #expect(checked.diagnostics.allSatisfy { $0.severity == .warning })
        return located(checked.diagnostics)
    }

    @Test func paleShapeColourIsReportedAtItsValue() {
        #expect(Self.warnings("""
            skeleton "Pale" width=200
              rect height=20 color=#F8F8F8 dark-color=#3A3A3C
            """) == [
            "2:24: rect can hardly be seen in the light theme: its color #f8f8f8 is 0.026 from the background #ffffff "
                + "under it in pixelmatch's YIQ distance (below 0.03 is reported); choose colours further apart",
        ])
    }

    /// #F7F7F7 on white is 0.0303: just above the cut-off, so not reported.
    @Test func theCutOffIsVerifysThreshold() {
        #expect(SpecVisibility.minimumDistance == 0.03)
        #expect(Self.warnings("""
            skeleton width=200
              rect height=20 color=#F7F7F7 dark-color=#3A3A3C
            """) == [])
    }

    @Test func paleDarkColourOnADarkFill() {
        #expect(Self.warnings("""
            skeleton width=200
              column padding=8 fill=#F2F2F7 dark-fill=#2C2C2E
                rect height=20 color=#C7C7CC dark-color=#2E2E30
            """) == [
            "3:45: rect can hardly be seen in the dark theme: its dark-color #2e2e30 is 0.007 from the dark-fill of the "
                + "column on line 2 #2c2c2e under it in pixelmatch's YIQ distance (below 0.03 is reported); "
                + "choose colours further apart",
        ])
    }

    /// Shapes in the base colour on one surface are one warning, at the first of them.
    @Test func paleBaseIsReportedOncePerSurface() {
        #expect(Self.warnings("""
            skeleton "Pale base" width=200
              appearance base=#FAFAFA
              column gap=8
                rect height=20
                circle 20
                text lines=2
              row padding=8 fill=#FFFFFF dark-fill=#3A3A3C
                rect height=20
            """) == [
            "4:5: rect and 2 more shapes can hardly be seen in the light theme: the base colour #fafafa is 0.018 from "
                + "the background #ffffff under them in pixelmatch's YIQ distance (below 0.03 is reported); "
                + "choose colours further apart",
            "8:5: rect can hardly be seen in the light theme: the base colour #fafafa is 0.018 from the fill of the row "
                + "on line 7 #ffffff under it in pixelmatch's YIQ distance (below 0.03 is reported); "
                + "choose colours further apart",
            "8:5: rect can hardly be seen in the dark theme: the dark-base colour #3a3a3c is 0.000 from the dark-fill "
                + "of the row on line 7 #3a3a3c under it in pixelmatch's YIQ distance (below 0.03 is reported); "
                + "choose colours further apart",
        ])
    }

    /// A fully transparent shape is never seen.
    @Test func clearShape() {
        #expect(Self.warnings("""
            skeleton width=200
              rect height=20 color=clear
            """) == [
            "2:24: rect can hardly be seen in the light theme: its color #00000000 is 0.000 from the background #ffffff "
                + "under it in pixelmatch's YIQ distance (below 0.03 is reported); choose colours further apart",
            "2:24: rect can hardly be seen in the dark theme: its color #00000000 is 0.000 from the dark background "
                + "#1c1c1e under it in pixelmatch's YIQ distance (below 0.03 is reported); choose colours further apart",
        ])
    }

    @Test func lightFillWithoutDarkFill() {
        #expect(Self.warnings("""
            skeleton "Card" width=360
              row padding=16 gap=12 radius=12 fill=#FFFFFF
                rect 56x56 radius=8
                text lines=2 grow=1
            """) == [
            "2:35: fill #ffffff has no dark-fill, so this row stays light in the dark theme (relative luminance 1.000, "
                + "on the dark background #1c1c1e); give it a dark-fill=, or dark-fill=#ffffff to keep it light on purpose",
        ])
    }

    @Test func lightColourWithoutDarkColour() {
        #expect(Self.warnings("""
            skeleton width=200
              appearance background=#F2F2F7 dark-background=#000000
              rect height=16 color=gray5
            """) == [
            "3:18: color #e5e5ea has no dark-color, so this rect stays light in the dark theme (relative luminance 0.786, "
                + "on the dark background #000000); give it a dark-color=, or dark-color=#e5e5ea to keep it light on purpose",
        ])
    }

    /// Only the outermost light card is reported: the one inside it sits on a light surface.
    @Test func nestedLightCards() {
        #expect(Self.warnings("""
            skeleton width=200
              column padding=8 fill=#F2F2F7
                row padding=8 fill=#FFFFFF
                  rect height=10
            """) == [
            "2:20: fill #f2f2f7 has no dark-fill, so this column stays light in the dark theme (relative luminance 0.890, "
                + "on the dark background #1c1c1e); give it a dark-fill=, or dark-fill=#f2f2f7 to keep it light on purpose",
        ])
    }

    /// Specs whose every shape shows, and whose light colours are meant: no warning.
    @Test(arguments: [
        // The defaults.
        """
        skeleton
          row padding=16 gap=12
            circle 44
            text lines=2 grow=1
        """,
        // DESIGN's article row, with its card's dark colour.
        """
        skeleton "Article row" width=360
          appearance base=#E5E5EA highlight=#FFFFFF background=#F2F2F7
          animation shimmer duration=1.3s direction=left-to-right
          row padding=16 gap=12 radius=12 fill=#FFFFFF dark-fill=#1C1C1E
            rect 56x56 radius=8
            column gap=8 grow=1
              text lines=2 line-height=14 spacing=8 last=70%
              rect width=130 height=12 radius=4
        """,
        // Light on purpose, said with the dark attribute.
        """
        skeleton width=200
          row padding=8 fill=#FFFFFF dark-fill=#FFFFFF
            rect height=10 color=#E5E5EA dark-color=#E5E5EA
        """,
        // Light in both themes: the dark background is light too.
        """
        skeleton width=200
          appearance dark-background=#FFFFFF dark-base=#DEDEE3
          row padding=8 fill=#F2F2F7
            rect height=10 color=#C7C7CC
        """,
        // Vivid accents stay light in a dark theme; a faint white lift is dark.
        """
        skeleton width=200
          row padding=8 gap=8 fill=#FFFFFF1A
            circle 24 color=yellow
            circle 24 color=#FFCC00
            spacer
        """,
        // An always-dark component.
        """
        skeleton width=300
          appearance base=#3A3A3C highlight=#FFFFFF1A background=#1C1C1E dark-base=#3A3A3C dark-background=#1C1C1E
          row padding=16 gap=12
            circle 44
        """,
    ])
    func silentForVisibleSpecs(text: String) {
        #expect(Self.warnings(text) == [])
    }

    /// A spec in a Markdown file: file lines and an indented fence's columns.
    @Test func positionsInTheFile() {
        #expect(Self.warnings("""
            skeleton width=200
              rect height=20 color=#FFFFFF dark-color=#3A3A3C
            """, firstLine: 10, columnOffset: 3).map { String($0.prefix(6)) } == ["11:27:"])
    }

    /// Warnings join the parser's own diagnostics in source order and under its cap.
    @Test func cappedLikeEveryDiagnostic() {
        let rects = String(repeating: "  rect height=2 color=#FEFEFE dark-color=#3A3A3C\n", count: 105)
        let text = "skeleton width=200\n" + rects
        let checked = SpecVisibility.adding(to: SpecParser.parse(text), source: Array(text.utf8))
        #expect(checked.diagnostics.count == 101)
        #expect(checked.diagnostics.last?.message
            == "too many warnings; stopped reporting after the first 100 (5 more not shown)")
        #expect(checked.diagnostics.last?.position == SourcePosition(line: 102, column: 23))
    }

    /// A spec that did not parse gets no visibility warnings.
    @Test func failedParseIsLeftAlone() {
        let text = "skeleton width=200\n  rect height=2 color=#FFF colr=1\n"
        let parsed = SpecParser.parse(text)
        #expect(SpecVisibility.adding(to: parsed, source: Array(text.utf8)) == parsed)
    }
}
