import Testing
@testable import SkeletonCore

/// A `repeat` that is a row's only child stacks its copies as a column; check and build
/// say so at the repeat (site/reference/repeat.md, "Inside a row").
@Suite struct RepeatInRowWarningTests {
    @Test func aLoneRepeatInARowIsReportedAtItsKeyword() {
        #expect(SpecVisibilityTests.warnings("""
            skeleton width=320
              row gap=8 padding=8
                repeat 3 gap=8
                  rect 40x40 radius=6
            """) == [
            "3:5: repeat inside a row stacks its 3 copies in a column, not along the row (a repeat is a column "
                + "wherever it sits); to lay the copies side by side write repeat 3 columns=3",
        ])
    }

    @Test func aLoneRepeatFillSaysN() {
        #expect(SpecVisibilityTests.warnings("""
            skeleton width=320 height=200
              row grow=1
                repeat fill gap=8
                  rect height=20
            """) == [
            "3:5: repeat fill inside a row stacks its copies in a column, not along the row (a repeat is a column "
                + "wherever it sits); to lay the copies side by side write repeat N columns=N",
        ])
    }

    /// Side-by-side repeats beside other items are the documented columns; a grid repeat
    /// already lays its copies along; a repeat alone in a column is a list.
    @Test func documentedShapesAreNotReported() {
        #expect(SpecVisibilityTests.warnings("""
            skeleton width=320
              row gap=16 padding=16
                repeat 3 gap=10 grow=1
                  rect height=12 radius=4
                repeat 3 gap=10 grow=1
                  rect height=12 width=70% radius=4
              row
                repeat 3 columns=3 gap=8
                  rect height=40
              column
                repeat 3
                  rect height=10
            """) == [])
    }

    /// The warning comes from the checks, not the parser: render, export and the
    /// playground parse it as before.
    @Test func theParserAloneDoesNotWarn() {
        let parsed = SpecParser.parse("""
            skeleton width=320
              row
                repeat 3
                  rect 40x40
            """)
        #expect(parsed.diagnostics == [])
    }
}
