// libFuzzer entry for the escapers of generated code (site/reference/limits.md,
// "Generated code"): any text, as a title or a doc path, through SwiftSourceText,
// HTMLText and XMLText. Checks what each promises, not just "no crash":
// - a Swift string literal is one line, holds no unescaped quote, and reads back
//   (escapes undone) as exactly the text;
// - Swift comment text holds no line break or hidden character and cannot open or
//   close a block comment;
// - HTML and XML text hold no raw markup character, and XML only characters XML allows.

@_cdecl("LLVMFuzzerTestOneInput")
public func generatedSwiftFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)

    let literal = SwiftSourceText.stringLiteral(text)
    precondition(readBack(literal) == text, "string literal does not read back as the text")
    for scalar in literal.unicodeScalars {
        precondition(!SwiftSourceText.isHidden(scalar), "hidden character left in a string literal")
    }

    let comment = SwiftSourceText.comment(text)
    for scalar in comment.unicodeScalars {
        precondition(!SwiftSourceText.isHidden(scalar), "line break or hidden character left in a comment")
    }
    let bytes = Array(comment.utf8)
    for index in bytes.indices.dropFirst() {
        let pair = (bytes[index - 1], bytes[index])
        precondition(pair != (0x2A, 0x2F) && pair != (0x2F, 0x2A), "comment text opens or closes a block comment")
    }

    for html in [HTMLText.escape(text), HTMLText.comment(text)] {
        checkMarkup(html, xml: false)
    }
    precondition(!contains(HTMLText.comment(text), "--"), "HTML comment text holds --")
    checkMarkup(XMLText.escape(text), xml: true)
    return 0
}

/// The text a Swift string literal stands for, or nil when it is not one well-formed
/// single-line literal of the escapes SwiftSourceText writes.
func readBack(_ literal: String) -> String? {
    var scalars = Array(literal.unicodeScalars)
    guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" else { return nil }
    scalars = Array(scalars[1..<(scalars.count - 1)])
    var out = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
        let scalar = scalars[index]
        if scalar == "\"" || scalar == "\n" || scalar == "\r" { return nil }
        guard scalar == "\\" else {
            out.append(scalar)
            index += 1
            continue
        }
        guard index + 1 < scalars.count else { return nil }
        switch scalars[index + 1] {
        case "\"": out.append("\""); index += 2
        case "\\": out.append("\\"); index += 2
        case "n": out.append("\n"); index += 2
        case "t": out.append("\t"); index += 2
        case "r": out.append("\r"); index += 2
        case "u":
            guard index + 2 < scalars.count, scalars[index + 2] == "{" else { return nil }
            var value: UInt32 = 0
            var at = index + 3
            var digits = 0
            while at < scalars.count, scalars[at] != "}" {
                guard let digit = hexValue(scalars[at]), digits < 8 else { return nil }
                value = value << 4 | digit
                digits += 1
                at += 1
            }
            guard at < scalars.count, digits > 0, let decoded = Unicode.Scalar(value) else { return nil }
            out.append(decoded)
            index = at + 1
        default:
            return nil
        }
    }
    return String(out)
}

func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
    switch scalar {
    case "0"..."9": return scalar.value - 0x30
    case "A"..."F": return scalar.value - 0x41 + 10
    case "a"..."f": return scalar.value - 0x61 + 10
    default: return nil
    }
}

func contains(_ text: String, _ needle: String) -> Bool {
    let bytes = Array(text.utf8), pattern = Array(needle.utf8)
    guard bytes.count >= pattern.count else { return false }
    for start in 0...(bytes.count - pattern.count) where Array(bytes[start..<(start + pattern.count)]) == pattern {
        return true
    }
    return false
}

/// No `<`, `>`, `"` or `'` at all; every `&` starts one of the escapers' entities; in XML
/// no character XML 1.0 cannot hold.
func checkMarkup(_ text: String, xml: Bool) {
    let bytes = Array(text.utf8)
    let entities = ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;", "&apos;", "&#10;", "&#13;", "&#9;"]
    for (index, byte) in bytes.enumerated() {
        precondition(byte != 0x3C && byte != 0x3E && byte != 0x22 && byte != 0x27, "raw markup character")
        if byte == 0x26 {
            precondition(entities.contains { entity in
                let e = Array(entity.utf8)
                return index + e.count <= bytes.count && Array(bytes[index..<(index + e.count)]) == e
            }, "& that starts no entity")
        }
    }
    if xml {
        for scalar in text.unicodeScalars {
            precondition(scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF,
                         "character XML cannot hold")
        }
    }
}
