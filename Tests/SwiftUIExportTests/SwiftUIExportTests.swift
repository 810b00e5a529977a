import Foundation
import SkeletonCore
import SkeletonWeb
import Testing
import TestSupport

/// The SwiftUI export (site/reference/swiftui-export.md): exact output for representative
/// specs, Swift that parses and type-checks against a SwiftUI stand-in, and frames equal
/// to the layout engine's numbers.
///
/// Goldens live in Goldens/NAME.skel → Goldens/NAME.swift. To accept a deliberate change,
/// run with SKELSITE_UPDATE_GOLDENS=1 and review the diff.
@Suite struct SwiftUIExportTests {
    static let folder = Repository.url("Tests/SwiftUIExportTests")
    static let goldens = folder.appendingPathComponent("Goldens")
    static let stub = folder.appendingPathComponent("Stub/SwiftUI.swift")
    static let repository = Repository.root
    static let regenerate = ProcessInfo.processInfo.environment["SKELSITE_UPDATE_GOLDENS"] == "1"

    static let names = ["article-row", "every-node", "pulse-stagger", "still", "attributes", "rhythm", "collections", "still-node", "node-motion"]
    /// Fluid specs: their flexible frames are not the layout engine's numbers at one width.
    static let fluidNames = ["fluid"]

    static func spec(_ name: String) throws -> Spec {
        let text = try String(contentsOf: goldens.appendingPathComponent(name + ".skel"), encoding: .utf8)
        // Within bounds: fills get their counts, as every renderer sees them.
        let result = SpecParser.parseWithinBounds(text)
        return try #require(result.spec, "\(name).skel: \(result.diagnostics)")
    }

    static func export(_ name: String) throws -> String {
        SwiftUIExport.viewsFile([ExportedSpec(spec: try spec(name), origin: name + ".skel:1:1")])
    }

