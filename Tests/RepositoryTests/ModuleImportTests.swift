import Foundation
import Testing

/// The module graph of docs/modules.md, enforced: each module imports only what its
/// row allows, so the data flows one way (spec -> layout -> {CSS, PNG, pages}) and no
/// library reaches for what only an executable may do.
@Suite struct ModuleImportTests {
    /// What each module under `Sources/` may import. Platform modules (Foundation,
    /// Glibc, Darwin, Dispatch) are listed where they are allowed: never in the two
    /// Embedded-Swift modules, which compile for wasm32-unknown-none-wasm.
    static let allowed: [String: Set<String>] = [
        "SkeletonCore": [],
        "SkeletonWeb": ["SkeletonCore"],
        "SkeletonWasm": ["SkeletonCore", "SkeletonWeb"],
        // The platform layer is the only module that names the C library
        // (site/reference/platforms.md); the others import it.
        "Platform": ["Glibc", "Darwin"],
        // What persists between builds knows nothing of docs, specs or pages.
        "SkelsiteStore": ["CSHA256", "Foundation", "Platform"],
        "SkelSite": ["SkeletonCore", "SkeletonWeb", "SkelsiteStore", "CCmarkGFM", "Mustache", "TOMLKit",
                     "Foundation", "Dispatch", "Platform"],
        "SkelsiteDiff": ["SkelSite", "SkelsiteStore", "SkeletonCore", "SkeletonWeb", "Foundation", "Dispatch", "Platform"],
        "SkelsiteVerify": ["SkelSite", "SkelsiteStore", "SkeletonCore", "SkeletonWeb", "Foundation", "Dispatch", "Platform"],
        "SkelsiteServe": ["SkelSite", "SkelsiteStore", "Foundation", "Platform"],
        "SkelsiteFit": ["SkelSite", "SkelsiteVerify", "SkeletonCore", "SkeletonWeb", "Foundation"],
        "SkelsiteCapture": ["SkelSite", "SkelsiteVerify", "SkeletonCore", "Foundation"],
        "SkelsiteCLI": ["SkelSite", "SkelsiteStore", "SkelsiteDiff", "SkelsiteVerify", "SkelsiteServe", "SkelsiteFit", "SkelsiteCapture", "SkeletonCore", "SkeletonWeb", "Platform", "ArgumentParser", "Foundation"],
        "SkeletonBench": ["SkelSite", "SkelsiteStore", "SkelsiteDiff", "SkeletonCore", "SkeletonWeb", "Platform", "Foundation"],
    ]
    /// C targets: no Swift imports to check.
    static let cModules: Set<String> = ["CCmarkGFM", "CSHA256"]

    /// `import X` lines of Swift source, with their line numbers; lines inside a
    /// multi-line string literal (generated code, such as the SwiftUI export's) are text.
    static func imports(in source: String) -> [(line: Int, module: String)] {
        var found: [(Int, String)] = []
        var inLiteral = false
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if !inLiteral {
                var words = trimmed.split(separator: " ", omittingEmptySubsequences: true)
                while let first = words.first, first.hasPrefix("@") || ["public", "internal", "private", "fileprivate", "package"].contains(first) {
                    words.removeFirst()
                }
                if words.count >= 2, words[0] == "import" {
                    // `import struct Foo.Bar` names the module after the kind.
                    let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
                    let path = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
                    found.append((index + 1, String(path.split(separator: ".")[0])))
                }
            }
            if line.components(separatedBy: "\"\"\"").count % 2 == 0 { inLiteral.toggle() }
        }
        return found
    }

    @Test func readsImportsAndSkipsGeneratedText() {
        let source = "import Foundation\n@testable import SkelSite\npublic import struct Glibc.stat\nlet text = \"\"\"\nimport SwiftUI\n\"\"\"\nimport Mustache\n"
        let found = Self.imports(in: source)
        #expect(found.map(\.module) == ["Foundation", "SkelSite", "Glibc", "Mustache"])
        #expect(found.map(\.line) == [1, 2, 3, 7])
    }

    @Test func everyModuleImportsOnlyWhatItsRowAllows() throws {
        var violations: [String] = []
        for module in RepositoryLayout.modules() where !Self.cModules.contains(module) {
            guard let allowed = Self.allowed[module] else {
                violations.append("Sources/\(module): a module with no row in docs/modules.md")
                continue
            }
            for path in RepositoryLayout.swiftFiles(of: module) {
                let source = try String(contentsOf: RepositoryLayout.root.appendingPathComponent(path), encoding: .utf8)
                for (line, imported) in Self.imports(in: source) where !allowed.contains(imported) && imported != module {
                    violations.append("\(path):\(line): \(module) may not import \(imported)")
                }
            }
        }
        #expect(violations == [])
    }

    /// Calls and spellings that exist on Linux only, or name the C library's module, live
    /// in the platform layer alone (site/reference/platforms.md): a macOS port then has
    /// one module to read.
    @Test func linuxOnlyCallsLiveInThePlatformLayer() throws {
        let linuxOnly = ["inotify_", "renameat2", "mallopt", "dlsym", "st_mtim.", "MSG_NOSIGNAL", "SOCK_STREAM",
                         "Glibc.", "Darwin."]
        var found: [String] = []
        for module in RepositoryLayout.modules() where module != "Platform" && !Self.cModules.contains(module) {
            for path in RepositoryLayout.swiftFiles(of: module) {
                let source = try String(contentsOf: RepositoryLayout.root.appendingPathComponent(path), encoding: .utf8)
                for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                    for name in linuxOnly where code.contains(name) { found.append("\(path):\(number + 1): \(name)") }
                }
            }
        }
        #expect(found == [])
    }
}
