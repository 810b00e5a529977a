import Foundation
import SkeletonCore
import SkeletonWeb
import Testing
import TestSupport

/// Titles, labels and doc paths reach the generated Swift; they come from docs and folder
/// names, so each goes through SwiftSourceText and can never become code
/// (site/reference/limits.md, "Generated code").
@Suite struct HostileTextExportTests {
    static let specText = "skeleton \"Bar\" width=40\n  animation none\n  rect height=10\n"

    static func spec(title: String?) throws -> Spec {
        var spec = try #require(SpecParser.parseWithinBounds(specText).spec)
        spec.title = title
        return spec
    }

    /// The doc comment line and the label line of a one-view export.
    static func exported(title: String?, origin: String) throws -> (comment: String, label: String, file: String) {
        let file = SwiftUIExport.viewsFile([ExportedSpec(spec: try spec(title: title), origin: origin)])
        let lines = file.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let comment = try #require(lines.first { $0.hasPrefix("/// ") })
        let label = try #require(lines.first { $0.contains("SkeletonComponent(style:") })
        return (comment, label.trimmingCharacters(in: .whitespaces), file)
    }

    @Test func aNewlineInADocFolderNameStaysInTheComment() throws {
        let out = try Self.exported(title: "Bar", origin: "docs/a\npublic let pwned = 1/doc.md:3:1")
        #expect(out.comment == "/// Bar: the skeleton of docs/a\\npublic let pwned = 1/doc.md:3:1.")
        #expect(!out.file.contains("\npublic let pwned"))
        let carriage = try Self.exported(title: "Bar", origin: "a\r\nb\rc.md:1:1")
        #expect(carriage.comment == "/// Bar: the skeleton of a\\r\\nb\\rc.md:1:1.")
    }

    @Test func aTitleWithQuotesAndInterpolationIsText() throws {
        let out = try Self.exported(title: "Say \"hi\" \\(pwned())", origin: "a.skel:1:1")
        #expect(out.comment == "/// Say \"hi\" \\(pwned()): the skeleton of a.skel:1:1.")
        #expect(out.label == "SkeletonComponent(style: Self.style, label: \"Loading Say \\\"hi\\\" \\\\(pwned())…\", time: time) {")
    }

    @Test func blockCommentMarkersAreBroken() throws {
        let out = try Self.exported(title: "a */ b /* c", origin: "x/*/y.md:1:1")
        #expect(out.comment == "/// a *\\/ b /\\* c: the skeleton of x/\\*\\/y.md:1:1.")
        // In a string literal they are harmless and stay.
        #expect(out.label.contains("label: \"Loading a */ b /* c…\""))
    }

    @Test func lineAndParagraphSeparatorsAreEscaped() throws {
        let out = try Self.exported(title: "a\u{2028}b\u{2029}c\u{85}d", origin: "e\u{2028}f.md:1:1")
        #expect(out.comment == "/// a\\u{2028}b\\u{2029}c\\u{85}d: the skeleton of e\\u{2028}f.md:1:1.")
        #expect(out.label.contains("label: \"Loading a\\u{2028}b\\u{2029}c\\u{85}d…\""))
    }

    @Test func bidiAndOtherControlsAreEscaped() throws {
        let out = try Self.exported(title: "a\u{202E}b\u{0}c\u{7F}\u{0B}", origin: "o.md:1:1")
        #expect(out.comment == "/// a\\u{202E}b\\u{0}c\\u{7F}\\u{B}: the skeleton of o.md:1:1.")
        #expect(out.label.contains("label: \"Loading a\\u{202E}b\\u{0}c\\u{7F}\\u{B}…\""))
    }

    @Test func theEscapersAlone() {
        #expect(SwiftSourceText.stringLiteral("a\"b\\c\n\t\r\u{2028}") == "\"a\\\"b\\\\c\\n\\t\\r\\u{2028}\"")
        #expect(SwiftSourceText.stringLiteral("\\(x)") == "\"\\\\(x)\"")
        #expect(SwiftSourceText.comment("**/ //* \\ \"") == "**\\/ //\\* \\ \"")
        #expect(SwiftSourceText.comment("Article row") == "Article row")
    }

