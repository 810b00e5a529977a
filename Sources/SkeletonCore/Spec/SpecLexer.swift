// Splits spec text into lines and each line into tokens. Works on UTF-8 bytes only.

/// One word of a line: a positional value (`rect`, `56x56`, `"A title"`) or an
/// attribute (`radius=8`, `padding="8 16"`).
struct SpecToken {
    /// The attribute name, nil for a positional value.
    var key: [UInt8]?
    /// File column of the token's first byte (the key for attributes).
    var column: Int
    /// The value with quotes removed and escapes resolved.
    var value: [UInt8]
    /// File column of the value's first byte (its opening quote when quoted).
    var valueColumn: Int
    var quoted: Bool

    var keyText: String { String(decoding: key ?? [], as: UTF8.self) }
    var valueText: String { String(decoding: value, as: UTF8.self) }
}

/// One non-blank, non-comment line.
struct SpecLine {
    /// File line number.
    var line: Int
    /// Leading spaces, counted in the spec text (tabs already reported and expanded).
    var indent: Int
    /// File column of the first token.
    var column: Int
    var tokens: [SpecToken]
}

enum SpecLexer {
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let hash: UInt8 = 0x23
    static let quote: UInt8 = 0x22
    static let backslash: UInt8 = 0x5C
    static let equals: UInt8 = 0x3D
    static let cr: UInt8 = 0x0D
    static let lf: UInt8 = 0x0A
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Lexes every line. Lexical problems (tabs in indentation, unterminated strings,
    /// bad escapes) become diagnostics; the line is still returned as far as it lexed,
    /// so the parser can keep going. Blank and comment-only lines are dropped.
    static func lines(_ source: [UInt8], firstLine: Int, columnOffset: Int,
                      diagnostics: inout [Diagnostic]) -> [SpecLine] {
        var result: [SpecLine] = []
        var start = 0
        var lineIndex = 0
        let count = source.count
        while start <= count {
            var end = start
            while end < count && source[end] != lf { end += 1 }
            var contentEnd = end
            // CRLF: drop the carriage return that ends the line.
            if contentEnd > start && source[contentEnd - 1] == cr { contentEnd -= 1 }
            let fileLine = firstLine + lineIndex
            var lexed: SpecLine?
            if let control = firstControlCharacter(source, start, contentEnd) {
                diagnostics.append(Diagnostic(.error, "unexpected control character \(unicodeName(source[control]))",
                                              at: SourcePosition(line: fileLine, column: control - start + 1 + columnOffset)))
                // Lexed as if each control character were a space, so the rest of the
                // line is still checked (and 'rect<NUL>' is not reported as 'rect').
                var cleaned = Array(source[start..<contentEnd])
                for i in cleaned.indices where isControl(cleaned[i]) { cleaned[i] = space }
                lexed = lexLine(cleaned, 0, cleaned.count, fileLine: fileLine, columnOffset: columnOffset,
                                diagnostics: &diagnostics)
            } else {
                lexed = lexLine(source, start, contentEnd, fileLine: fileLine, columnOffset: columnOffset,
                                diagnostics: &diagnostics)
            }
            if let line = lexed { result.append(line) }
            lineIndex += 1
            if end >= count { break }
            start = end + 1
        }
        return result
    }

    /// Control characters other than tab (and the line ends, already split off) have no
    /// place in a spec: NUL, a lone carriage return, escape, DEL (site/reference/limits.md).
    @inline(__always)
    static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != tab) || byte == 0x7F
    }

    static func firstControlCharacter(_ s: [UInt8], _ start: Int, _ end: Int) -> Int? {
        var i = start
        while i < end {
            if isControl(s[i]) { return i }
            i += 1
        }
        return nil
    }

    /// `U+0000` style: four upper-case hex digits.
    static func unicodeName(_ byte: UInt8) -> String {
        let digits: [UInt8] = Array("0123456789ABCDEF".utf8)
        let hex = [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
        return "U+00" + String(decoding: hex, as: UTF8.self)
    }

    static func lexLine(_ s: [UInt8], _ start: Int, _ end: Int, fileLine: Int, columnOffset: Int,
                        diagnostics: inout [Diagnostic]) -> SpecLine? {
        func col(_ i: Int) -> Int { i - start + 1 + columnOffset }
        // Blank and comment-only lines are ignored whatever their whitespace.
        var first = start
        while first < end && (s[first] == space || s[first] == tab) { first += 1 }
        if first >= end || s[first] == hash { return nil }
        // Indentation: spaces only. A tab is reported once per line and counted as two
        // spaces so the rest of the line can still be checked.
        var i = start
        var indent = 0
        var tabReported = false
        while i < end && (s[i] == space || s[i] == tab) {
            if s[i] == tab {
                if !tabReported {
                    diagnostics.append(Diagnostic(.error,
                        "tab in indentation; indent with spaces only (the same number of spaces per level)",
                        at: SourcePosition(line: fileLine, column: col(i))))
                    tabReported = true
                }
                indent += 2
            } else {
                indent += 1
            }
            i += 1
        }
        var line = SpecLine(line: fileLine, indent: indent, column: col(i), tokens: [])
        while i < end {
            while i < end && (s[i] == space || s[i] == tab) { i += 1 }
            if i >= end || s[i] == hash { break }
            let tokenStart = i
            var token = SpecToken(key: nil, column: col(i), value: [], valueColumn: col(i), quoted: false)
            if s[i] == quote {
                i = lexQuoted(s, i, end, into: &token, fileLine: fileLine, col: col, diagnostics: &diagnostics)
            } else {
                var sawEquals = false
                while i < end && s[i] != space && s[i] != tab {
                    if s[i] == equals && !sawEquals {
                        sawEquals = true
                        token.key = Array(s[tokenStart..<i])
                        token.value = []
                        i += 1
                        token.valueColumn = col(i)
                        if i < end && s[i] == quote {
                            i = lexQuoted(s, i, end, into: &token, fileLine: fileLine, col: col,
                                          diagnostics: &diagnostics)
                            break
                        }
                        continue
                    }
                    token.value.append(s[i])
                    i += 1
                }
            }
            line.tokens.append(token)
        }
        return line
    }

    /// Lexes `"..."` starting at the opening quote; returns the index after the token.
    static func lexQuoted(_ s: [UInt8], _ open: Int, _ end: Int, into token: inout SpecToken,
                          fileLine: Int, col: (Int) -> Int, diagnostics: inout [Diagnostic]) -> Int {
        token.quoted = true
        token.valueColumn = col(open)
        var i = open + 1
        while i < end {
            let c = s[i]
            if c == quote {
                i += 1
                if i < end && s[i] != space && s[i] != tab && s[i] != hash {
                    diagnostics.append(Diagnostic(.error,
                        "unexpected '\(SpecText.show(s[i..<min(end, i + 1)]))' after a closing quote; separate values with a space",
                        at: SourcePosition(line: fileLine, column: col(i))))
                    // Skip the rest of the word so it is not read as another token.
                    while i < end && s[i] != space && s[i] != tab { i += 1 }
                }
                return i
            }
            if c == backslash {
                if i + 1 < end && (s[i + 1] == quote || s[i + 1] == backslash) {
                    token.value.append(s[i + 1])
                    i += 2
                    continue
                }
                diagnostics.append(Diagnostic(.error,
                    "invalid escape '\\\(i + 1 < end ? SpecText.show(s[(i + 1)..<(i + 2)]) : "")' in a quoted value; write \\\" for a quote and \\\\ for a backslash",
                    at: SourcePosition(line: fileLine, column: col(i))))
                token.value.append(c)
                i += 1
                continue
            }
            token.value.append(c)
            i += 1
        }
        diagnostics.append(Diagnostic(.error, "unterminated string; add a closing '\"'",
                                      at: SourcePosition(line: fileLine, column: col(open))))
        return end
    }
}

/// Turning bytes into message text.
enum SpecText {
    /// Longest excerpt of user text quoted in a message, in bytes, so a hostile
    /// 1 MiB word cannot make a 1 MiB message.
    static let maxShown = 40

    static func show(_ bytes: ArraySlice<UInt8>) -> String {
        if bytes.count <= maxShown { return String(decoding: bytes, as: UTF8.self) }
        var cut = bytes.startIndex + maxShown
        // Do not split a UTF-8 sequence: back up over continuation bytes.
        while cut > bytes.startIndex && bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
        return String(decoding: bytes[bytes.startIndex..<cut], as: UTF8.self) + "..."
    }

    static func show(_ bytes: [UInt8]) -> String { show(bytes[...]) }
}
