// libFuzzer entry for the theme template compiler (Sources/SkelSite/Pages/TemplateProgram.swift).
// scripts/fuzz.sh compiles that one file with SkeletonCore (Fuzz/TemplateProgram/sources).
// Besides "no crash, no hang": compiling is deterministic, and a template without a tag
// compiles to its own text, cut at line breaks, less the blanks ending its last line
// (swift-mustache drops those; TemplateProgramTests checks the renderers agree).

@_cdecl("LLVMFuzzerTestOneInput")
public func templateProgramFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let program = TemplateProgram.compile(text)
    precondition((TemplateProgram.compile(text) == nil) == (program == nil), "compiling is not deterministic")
    guard let program else { return 0 }
    var joined = ""
    var tags = 0
    func walk(_ nodes: [TemplateProgram.Node]) {
        for node in nodes {
            switch node {
            case .text(let piece):
                precondition(!piece.isEmpty, "an empty text node")
                joined += piece
            case .section(let path, _, let body):
                precondition(!path.isEmpty && !path.contains(""), "a section without a name")
                tags += 1
                walk(body)
            case .variable(let path, _):
                precondition(!path.isEmpty && !path.contains(""), "a variable without a name")
                tags += 1
            case .partial, .escaping:
                tags += 1
            }
        }
    }
    walk(program.nodes)
    if !text.utf8.contains(UInt8(ascii: "{")) {
        precondition(tags == 0, "a tag in text without braces")
        var expected = Substring(text)
        if let lastBreak = expected.lastIndex(of: "\n") {
            let tail = expected[expected.index(after: lastBreak)...]
            if tail.allSatisfy({ $0 == " " || $0 == "\t" }) { expected = expected[...lastBreak] }
        } else if expected.allSatisfy({ $0 == " " || $0 == "\t" }) {
            expected = ""
        }
        precondition(joined == expected, "text changed")
    }
    return 0
}
