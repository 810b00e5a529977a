import Testing
@testable import SkeletonCore

/// `LayoutEngine.checkBounds`: content taller than the limit is an error at the
/// `skeleton` keyword, with the exact laid-out size.
@Suite struct LayoutBoundsTests {
    func check(_ text: String) throws -> Diagnostic? {
        let spec = try #require(SpecParser.parse(text).spec)
        return LayoutEngine.checkBounds(LayoutEngine.layout(spec), spec: spec)
    }

    @Test func repeatedTallRectsAreReportedAtTheSkeletonKeyword() throws {
        let text = """
            skeleton "Endless" width=200
              repeat 500
                rect height=4096
            """
        let diagnostic = try #require(try check(text))
        #expect(diagnostic == Diagnostic(.error, "component is 2048000 points tall; the limit is 4096 (Limits.maxDimension)",
                                         at: SourcePosition(line: 1, column: 1)))
    }

    @Test func fractionalOverflowIsRoundedUpLikeThePainterWould() throws {
        // 4000 + 0.5 + 96 = 4096.5: 4097 whole points.
        let text = """
            skeleton width=200
              column gap=0.5
                rect height=4000
                rect height=96
            """
        #expect(try check(text)?.message == "component is 4097 points tall; the limit is 4096 (Limits.maxDimension)")
    }

    @Test func exactlyTheLimitIsAccepted() throws {
        let text = """
            skeleton width=4096
              rect height=4000
              rect height=96
            """
        #expect(try check(text) == nil)
    }

    @Test func oneOverTheLimitIsRejected() throws {
        let text = """
            skeleton width=300
              rect height=4096
              rect height=1
            """
        #expect(try check(text)?.message == "component is 4097 points tall; the limit is 4096 (Limits.maxDimension)")
    }

    @Test func widthPastTheLimitIsReportedWhenHeightIsFine() {
        // The parser cannot produce this; a hand-built layout can.
        let spec = Fixture.spec(width: 100, [])
        let layout = SpecLayout(width: 5000.25, height: 10, items: [])
        #expect(LayoutEngine.checkBounds(layout, spec: spec)
                == Diagnostic(.error, "component is 5001 points wide; the limit is 4096 (Limits.maxDimension)",
                              at: Fixture.origin))
    }
}
