import Foundation
import SkeletonCore
import SkelsiteStore

/// The build benchmark's corpus: 1000 Markdown pages of about 2 KB each (headings,
/// paragraphs, lists, a table, a code block), optionally with 5 specs per page. The
/// text comes from a fixed-seed LCG, so every run builds the same bytes.
enum BuildCorpus {
    static let pages = 1000
    static let specsPerPage = 5

    private static let words = ["skeleton", "loading", "placeholder", "shimmer", "layout", "component", "gallery",
                                "render", "pixel", "theme", "motion", "avatar", "caption", "thumbnail", "card",
                                "column", "row", "gradient", "pulse", "frame", "reference", "browser", "spec",
                                "docs", "static", "cache", "output", "folder", "template", "search"]

    /// Writes `pages` docs into `folder` (created). Returns the total Markdown bytes.
    @discardableResult
    static func write(to folder: URL, withSpecs: Bool) throws -> Int {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var generator = LCG(state: 2024)
        var total = 0
        for index in 0..<pages {
            let text = page(index, withSpecs: withSpecs, &generator)
            total += text.utf8.count
            // Spread over 10 sections so folders and nav have some shape.
            let section = folder.appendingPathComponent("section-\(index % 10)")
            try FileManager.default.createDirectory(at: section, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: section.appendingPathComponent("page-\(index).md"))
        }
        return total
    }

    static func page(_ index: Int, withSpecs: Bool, _ generator: inout LCG) -> String {
        func sentence(_ count: Int) -> String {
            var parts: [String] = []
            for _ in 0..<count { parts.append(words[generator.next(words.count)]) }
            return parts.joined(separator: " ").prefix(1).uppercased() + parts.joined(separator: " ").dropFirst() + "."
        }
        func paragraph() -> String { (0..<4).map { _ in sentence(8 + generator.next(6)) }.joined(separator: " ") }
        var out = "---\ntitle: Page \(index)\ntags: [\(words[index % words.count]), section-\(index % 10)]\norder: \(index)\n---\n\n"
        out += "# Page \(index): \(sentence(3))\n\n\(paragraph())\n\n"
        out += "## Details\n\n- \(sentence(5))\n- \(sentence(6))\n- **\(sentence(3))** with `code`\n\n"
        out += "| Name | Value | Note |\n|---|---|---|\n"
        for row in 0..<4 { out += "| \(words[(index + row) % words.count]) | \(row * 7 + index % 13) | \(sentence(3)) |\n" }
        out += "\n```swift\nlet page = \(index)\nfor row in 0..<\(index % 9 + 1) { print(row) }\n```\n\n"
        out += "## Notes\n\n\(paragraph())\n\n1. \(sentence(5))\n2. \(sentence(4))\n\n"
        out += "## Background\n\n\(paragraph())\n\n- \(sentence(6))\n- \(sentence(5))\n- [link](https://example.org/\(index))\n\n"
        if withSpecs {
            for spec in 0..<specsPerPage { out += "### Pattern \(spec)\n\n" + self.spec(page: index, number: spec) + "\n" }
        }
        out += "> \(sentence(7))\n"
        return out
    }

    /// The spec of `spec(page:number:)`, parsed (its fence lines dropped); nil when it
    /// does not parse.
    static func parsedSpec(page: Int, number: Int) -> Spec? {
        let body = spec(page: page, number: number).split(separator: "\n").dropFirst().dropLast().joined(separator: "\n")
        return SpecParser.parse(body).spec
    }

    /// Five spec shapes, varied by page so that no two specs share a cache key.
    static func spec(page: Int, number: Int) -> String {
        let width = 280 + (page % 9) * 10
        let title = "Page \(page) pattern \(number)"
        switch number {
        case 0:
            return "```skeleton\nskeleton \"\(title)\" width=\(width)\n  row padding=12 gap=12 align=center\n    circle 40\n    column gap=8 grow=1\n      rect width=60% height=12 radius=4\n      rect width=40% height=10 radius=4\n```\n"
        case 1:
            return "```skeleton\nskeleton \"\(title)\" width=\(width)\n  animation pulse duration=1.2s\n  column padding=12 gap=10\n    rect height=\(100 + page % 40) radius=8\n    text lines=2\n```\n"
        case 2:
            return "```skeleton\nskeleton \"\(title)\" width=\(width)\n  repeat 3 stagger=0.1s\n    row padding=8 gap=10\n      rect 32x32 radius=6\n      text lines=1 line-height=12\n```\n"
        case 3:
            return "```skeleton\nskeleton \"\(title)\" width=\(width)\n  animation none\n  row padding=16 gap=8 radius=12 fill=#FFFFFF dark-fill=#2C2C2E\n    capsule 80x24\n    spacer\n    capsule 60x24\n```\n"
        default:
            return "```skeleton\nskeleton \"\(title)\" width=\(width)\n  animation shimmer duration=1.5s direction=top-to-bottom\n  column padding=12 gap=8\n    text lines=3 last=\(50 + page % 40)%\n```\n"
        }
    }

    /// Knuth's MMIX LCG; `next(n)` in 0..<n.
    struct LCG {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }
}

func writeCorpus(_ path: String, plain: Bool) {
    do {
        let bytes = try BuildCorpus.write(to: URL(fileURLWithPath: path), withSpecs: !plain)
        print("corpus: \(BuildCorpus.pages) pages, \(bytes) bytes in \(path)")
    } catch {
        print("corpus: ERROR \(error)")
    }
}
