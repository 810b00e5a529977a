import SkelSite

/// The Markdown `skelsite diff` appends to `$GITHUB_STEP_SUMMARY` when GitHub Actions
/// sets it (site/guides/visual-regression.md, "The CI job"): the summary line, every
/// image that is not unchanged with what differs and by which measure, and where the
/// report is. GitHub caps a step summary at 1 MiB, so the table stops at `rowLimit`.
public enum DiffStepSummary {
    public static let rowLimit = 100

    /// `report`: the report folder as the user named it (`--output`), or nil.
    public static func markdown(_ result: DirectoryDiffResult, tolerance: DiffTolerance, report: String?) -> String {
        let summary = result.summary
        var out = "### skelsite diff\n\n"
        out += (summary.passed ? "" : "**") + cell(DiffTerminalReport.summary(summary)) + (summary.passed ? "" : "**") + "\n\n"
        var rows: [String] = []
        for entry in result.entries {
            switch entry {
            case .image(let image) where image.status == .unchanged:
                continue
            case .image(let image):
                let verdict = image.status.rawValue + (image.failed ? ", failed" : "")
                rows.append("| \(code(image.path)) | \(verdict) | \(cell(mismatch(image, tolerance: tolerance))) "
                            + "| \(cell(image.measure ?? "")) |")
            case .broken(let broken):
                rows.append("| \(code(broken.path)) | error | \(cell(broken.errors.map(\.text).joined(separator: "; "))) | |")
            }
        }
        if !rows.isEmpty {
            out += "| Image | Status | Mismatch | Measure |\n| --- | --- | --- | --- |\n"
            out += rows.prefix(rowLimit).map { $0 + "\n" }.joined()
            if rows.count > rowLimit {
                out += "\n\(rows.count - rowLimit) more not listed" + (report == nil ? "." : "; the report has them all.") + "\n"
            }
            out += "\n"
        }
        if let report {
            out += "Report: \(code(report + "/index.html")) (pictures side by side; upload the folder as an artifact to see it).\n\n"
        }
        return out
    }

    /// When the comparison could not run at all (a folder missing): its errors.
    public static func markdown(errors: [DiffError]) -> String {
        "### skelsite diff\n\n**The comparison could not run.**\n\n"
            + errors.map { "- " + cell($0.text) + "\n" }.joined() + "\n"
    }

    /// What differs, as the terminal line says it without the tolerance.
    static func mismatch(_ image: ImageComparison, tolerance: DiffTolerance) -> String {
        guard image.status == .changed, let count = image.mismatchedPixels else {
            return DiffTerminalReport.detail(image, tolerance: tolerance)
        }
        var text = "\(count) of \(image.totalPixels) pixels (\(DiffTerminalReport.percent(image.ratio ?? 0)))"
        if let beside = image.besideMeasure, let other = image.besidePixels { text += "; \(beside): \(other)" }
        return text
    }

    static func code(_ text: String) -> String { "<code>" + cell(text) + "</code>" }

    /// Text for a table cell that stays literal: HTML's special characters as entities,
    /// the punctuation Markdown acts on inside a line backslash-escaped (no emphasis,
    /// code, link, maths, mention or `|` cell break), line breaks as spaces.
    static func cell(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n", "\r", "\t": out += " "
            case "\\", "`", "*", "_", "[", "]", "|", "~", "$", "@", "!": out += "\\" + String(scalar)
            default:
                out.unicodeScalars.append(scalar.value < 0x20 ? "\u{FFFD}" : scalar)
            }
        }
        return out
    }
}
