// libFuzzer entry for the spec parser. Built by scripts/fuzz.sh with
//   swiftc -sanitize=fuzzer -parse-as-library <SkeletonCore sources> Fuzz/SpecParser/fuzz.swift
// Besides "no crash, no hang", it checks the parser's promises on every input.

@_cdecl("LLVMFuzzerTestOneInput")
public func specParserFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let result = SpecParser.parse(bytes, firstLine: 3, columnOffset: 2)
    let hasError = result.diagnostics.contains { $0.severity == .error }
    // Spec is present exactly when nothing is an error.
    precondition(hasError == (result.spec == nil), "spec/diagnostics disagree")
    // At most the cap of errors and of warnings, plus one summary each.
    precondition(result.diagnostics.count <= 2 * (Limits.maxDiagnostics + 1), "diagnostics not capped")
    var previous = SourcePosition(line: 0, column: 0)
    for d in result.diagnostics {
        precondition(d.position.line >= 3 && d.position.column >= 3, "position before the spec's origin")
        precondition(d.position.line > previous.line
                     || (d.position.line == previous.line && d.position.column >= previous.column),
                     "diagnostics out of source order")
        precondition(!d.message.isEmpty)
        previous = d.position
        // Rendering must cope with any line and column.
        _ = DiagnosticFormatter.render(d, path: "fuzz.skel", sourceLine: DiagnosticFormatter.line(d.position.line - 2, in: bytes))
    }
    if let spec = result.spec {
        precondition(spec.width > 0 && spec.width <= Limits.maxDimension)
        var count = 0
        func walk(_ n: Node, _ depth: Int, _ multiplier: Int) {
            precondition(depth <= Limits.maxDepth, "too deep")
            count += multiplier
            precondition(n.kind.isContainer || n.children.isEmpty, "children on a shape")
            var m = multiplier
            if case .repeat(let c) = n.kind {
                precondition(c >= 1 && c <= Limits.maxRepeat)
                m *= c
            }
            for child in n.children { walk(child, depth + 1, m) }
        }
        for child in spec.children { walk(child, 1, 1) }
        precondition(count <= Limits.maxNodes, "node limit not enforced")
    }
    return 0
}
