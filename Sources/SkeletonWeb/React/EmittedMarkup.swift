import SkeletonCore

/// A component's HTML (`ComponentEmitter`'s `html`) read back as a tree, so the React
/// writers render exactly the elements, attributes and whitespace the HTML export ships
/// (site/guides/react-and-web-components.md). It reads only what the emitter writes:
/// `div` and `span` elements with double-quoted attributes, text escaped by
/// `HTMLText.escape`, no comments, no void elements.
struct MarkupNode {
    struct Attribute {
        var name: String
        var value: String
    }

    /// The element's name; empty for a text node.
    var name: String
    var attributes: [Attribute]
    var children: [MarkupNode]
    /// A text node's text, its entities decoded.
    var text: String

    var isText: Bool { name.isEmpty }

    static func text(_ text: String) -> MarkupNode {
        MarkupNode(name: "", attributes: [], children: [], text: text)
    }

    func attribute(_ name: String) -> String? {
        for attribute in attributes where attribute.name.hasSameBytes(as: name) { return attribute.value }
        return nil
    }

    /// The top-level nodes of `html` (the component's root element, then the final line
    /// break the emitter ends its HTML with).
    static func parse(_ html: String) -> [MarkupNode] {
        let bytes = Array(html.utf8)
        var stack: [MarkupNode] = [MarkupNode(name: "#root", attributes: [], children: [], text: "")]
        var at = 0
        while at < bytes.count {
            if bytes[at] == 0x3C, at + 1 < bytes.count, bytes[at + 1] == 0x2F {
                // `</name>`: close the innermost element.
                while at < bytes.count, bytes[at] != 0x3E { at += 1 }
                at += 1
                if stack.count > 1 {
                    let done = stack.removeLast()
                    stack[stack.count - 1].children.append(done)
                }
            } else if bytes[at] == 0x3C {
                at += 1
                var element = MarkupNode(name: "", attributes: [], children: [], text: "")
                element.name = word(bytes, &at)
                while at < bytes.count, bytes[at] != 0x3E {
                    if bytes[at] == 0x20 {
                        at += 1
                        continue
                    }
                    let name = word(bytes, &at)
                    var value = ""
                    if at < bytes.count, bytes[at] == 0x3D {
                        at += 2  // `="`
                        let start = min(at, bytes.count)
                        while at < bytes.count, bytes[at] != 0x22 { at += 1 }
                        value = decode(bytes[start..<min(at, bytes.count)])
                        at += 1
                    }
                    if name.isEmpty { at += 1 } else { element.attributes.append(Attribute(name: name, value: value)) }
                }
                at += 1
                stack.append(element)
            } else {
                let start = at
                while at < bytes.count, bytes[at] != 0x3C { at += 1 }
                stack[stack.count - 1].children.append(.text(decode(bytes[start..<at])))
            }
        }
        // Unclosed elements (never from the emitter) close at the end.
        while stack.count > 1 {
            let done = stack.removeLast()
            stack[stack.count - 1].children.append(done)
        }
        return stack[0].children
    }

    /// An element or attribute name: the bytes up to a space, `=`, `>` or `/`.
    private static func word(_ bytes: [UInt8], _ at: inout Int) -> String {
        let start = at
        while at < bytes.count, bytes[at] != 0x20, bytes[at] != 0x3D, bytes[at] != 0x3E, bytes[at] != 0x2F { at += 1 }
        return String(decoding: bytes[start..<at], as: UTF8.self)
    }

    /// Text with `HTMLText.escape`'s five entities turned back into their characters.
    private static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(0x26) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var at = bytes.startIndex
        while at < bytes.endIndex {
            if bytes[at] == 0x26 {
                var matched = false
                for (entity, byte) in entities {
                    let end = at + entity.count
                    if end <= bytes.endIndex, bytes[at..<end].elementsEqual(entity) {
                        out.append(byte)
                        at = end
                        matched = true
                        break
                    }
                }
                if matched { continue }
            }
            out.append(bytes[at])
            at += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let entities: [([UInt8], UInt8)] = [
        (Array("&amp;".utf8), 0x26), (Array("&lt;".utf8), 0x3C), (Array("&gt;".utf8), 0x3E),
        (Array("&quot;".utf8), 0x22), (Array("&#39;".utf8), 0x27),
    ]
}
