// libFuzzer entry for the front matter parser (Sources/SkelSite/Markdown/FrontMatter.swift).
// scripts/fuzz.sh compiles that one file with SkeletonCore (listed in Fuzz/FrontMatter/sources;
// it needs nothing else of SkelSite), so the fuzzer links no Foundation-heavy code.
// Besides "no crash, no hang", it checks the parser's promises on every input.

@_cdecl("LLVMFuzzerTestOneInput")
public func frontMatterFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let document = String(decoding: bytes, as: UTF8.self)
    let result = FrontMatterParser.parse(document)
    // Lines as the build counts them: "\n", "\r\n" and a lone "\r" each end one.
    let documentLines = SourceLines.ranges(document).count

    // A doc that does not open with a delimiter is all body, untouched.
    if !document.hasPrefix("---") {
        precondition(result.body == document, "body changed without front matter")
        precondition(result.diagnostics.isEmpty, "diagnostics without front matter")
    }
    // The body keeps every line, so Markdown reports the file's own line numbers.
    precondition(SourceLines.ranges(result.body).count == documentLines, "body lost or gained lines")
    for d in result.diagnostics {
        precondition(d.position.line >= 1 && d.position.line <= documentLines, "diagnostic line outside the file")
        precondition(d.position.column >= 1, "column before the line")
        precondition(!d.message.isEmpty)
        _ = DiagnosticFormatter.render(d, path: "fuzz.md", sourceLine: DiagnosticFormatter.line(d.position.line, in: bytes))
    }
    // Capping keeps at most the limit of each severity plus one summary each.
    let capped = DiagnosticCap.apply(result.diagnostics)
    precondition(capped.count <= 2 * (Limits.maxDiagnostics + 1), "cap not applied")
    precondition(capped.count == result.diagnostics.count || result.diagnostics.count > Limits.maxDiagnostics)
    return 0
}
