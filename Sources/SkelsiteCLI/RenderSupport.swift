import Foundation
import SkelSite
import SkeletonCore

/// The spec text `render` parses, with where it sits in its file.
struct RenderSpecSource {
    var text: String
    var firstLine: Int
    var columnOffset: Int

    struct Problem: Error {
        var message: String
    }

    /// A `.skel` file is one spec; anything else is Markdown, from which the first
    /// ```skeleton block is taken, or the one titled `name`.
    static func pick(from bytes: [UInt8], path: String, name: String?) -> Result<RenderSpecSource, Problem> {
        let text = String(decoding: bytes, as: UTF8.self)
        if path.lowercased().hasSuffix(".skel") {
            // A leading byte order mark is skipped, as the spec parser skips it.
            if let name, title(of: text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text) != name {
                return .failure(Problem(message: "'\(path)' holds no spec titled '\(name)'"))
            }
            return .success(RenderSpecSource(text: text, firstLine: 1, columnOffset: 0))
        }
        let blocks = SpecBlocks.find(inMarkdown: text)
        guard !blocks.isEmpty else {
            return .failure(Problem(message: "'\(path)' has no ```skeleton block"))
        }
        let chosen: SpecBlock
        if let name {
            guard let match = blocks.first(where: { title(of: $0.text) == name }) else {
                let titles = blocks.compactMap { title(of: $0.text) }.map { "'\($0)'" }.joined(separator: ", ")
                return .failure(Problem(message: "'\(path)' has no spec titled '\(name)'"
                                        + (titles.isEmpty ? "" : " (it has \(titles))")))
            }
            chosen = match
        } else {
            chosen = blocks[0]
        }
        return .success(RenderSpecSource(text: chosen.text, firstLine: chosen.firstLine, columnOffset: chosen.columnOffset))
    }

    /// The quoted title on a spec's `skeleton` line, read without parsing the spec,
    /// so that a spec with errors can still be picked by name (and its errors shown).
    static func title(of spec: String) -> String? {
        // isNewline: "\n", "\r\n" (one Character in Swift) and a lone "\r", as the parser reads lines.
        for rawLine in spec.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let line = rawLine.drop(while: { $0 == " " || $0 == "\t" })
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard line.hasPrefix("skeleton") else { return nil }
            let rest = line.dropFirst("skeleton".count).drop(while: { $0 == " " || $0 == "\t" })
            guard rest.first == "\"" else { return nil }
            let body = rest.dropFirst()
            guard let close = body.firstIndex(of: "\"") else { return nil }
            return String(body[..<close])
        }
        return nil
    }
}
