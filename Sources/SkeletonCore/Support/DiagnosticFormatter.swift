// Compiler-style rendering of diagnostics:
//
//     docs/a.md:12:7: error: unknown attribute 'radus' on rect; did you mean 'radius'?
//       rect radus=8
//            ^
//
// Plain String concatenation only (Embedded-clean).
public enum DiagnosticFormatter {
    /// `path:LINE:COL: SEVERITY: MESSAGE`, then, when `sourceLine` is given, the line
    /// (control characters other than tab shown as "?") and a caret under the column. The caret's prefix copies tabs from the line and
    /// uses one space per other character (UTF-8 continuation bytes take no space),
    /// so it lines up in a terminal. No trailing newline.
    public static func render(_ d: Diagnostic, path: String, sourceLine: String?) -> String {
        var out = "\(path):\(d.position.line):\(d.position.column): \(d.severity.label): \(d.message)"
        guard let line = sourceLine else { return out }
        var bytes = Array(line.utf8)
        var column = d.position.column
        var lead = ""
        var tail = ""
        if bytes.count > maxLineBytes {
            // Show a window around the column so one diagnostic on a huge line stays small.
            var start = max(0, min(column - 1, bytes.count) - maxLineBytes / 2)
            while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
            var end = min(bytes.count, start + maxLineBytes)
            while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
            if start > 0 { lead = "..." }
            if end < bytes.count { tail = "..." }
            column = column - start + lead.utf8.count
            bytes = Array(bytes[start..<end])
        }
        // Control characters (a NUL, an escape) would garble or drive the terminal:
        // each shows as "?", one byte for one byte, so the caret still lines up.
        for index in bytes.indices where (bytes[index] < 0x20 && bytes[index] != 0x09) || bytes[index] == 0x7F {
            bytes[index] = UInt8(ascii: "?")
        }
        let shown = lead + String(decoding: bytes, as: UTF8.self) + tail
        out += "\n"
        out += shown
        out += "\n"
        out += caretPrefix(Array(shown.utf8), column: column)
        out += "^"
        return out
    }

    /// Longest source line shown in full, in bytes; longer ones are cut to this many
    /// bytes around the column, with "..." on each cut side.
    public static let maxLineBytes = 160

    /// Renders with the source line looked up in the whole file's bytes.
    public static func render(_ d: Diagnostic, path: String, file: [UInt8]) -> String {
        render(d, path: path, sourceLine: line(d.position.line, in: file))
    }

    /// Every diagnostic, one block each, separated by newlines, with a final newline
    /// (what a command prints to standard error).
    public static func render(_ ds: [Diagnostic], path: String, file: [UInt8]) -> String {
        var out = ""
        for d in ds {
            out += render(d, path: path, file: file)
            out += "\n"
        }
        return out
    }

    static func caretPrefix(_ line: [UInt8], column: Int) -> String {
        var prefix = ""
        var i = 0
        while i < column - 1 {
            if i < line.count {
                let c = line[i]
                if c == 0x09 {
                    prefix += "\t"
                } else if c & 0xC0 != 0x80 {
                    prefix += " "
                }
            } else {
                prefix += " "
            }
            i += 1
        }
        return prefix
    }

    /// Line `number` (1-based) of `source`, without its line break (LF or CRLF);
    /// nil when the text has fewer lines.
    public static func line(_ number: Int, in source: [UInt8]) -> String? {
        guard number >= 1 else { return nil }
        var current = 1
        var start = 0
        while current < number {
            guard let lf = source[start...].firstIndex(of: 0x0A) else { return nil }
            start = lf + 1
            current += 1
        }
        if start > source.count { return nil }
        var end = source[start...].firstIndex(of: 0x0A) ?? source.count
        if end > start && source[end - 1] == 0x0D { end -= 1 }
        return String(decoding: source[start..<end], as: UTF8.self)
    }

    public static func line(_ number: Int, in source: String) -> String? {
        line(number, in: Array(source.utf8))
    }
}
