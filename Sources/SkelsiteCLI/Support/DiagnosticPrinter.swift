import Foundation
import SkelSite

/// Prints a command's diagnostics in the chosen `--format`:
/// - text: compiler-style lines with source and caret, on stderr;
/// - json: one document on stdout (`{"ok":…,"diagnostics":[…],…}`), nothing else there;
/// - github: one `::error file=…,line=…,col=…::` annotation per diagnostic on stdout,
///   and the text form on stderr for the log.
enum DiagnosticPrinter {
    static func emit(_ diagnostics: [FileDiagnostic], format: OutputFormat, extra: [(String, String)] = []) {
        switch format {
        case .text:
            stderr(diagnostics.map { $0.text + "\n" }.joined())
        case .json:
            stdout(JSONText.diagnosticsDocument(diagnostics, extra: extra) + "\n")
        case .github:
            stdout(diagnostics.map { $0.githubAnnotation + "\n" }.joined())
            stderr(diagnostics.map { $0.text + "\n" }.joined())
        }
    }

    static func stdout(_ text: String) {
        guard !text.isEmpty else { return }
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func stderr(_ text: String) {
        guard !text.isEmpty else { return }
        FileHandle.standardError.write(Data(text.utf8))
    }
}
