import SkeletonCore
import Testing

/// Diagnostics as `line:column: message` lines: what the exact-text tests compare.
func located(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { "\($0.position.line):\($0.position.column): \($0.message)" }
}

/// The located diagnostics of parsing `text` as one spec.
func located(_ text: String) -> [String] {
    located(SpecParser.parse(text).diagnostics)
}

/// `text` parsed as one spec that must have no diagnostics at all.
func cleanSpec(_ text: String) throws -> Spec {
    let parsed = SpecParser.parse(text)
    #expect(parsed.diagnostics == [])
    return try #require(parsed.spec)
}

/// The animation of a spec whose one line under `skeleton` is `line`, which must parse
/// without diagnostics.
func animation(ofLine line: String) throws -> Animation {
    let result = SpecParser.parse("skeleton\n  " + line)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    return try #require(result.spec).animation
}

/// The located diagnostics of a spec whose one line under `skeleton` is `line`.
func located(line: String) -> [String] {
    located(SpecParser.parse("skeleton\n  " + line).diagnostics)
}
