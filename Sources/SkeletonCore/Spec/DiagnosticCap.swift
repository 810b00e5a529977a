/// Caps diagnostics as compilers do: at most `Limits.maxDiagnostics` errors and as
/// many warnings, each severity past its cap summed up in one closing diagnostic that
/// says how many were left out (site/reference/limits.md, "Diagnostics"). A hostile
/// file could otherwise yield 100,000 messages, each printed with its source line.
public enum DiagnosticCap {
    /// `diagnostics` in source order, capped; the summary of a severity sits at the
    /// first one it left out, so the result stays in source order.
    public static func apply(_ diagnostics: [Diagnostic], max: Int = Limits.maxDiagnostics) -> [Diagnostic] {
        var kept: [Diagnostic] = []
        var errors = 0, warnings = 0
        var firstDroppedError: SourcePosition?, firstDroppedWarning: SourcePosition?
        for diagnostic in diagnostics {
            let isError = diagnostic.severity == .error
            if isError { errors += 1 } else { warnings += 1 }
            if (isError ? errors : warnings) <= max {
                kept.append(diagnostic)
            } else if isError {
                if firstDroppedError == nil { firstDroppedError = diagnostic.position }
            } else if firstDroppedWarning == nil {
                firstDroppedWarning = diagnostic.position
            }
        }
        for (severity, position, total) in [(Severity.error, firstDroppedError, errors),
                                            (.warning, firstDroppedWarning, warnings)] {
            guard let position else { continue }
            let summary = Diagnostic(severity, summaryText(severity, max: max, left: total - max), at: position)
            // After everything at or before its position: source order is kept.
            let index = kept.firstIndex { Self.comesAfter($0.position, position) } ?? kept.count
            kept.insert(summary, at: index)
        }
        return kept
    }

    static func summaryText(_ severity: Severity, max: Int, left: Int) -> String {
        let what = severity == .error ? "errors" : "warnings"
        let advice = severity == .error ? ", fix these and check again" : ""
        return "too many \(what); stopped reporting after the first \(max) (\(left) more not shown)\(advice)"
    }

    private static func comesAfter(_ a: SourcePosition, _ b: SourcePosition) -> Bool {
        a.line != b.line ? a.line > b.line : a.column > b.column
    }
}
