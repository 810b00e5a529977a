/// JSON read with the place of every value, for JSON files a user hands skelsite
/// (`build --verify-results FILE`): a value that is wrong is reported at its line and
/// column, not just named (site/reference/limits.md, "Files skelsite reads").
///
/// Strict RFC 8259: one value, UTF-8, no comments, no trailing commas, no `NaN` or
/// `Infinity`, no duplicate keys in an object. Nesting is bounded (`maxDepth`), so a
/// file of a million `[` cannot exhaust the stack. No Foundation: the fuzz target
/// (Fuzz/VerifyResults) compiles it alone (with the package's name, so what `verify
/// merge` in SkelsiteVerify uses of it can be `package`).
package struct LocatedJSON: Sendable {
    package indirect enum Value: Sendable {
        case object([Member])
        case array([LocatedJSON])
        case string(String)
        /// The number as Swift reads its text; infinite when the text is too large for a
        /// Double (`1e400`), which a reader refuses as out of range.
        case number(Double)
        case bool(Bool)
        case null
    }

    package struct Member: Sendable {
        package var key: String
        package var keyOffset: Int
        package var value: LocatedJSON
    }

    package var value: Value
    /// Byte offsets of the value's first byte and of the byte after it.
    package var start: Int
    package var end: Int

    /// The member named `key` of an object (keys are unique: the parser refuses repeats).
    package func member(_ key: String) -> LocatedJSON? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// Deeper than this many nested arrays and objects is an error.
    static let maxDepth = 64

    package struct SyntaxError: Error, Equatable, Sendable {
        package var message: String
        package var offset: Int
    }

    package static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> LocatedJSON {
        if let bad = firstInvalidUTF8(bytes) {
            throw SyntaxError(message: "the file is not valid UTF-8 (byte 0x" + hexByte(bytes[bad]) + ")", offset: bad)
        }
        var parser = Parser(bytes: bytes)
        // A byte order mark some editors write first is not part of the value.
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { parser.at = 3 }
        parser.skipSpace()
        guard parser.at < bytes.count else { throw SyntaxError(message: "the file holds no JSON value", offset: parser.at) }
        let root = try parser.value(depth: 0)
        parser.skipSpace()
        if parser.at < bytes.count {
            throw SyntaxError(message: "unexpected " + parser.shown(parser.at) + " after the JSON value", offset: parser.at)
        }
        return root
    }

    /// Line and column (1-based; columns count characters) of byte `offset`. `\n`,
    /// `\r\n` and a lone `\r` each end a line, as in every file skelsite reads.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        // Columns on the first line count from after a byte order mark.
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) {
                line += 1
                column = 1
            } else if byte != 0x0D && byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return (line, column)
    }

    /// The value's text for a message: a string or number as written (at most 40
    /// bytes, cut at a character), "an object", "an array", "true", "false", "null".
    package func shown(in bytes: [UInt8]) -> String {
        switch value {
        case .object: return "an object"
        case .array: return "an array"
        default:
            let limit = 40
            guard end - start > limit else { return String(decoding: bytes[start..<end], as: UTF8.self) }
            var cut = start + limit
            while cut > start && bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
            return String(decoding: bytes[start..<cut], as: UTF8.self) + "..."
        }
    }

    static func hexByte(_ byte: UInt8) -> String {
        let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]
        return String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
    }

    /// The offset of the first byte that does not start or continue a UTF-8 character.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var offset = 0
        var iterator = bytes.makeIterator()
        var decoder = Unicode.UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    private struct Parser {
        let bytes: [UInt8]
        var at = 0

        mutating func skipSpace() {
            while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0A || bytes[at] == 0x0D { at += 1 }
        }

        /// A byte for a message: `'x'`, or U+XXXX for a control, or "the end of the file".
        func shown(_ offset: Int) -> String {
            guard offset < bytes.count else { return "end of the file" }
            let byte = bytes[offset]
            if byte < 0x20 || byte == 0x7F { return "control character U+00" + LocatedJSON.hexByte(byte) }
            var end = offset + 1
            while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
            return "'" + String(decoding: bytes[offset..<end], as: UTF8.self) + "'"
        }

        func fail(_ message: String, _ offset: Int) -> SyntaxError { SyntaxError(message: message, offset: offset) }

        mutating func value(depth: Int) throws(SyntaxError) -> LocatedJSON {
            skipSpace()
            let start = at
            guard at < bytes.count else { throw fail("expected a value, found the end of the file", at) }
            switch bytes[at] {
            case UInt8(ascii: "{"):
                guard depth < LocatedJSON.maxDepth else {
                    throw fail("nested deeper than \(LocatedJSON.maxDepth) arrays and objects", at)
                }
                return try object(depth: depth)
            case UInt8(ascii: "["):
                guard depth < LocatedJSON.maxDepth else {
                    throw fail("nested deeper than \(LocatedJSON.maxDepth) arrays and objects", at)
                }
                at += 1
                var items: [LocatedJSON] = []
                skipSpace()
                if at < bytes.count && bytes[at] == UInt8(ascii: "]") {
                    at += 1
                    return LocatedJSON(value: .array(items), start: start, end: at)
                }
                while true {
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard at < bytes.count else { throw fail("unterminated array: expected ',' or ']'", start) }
                    if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                    if bytes[at] == UInt8(ascii: "]") { at += 1; break }
                    throw fail("expected ',' or ']' in an array, found " + shown(at), at)
                }
                return LocatedJSON(value: .array(items), start: start, end: at)
            case UInt8(ascii: "\""):
                let text = try string()
                return LocatedJSON(value: .string(text), start: start, end: at)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return try number()
            default:
                for (word, literal) in [("true", Value.bool(true)), ("false", .bool(false)), ("null", .null)]
                    where bytes[at...].starts(with: word.utf8) {
                    at += word.utf8.count
                    return LocatedJSON(value: literal, start: start, end: at)
                }
                throw fail("expected a value, found " + shown(at), at)
            }
        }

        mutating func object(depth: Int) throws(SyntaxError) -> LocatedJSON {
            let start = at
            at += 1
            var members: [Member] = []
            var keys: Set<String> = []
            skipSpace()
            if at < bytes.count && bytes[at] == UInt8(ascii: "}") {
                at += 1
                return LocatedJSON(value: .object(members), start: start, end: at)
            }
            while true {
                skipSpace()
                let keyOffset = at
                guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else {
                    throw fail("expected a key in double quotes, found " + shown(at), at)
                }
                let key = try string()
                guard keys.insert(key).inserted else {
                    // The key as written: its escapes stay escapes, so the message stays one line.
                    let written = LocatedJSON(value: .string(key), start: keyOffset, end: at).shown(in: bytes)
                    throw fail("the key " + written + " appears twice in one object", keyOffset)
                }
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else {
                    throw fail("expected ':' after a key, found " + shown(at), at)
                }
                at += 1
                members.append(Member(key: key, keyOffset: keyOffset, value: try value(depth: depth + 1)))
                skipSpace()
                guard at < bytes.count else { throw fail("unterminated object: expected ',' or '}'", start) }
                if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                if bytes[at] == UInt8(ascii: "}") { at += 1; break }
                throw fail("expected ',' or '}' in an object, found " + shown(at), at)
            }
            return LocatedJSON(value: .object(members), start: start, end: at)
        }

        /// A string starting at the opening quote; `at` ends after the closing one.
        mutating func string() throws(SyntaxError) -> String {
            let open = at
            at += 1
            var out: [UInt8] = []
            while true {
                guard at < bytes.count else { throw fail("unterminated string", open) }
                let byte = bytes[at]
                if byte == UInt8(ascii: "\"") { at += 1; break }
                if byte < 0x20 {
                    throw fail("control character U+00" + LocatedJSON.hexByte(byte) + " in a string; write it as \\u00"
                               + LocatedJSON.hexByte(byte), at)
                }
                if byte != UInt8(ascii: "\\") {
                    out.append(byte)
                    at += 1
                    continue
                }
                let escape = at
                guard at + 1 < bytes.count else { throw fail("unterminated string", open) }
                at += 2
                switch bytes[escape + 1] {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4(escape)
                    if (0xD800...0xDBFF).contains(code) {
                        // A high surrogate must be followed by an escaped low one.
                        guard at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else {
                            throw fail("unpaired surrogate in a \\u escape", escape)
                        }
                        let second = at
                        at += 2
                        let low = try hex4(second)
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate in a \\u escape", escape) }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) {
                        throw fail("unpaired surrogate in a \\u escape", escape)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw fail("invalid \\u escape", escape) }
                    out.append(contentsOf: String(Character(scalar)).utf8)
                default:
                    let next = bytes[escape + 1]
                    throw fail(next < 0x20 || next == 0x7F
                               ? "invalid escape: " + shown(escape + 1) + " after a backslash in a string"
                               : "invalid escape '\\" + String(shown(escape + 1).dropFirst().dropLast()) + "' in a string",
                               escape)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }

        /// The four hex digits after `\u` (the escape starts at `escape`); `at` moves past them.
        mutating func hex4(_ escape: Int) throws(SyntaxError) -> UInt32 {
            var code: UInt32 = 0
            for _ in 0..<4 {
                guard at < bytes.count else { throw fail("a \\u escape needs four hex digits", escape) }
                let byte = bytes[at]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw fail("a \\u escape needs four hex digits", escape)
                }
                code = code << 4 | UInt32(digit)
                at += 1
            }
            return code
        }

        /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
        mutating func number() throws(SyntaxError) -> LocatedJSON {
            let start = at
            func isDigit(_ index: Int) -> Bool {
                index < bytes.count && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")
            }
            if bytes[at] == UInt8(ascii: "-") { at += 1 }
            guard isDigit(at) else { throw fail("expected a digit in a number, found " + shown(at), at) }
            if bytes[at] == UInt8(ascii: "0") {
                at += 1
                if isDigit(at) { throw fail("a number may not start with 0 followed by a digit", start) }
            } else {
                while isDigit(at) { at += 1 }
            }
            if at < bytes.count && bytes[at] == UInt8(ascii: ".") {
                at += 1
                guard isDigit(at) else { throw fail("expected a digit after the decimal point, found " + shown(at), at) }
                while isDigit(at) { at += 1 }
            }
            if at < bytes.count && (bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E")) {
                at += 1
                if at < bytes.count && (bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-")) { at += 1 }
                guard isDigit(at) else { throw fail("expected a digit in the exponent, found " + shown(at), at) }
                while isDigit(at) { at += 1 }
            }
            // The grammar above is Swift's too; a value past Double's range reads as infinite.
            let text = String(decoding: bytes[start..<at], as: UTF8.self)
            let number = Double(text) ?? (bytes[start] == UInt8(ascii: "-") ? -.infinity : .infinity)
            return LocatedJSON(value: .number(number), start: start, end: at)
        }
    }
}
