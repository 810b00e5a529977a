/// A usage or I/O error a command words itself: `Skelsite.main` prints `lines` on
/// standard error as they are and exits 2 (site/reference/command-line.md: 2 is
/// "usage or I/O error"), whether it is thrown by `validate()` or by `run()`.
struct UsageError: Error, CustomStringConvertible {
    var lines: [String]

    init(_ lines: [String]) { self.lines = lines }

    /// `error: MESSAGE`, the form every command uses for its own usage errors.
    init(message: String) { self.lines = ["error: " + message] }

    var description: String { lines.joined(separator: "\n") }
}
