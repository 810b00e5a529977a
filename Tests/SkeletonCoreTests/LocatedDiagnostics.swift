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