    /// Hostile titles and origins: the file parses, and its declarations are exactly
    /// the views, each with exactly its own members (checked in the parser's own tree).
    @Test func hostileExportParsesToTheExpectedDeclarations() throws {
        let titles = ["a\npublic let pwned = 1", "\" + pwned + \"", "\\(pwned)", "*/ let x = 1 /*", "a\u{2028}b",
                      "\"\"\"\nlet y = 2\n\"\"\"", "#\"\\#(z)\"#", "\u{202E}x\u{2066}", nil]
        var items: [ExportedSpec] = []
        for (index, title) in titles.enumerated() {
            items.append(ExportedSpec(spec: try Self.spec(title: title),
                                      origin: "docs/\(title ?? "")\n}\nlet leaked\(index) = 0 //.md:1:1"))
        }
        try Self.expectOnlyViews(SwiftUIExport.viewsFile(items), count: items.count)
    }

    /// A few hundred pseudo-random hostile names (fixed seed), as titles and as doc
    /// paths, exported together and parsed once.
    @Test func randomHostileNamesParseToTheExpectedDeclarations() throws {
        let pieces = ["\n", "\r", "\r\n", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}", "\u{0}", "*/", "/*",
                      "\"", "\\", "\\(", "\\(pwned)", ")", "\"\"\"", "#", "#\"", "\"#", "//", "///", "}", "{",
                      "public let pwned = 1", "struct Evil {}", "\u{202E}", "\u{2066}", "\u{FEFF}", "\t", "a", "Z", "é",
                      "🙂", " ", "`", "$0", "\u{1B}[31m", "<!--", "-->", "\u{FFFD}"]
        var random = SplitMix64(seed: 0x5EED_2026)
        func name() -> String {
            var text = ""
            for _ in 0..<(1 + Int(random.next() % 8)) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
            return text
        }
        var items: [ExportedSpec] = []
        for _ in 0..<300 {
            items.append(ExportedSpec(spec: try Self.spec(title: name()), origin: name() + "/" + name() + ".md:1:1"))
        }
        let file = SwiftUIExport.viewsFile(items)
        // Every view is one comment line, whatever its title and path.
        #expect(file.split(separator: "\n").filter { $0.hasPrefix("/// ") }.count == items.count)
        try Self.expectOnlyViews(file, count: items.count)
    }

    /// `swiftc -dump-parse` on `file`: no diagnostics; at top level only `import SwiftUI`
    /// and `count` structs (the names the export wrote), each holding exactly `time`,
    /// `init`, `body` and `style`; every label a plain literal, never interpolated.
    static func expectOnlyViews(_ file: String, count: Int) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let path = scratch.appendingPathComponent("Skeletons.swift")
        try Data(file.utf8).write(to: path)
        let parsed = try SwiftUIExportTests.swiftc(["-parse", path.path])
        #expect(parsed.status == 0 && parsed.output.isEmpty, "\(parsed.output.prefix(2000))")
        let dump = try swiftcOutput(["-dump-parse", path.path])
        let names = file.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("public struct "), line.hasSuffix(": View {") else { return nil }
            return String(line.dropFirst("public struct ".count).dropLast(": View {".count))
        }
        #expect(names.count == count)
        #expect(Set(names).count == count, "view names repeat")
        var topLevel: [String] = []
        var members: [String] = []
        for line in dump.split(separator: "\n") {
            if line.hasPrefix("  (") {
                topLevel.append(declaration(line))
            } else if line.hasPrefix("    ("), !line.hasPrefix("    (access_control_attr"), !line.hasPrefix("    (pattern_binding_decl") {
                members.append(declaration(line))
            }
        }
        #expect(topLevel == ["import_decl"] + names.map { "struct_decl \"\($0)\"" })
        let own = ["var_decl \"time\"", "constructor_decl", "var_decl \"body\"", "var_decl \"style\""]
        #expect(members == Array(repeating: own, count: count).flatMap { $0 })
        #expect(!dump.contains("interpolated_string_literal_expr"))
    }

    /// "struct_decl \"Name\"" from a dump line: its kind, and its name when it has one.
    static func declaration(_ line: Substring) -> String {
        let trimmed = line.drop { $0 == " " || $0 == "(" }
        let kind = String(trimmed.prefix { $0 != " " && $0 != ")" })
        guard kind.hasSuffix("struct_decl") || kind == "var_decl",
              let open = line.range(of: "] \"")?.upperBound,
              let close = line[open...].firstIndex(of: "\"") else { return kind }
        return kind + " \"" + line[open..<close] + "\""
    }

    /// swiftc's standard output alone (the dump), failing on a non-zero status.
    static func swiftcOutput(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc"] + arguments
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("dump-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        #expect(process.terminationStatus == 0)
        return try String(contentsOf: output, encoding: .utf8)
    }
}
