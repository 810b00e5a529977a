import Foundation

/// One reference found in a file, before it is resolved.
struct FoundReference: Equatable {
    var line: Int
    var attribute: String
    var target: String
}

/// Pulls references and ids out of built HTML and CSS text.
///
/// Built pages are machine-written, so a tolerant pattern scan is enough: attribute values
/// are always quoted, and code shown on a page is entity-escaped (`href=&quot;`), so examples
/// inside `<pre>` never look like real attributes.
enum ReferenceScanner {
    // Attributes that load or link to something; `srcset` holds a list (see `srcsetURLs`).
    private static let attributePattern = try! NSRegularExpression(
        pattern: #"\s(href|src|srcset|poster)\s*=\s*(?:"([^"]*)"|'([^']*)')"#, options: [.caseInsensitive])
    private static let idPattern = try! NSRegularExpression(
        pattern: #"\s(?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)')"#, options: [.caseInsensitive])
    private static let urlPattern = try! NSRegularExpression(
        pattern: #"url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]*))\s*\)"#, options: [.caseInsensitive])
    // Only CSS inside <style> or style="" is CSS in a page; prose may mention url(...).
    private static let styleBlockPattern = try! NSRegularExpression(
        pattern: #"<style\b[^>]*>(.*?)</style>"#, options: [.caseInsensitive, .dotMatchesLineSeparators])
    private static let styleAttributePattern = try! NSRegularExpression(
        pattern: #"\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)')"#, options: [.caseInsensitive])
    // Script bodies (search index JSON, inline code) are not markup.
    private static let scriptPattern = try! NSRegularExpression(
        pattern: #"<script\b[^>]*>.*?</script>"#, options: [.caseInsensitive, .dotMatchesLineSeparators])

    static func htmlReferences(_ text: String) -> [FoundReference] {
        let ns = text as NSString
        let lines = LineIndex(ns)
        let scripts = scriptPattern.matches(in: text, range: NSRange(location: 0, length: ns.length)).map(\.range)
        func inScript(_ location: Int) -> Bool {
            scripts.contains { location > $0.location && location < NSMaxRange($0) }
        }
        var found: [FoundReference] = []
        for match in attributePattern.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            guard !inScript(match.range.location) else { continue }
            let name = ns.substring(with: match.range(at: 1)).lowercased()
            let valueRange = firstRange(match, groups: [2, 3])
            let value = decodeEntities(ns.substring(with: valueRange))
            let line = lines.line(of: valueRange.location)
            let targets = name == "srcset" ? srcsetURLs(value) : [value]
            found += targets.map { FoundReference(line: line, attribute: name, target: $0) }
        }
        for block in styleBlockPattern.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            found += urls(in: ns, range: block.range(at: 1), lines: lines)
        }
        for attribute in styleAttributePattern.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            guard !inScript(attribute.range.location) else { continue }
            // Decode first: quotes inside a double-quoted attribute are written &quot;.
            let valueRange = firstRange(attribute, groups: [1, 2])
            let decoded = decodeEntities(ns.substring(with: valueRange)) as NSString
            let firstLine = lines.line(of: valueRange.location)
            let inner = LineIndex(decoded)
            found += urls(in: decoded, range: NSRange(location: 0, length: decoded.length), lines: inner).map {
                FoundReference(line: firstLine + $0.line - 1, attribute: $0.attribute, target: $0.target)
            }
        }
        return found.sorted { ($0.line, $0.target) < ($1.line, $1.target) }
    }

    static func cssReferences(_ text: String) -> [FoundReference] {
        let ns = text as NSString
        return urls(in: ns, range: NSRange(location: 0, length: ns.length), lines: LineIndex(ns))
    }

    /// Every `id` and anchor `name` on a page, entity-decoded.
    static func ids(_ text: String) -> Set<String> {
        let ns = text as NSString
        var ids: Set<String> = []
        for match in idPattern.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            ids.insert(decodeEntities(ns.substring(with: firstRange(match, groups: [1, 2]))))
        }
        return ids
    }

    /// The URL of each candidate in `a.png 1x, b.png 2x` (descriptors dropped).
    static func srcsetURLs(_ value: String) -> [String] {
        value.split(separator: ",").compactMap { candidate in
            candidate.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).first.map(String.init)
        }
    }

    private static func urls(in ns: NSString, range: NSRange, lines: LineIndex) -> [FoundReference] {
        urlPattern.matches(in: ns as String, range: range).compactMap { match in
            let valueRange = firstRange(match, groups: [1, 2, 3])
            let value = ns.substring(with: valueRange)
            guard !value.isEmpty else { return nil }
            return FoundReference(line: lines.line(of: valueRange.location), attribute: "url()", target: value)
        }
    }

    private static func firstRange(_ match: NSTextCheckingResult, groups: [Int]) -> NSRange {
        for group in groups where match.range(at: group).location != NSNotFound { return match.range(at: group) }
        return NSRange(location: match.range.location, length: 0)
    }

    /// The entities a builder writes into attribute values; numeric ones too.
    static func decodeEntities(_ value: String) -> String {
        guard value.contains("&") else { return value }
        var result = ""
        var rest = Substring(value)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[amp...]
            if let semi = after.firstIndex(of: ";"), after.distance(from: amp, to: semi) <= 10 {
                let name = after[after.index(after: amp)..<semi]
                if let decoded = decodeEntity(name) {
                    result += decoded
                    rest = after[after.index(after: semi)...]
                    continue
                }
            }
            result += "&"
            rest = after.dropFirst()
        }
        return result + rest
    }

    private static func decodeEntity(_ name: Substring) -> String? {
        switch name {
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        case "lt": return "<"
        case "gt": return ">"
        default: break
        }
        let scalar: UInt32?
        if name.hasPrefix("#x") || name.hasPrefix("#X") { scalar = UInt32(name.dropFirst(2), radix: 16) }
        else if name.hasPrefix("#") { scalar = UInt32(name.dropFirst()) }
        else { scalar = nil }
        return scalar.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }
}

/// Maps a UTF-16 offset to its 1-based line number.
struct LineIndex {
    private var starts: [Int] = [0]

    init(_ text: NSString) {
        for offset in 0..<text.length where text.character(at: offset) == 10 { starts.append(offset + 1) }
    }

    func line(of offset: Int) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low + 1
    }
}