    @Test(arguments: names + fluidNames)
    func exportEqualsGolden(name: String) throws {
        let actual = try Self.export(name)
        let golden = Self.goldens.appendingPathComponent(name + ".swift")
        if Self.regenerate {
            try Data(actual.utf8).write(to: golden)
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(actual == expected, "\(name).swift differs; SKELSITE_UPDATE_GOLDENS=1 rewrites it")
    }

    @Test func typeNamesFromTitles() {
        #expect(SwiftUIExport.typeName(for: "Article row") == "ArticleRowSkeleton")
        #expect(SwiftUIExport.typeName(for: "swiftui article-card") == "SwiftuiArticleCardSkeleton")
        #expect(SwiftUIExport.typeName(for: "Feed skeleton") == "FeedSkeleton")
        #expect(SwiftUIExport.typeName(for: "3 still \"bars\"") == "Skeleton3StillBars")
        #expect(SwiftUIExport.typeName(for: "Çа") == "UntitledSkeleton")
        #expect(SwiftUIExport.typeName(for: nil) == "UntitledSkeleton")
    }

    /// site/reference/swiftui-export.md, "Names": the word Skeleton once, a repeated
    /// word once.
    @Test(arguments: [
        ("SkeletonView cell, solid pulse", "SkeletonViewCellSolidPulse"),
        ("Skeleton: fluid card", "SkeletonFluidCard"),
        ("Feed skeleton", "FeedSkeleton"),
        ("SkeletonView skeleton", "SkeletonView"),
        ("Card SKELETON", "CardSkeleton"),
        ("3 skeleton bars", "Skeleton3Bars"),
        ("Row row", "RowSkeleton"),
        ("Card  card, cards", "CardCardsSkeleton"),
        ("iOS list", "IOSListSkeleton"),
        ("Skeletons", "SkeletonsSkeleton"),
        ("Skeleton", "Skeleton"),
        ("HTML5 card", "HTML5CardSkeleton"),
    ])
    func doubledWordsAreWrittenOnce(title: String, name: String) {
        #expect(SwiftUIExport.typeName(for: title) == name)
    }

    /// Names that come out equal stay unique: the later ones are numbered.
    @Test func collidingNamesAreNumbered() throws {
        var spec = try Self.spec("still")
        var items: [ExportedSpec] = []
        for title in ["Card", "Card skeleton", "card card", "Card skeleton 2", "Card"] {
            spec.title = title
            items.append(ExportedSpec(spec: spec, origin: title))
        }
        let names = SwiftUIExport.viewsFile(items).split(separator: "\n")
            .filter { $0.hasPrefix("public struct ") }.map { $0.dropFirst(14).prefix(while: { $0 != ":" }) }
        #expect(names == ["CardSkeleton", "CardSkeleton2", "CardSkeleton3", "CardSkeleton22", "CardSkeleton4"])
        #expect(Set(names).count == names.count)
    }

    @Test func repeatedTitlesGetNumberedNames() throws {
        let spec = try Self.spec("still")
        let file = SwiftUIExport.viewsFile([ExportedSpec(spec: spec, origin: "a"), ExportedSpec(spec: spec, origin: "b")])
        #expect(file.contains("public struct Skeleton3StillBars: View {"))
        #expect(file.contains("public struct Skeleton3StillBars2: View {"))
    }

    // Frames against the layout engine's numbers: ImpliedFramesTests.

    /// Every golden, every site spec's export and the support file parse with no
    /// diagnostics and type-check against the SwiftUI stand-in, in Swift 5 and 6 modes.
    @Test func exportsParseAndTypeCheck() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("swiftui-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let support = scratch.appendingPathComponent(SwiftUIExport.supportFileName)
        try Data(SwiftUIExport.supportSource.utf8).write(to: support)
        var goldens: [String] = []
        for name in Self.names + Self.fluidNames {
            let file = scratch.appendingPathComponent(name + ".swift")
            try Data(try Self.export(name).utf8).write(to: file)
            goldens.append(file.path)
        }
        let site = scratch.appendingPathComponent("Site.swift")
        try Data(SwiftUIExport.viewsFile(try Self.siteSpecs()).utf8).write(to: site)
        // Goldens and the site are two programs: both have an "Article row".
        let programs = [[support.path] + goldens, [support.path, site.path]]

        for mode in ["5", "6"] {
            let module = scratch.appendingPathComponent("swift\(mode)")
            try FileManager.default.createDirectory(at: module, withIntermediateDirectories: true)
            let stub = try Self.swiftc(["-swift-version", mode, "-parse-as-library", "-emit-module", "-module-name", "SwiftUI",
                                        "-emit-module-path", module.appendingPathComponent("SwiftUI.swiftmodule").path, Self.stub.path])
            #expect(stub.status == 0 && stub.output.isEmpty, "stub (Swift \(mode)): \(stub.output)")
            for file in [support.path, site.path] + goldens where mode == "5" {
                let parsed = try Self.swiftc(["-parse", file])
                #expect(parsed.status == 0 && parsed.output.isEmpty, "\(file): \(parsed.output)")
            }
            for files in programs {
                let checked = try Self.swiftc(["-swift-version", mode, "-typecheck", "-I", module.path] + files)
                #expect(checked.status == 0 && checked.output.isEmpty, "Swift \(mode): \(checked.output)")
            }
        }
    }

    /// The specs of the bundled site (every fenced `skeleton` block of site/**/*.md).
    static func siteSpecs() throws -> [ExportedSpec] {
        var items: [ExportedSpec] = []
        let site = repository.appendingPathComponent("site")
        let paths = (FileManager.default.subpaths(atPath: site.path) ?? []).filter { $0.hasSuffix(".md") }.sorted()
        for path in paths {
            let text = try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            var block: [Substring]? = nil
            var start = 0
            for (index, line) in lines.enumerated() {
                if block == nil, line.hasPrefix("```skeleton") {
                    block = []
                    start = index + 2
                } else if block != nil, line.hasPrefix("```") {
                    if let spec = SpecParser.parseWithinBounds(block!.joined(separator: "\n"), firstLine: start).spec {
                        items.append(ExportedSpec(spec: spec, origin: "site/\(path):\(start)"))
                    }
                    block = nil
                } else if block != nil {
                    block!.append(line)
                }
            }
        }
        #expect(items.count >= 100, "found \(items.count) site specs")
        return items
    }

    static func swiftc(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
