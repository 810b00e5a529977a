import Testing
@testable import SkeletonCore

/// Limits.swift bounds: each at its edge (accepted) and one past it (exact error).
@Suite struct ParserBoundsTests {
    static func messages(_ text: String) -> [String] {
        SpecParser.parse(text).diagnostics.map { "\($0.position.line):\($0.position.column): \($0.message)" }
    }

    /// `depth` nested rows below the root, two spaces per level.
    static func nested(_ depth: Int) -> String {
        var s = "skeleton\n"
        for level in 1...depth { s += String(repeating: "  ", count: level) + "row\n" }
        return s
    }

    @Test func nestingUpToTheLimitIsAccepted() {
        let r = SpecParser.parse(Self.nested(Limits.maxDepth))
        #expect(r.diagnostics == [])
        var depth = 0
        var node = r.spec?.children.first
        while let n = node {
            depth += 1
            node = n.children.first
        }
        #expect(depth == 32)
    }

    @Test func nestingPastTheLimitIsReportedOnceAtTheFirstTooDeepLine() {
        #expect(Self.messages(Self.nested(Limits.maxDepth + 3)) == [
            "34:67: nesting too deep: 'row' is 33 levels below 'skeleton'; the limit is 32",
        ])
    }

    @Test func nodeCountAtTheLimitIsAccepted() {
        // 1 + 500 × 19 = 9501, plus 1 + 498 = 499: exactly 10,000.
        let text = "skeleton\n  repeat 500\n" + String(repeating: "    rect\n", count: 19) + "  repeat 498\n    rect\n"
        let r = SpecParser.parse(text)
        #expect(r.diagnostics == [])
        #expect(r.spec?.children.count == 2)
    }

    @Test func nodeCountOverTheLimitBlamesTheRootWhenNoSingleNodeIsOver() {
        let text = "skeleton\n  repeat 500\n" + String(repeating: "    rect\n", count: 19) + "  repeat 498\n    rect\n  spacer\n"
        #expect(Self.messages(text) == [
            "1:1: too many nodes: the spec expands to 10001 nodes; a spec may have at most 10000",
        ])
    }

    @Test func nodeCountOverTheLimitBlamesTheOutermostRepeatOverIt() {
        #expect(Self.messages("skeleton\n  rect\n  row\n    repeat 200\n      repeat 100\n        rect\n") == [
            "4:5: too many nodes: this 'repeat' expands to 20201 nodes; a spec may have at most 10000",
        ])
    }

    @Test func nestedRepeatsSaturateInsteadOfOverflowing() {
        var text = "skeleton\n"
        for level in 1...Limits.maxDepth { text += String(repeating: "  ", count: level) + "repeat 500\n" }
        text += String(repeating: "  ", count: Limits.maxDepth + 1) + "rect\n"
        #expect(Self.messages(text) == [
            "2:3: too many nodes: this 'repeat' expands to more than 10000 nodes; a spec may have at most 10000",
            "34:67: nesting too deep: 'rect' is 33 levels below 'skeleton'; the limit is 32",
        ])
    }

    @Test func specTextAtTheLimitIsAcceptedAndOneByteMoreIsNot() {
        let head = Array("skeleton\n#".utf8)
        let exact = head + [UInt8](repeating: 0x61, count: Limits.maxSpecBytes - head.count)
        #expect(exact.count == 1_048_576)
        let ok = SpecParser.parse(exact)
        #expect(ok.diagnostics == [])
        #expect(ok.spec != nil)
        let over = SpecParser.parse(exact + [0x61], firstLine: 7, columnOffset: 2)
        #expect(over.spec == nil)
        #expect(over.diagnostics == [Diagnostic(.error, "spec is too large: 1048577 bytes; the limit is 1048576 bytes (1 MiB)",
                                                at: SourcePosition(line: 7, column: 3))])
    }

    static let edges: [(String, [String])] = [
        ("skeleton width=4096 height=4096\n  rect 4096x4096\n  rect width=100% height=100%", []),
        ("skeleton height=4096.5", ["1:17: height 4096.5 is larger than the limit of 4096 points"]),
        ("skeleton\n  row gap=4097", ["2:11: gap 4097 is larger than the limit of 4096 points"]),
        ("skeleton\n  row padding=\"1 4097\"", ["2:18: padding 4097 is larger than the limit of 4096 points"]),
        ("skeleton\n  rect radius=4097", ["2:15: radius 4097 is larger than the limit of 4096 points"]),
        ("skeleton\n  circle 4097", ["2:10: diameter 4097 is larger than the limit of 4096 points"]),
        ("skeleton\n  rect 10x4097", ["2:11: height 4097 is larger than the limit of 4096 points"]),
        ("skeleton\n  repeat 500\n    rect", []),
        ("skeleton\n  text lines=500", []),
        ("skeleton\n  rect grow=100000", []),
    ]

    @Test(arguments: edges)
    func sizeEdges(_ text: String, _ expected: [String]) {
        #expect(Self.messages(text) == expected)
    }
}

@Suite struct ParserDiagnosticCapTests {
    @Test func atMostAHundredDiagnosticsThenOneNote() {
        let text = "skeleton\n" + String(repeating: "  rect radus=1\n", count: 150)
        let ds = SpecParser.parse(text).diagnostics
        #expect(ds.count == 101)
        #expect(ds[99] == Diagnostic(.error, "unknown attribute 'radus' on rect; did you mean 'radius'?",
                                     at: SourcePosition(line: 101, column: 8)))
        #expect(ds[100] == Diagnostic(.error, "too many errors; stopped reporting after the first 100 (50 more not shown), fix these and check again",
                                      at: SourcePosition(line: 102, column: 8)))
    }

    @Test func exactlyAHundredAreAllReported() {
        let text = "skeleton\n" + String(repeating: "  rect radus=1\n", count: 100)
        #expect(SpecParser.parse(text).diagnostics.count == 100)
    }
}
