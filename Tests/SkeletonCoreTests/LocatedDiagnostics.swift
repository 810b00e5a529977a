import SkeletonCore

/// Diagnostics as `line:column: message` lines: what the exact-text tests compare.
func located(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { "\($0.position.line):\($0.position.column): \($0.message)" }
}

/// The located diagnostics of parsing `text` as one spec.
func located(_ text: String) -> [String] {
    located(SpecParser.parse(text).diagnostics)
}
