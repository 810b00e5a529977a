import Foundation
import SkeletonCore

/// A spec found in a docs folder, parsed.
public struct VerifySpec {
    /// Path relative to the source folder, with `/` separators.
    public var path: String
    /// File line of the opening fence.
    public var line: Int
    public var spec: Spec
    /// The block's text: its SHA-256 ties results to this exact spec (see
    /// `VerifyResult.specDigest`), so a build never shows figures of an older version.
    public var source: String = ""
    /// The width a fluid spec is checked at (FluidVerifyWidths); nil for a fixed one.
    public var checkedWidth: Double? = nil
    /// A `dir=auto` spec's second check: shown in a `dir="rtl"` cell, from its own CSS,
    /// against the painter's mirrored frames (site/reference/layout.md, "Direction").
    /// `spec` is then the mirrored spec, and `pageSpec` the spec as written.
    public var rightToLeft: Bool { pageSpec != nil }
    /// The spec the browser's page is made from, when it is not `spec`: a right-to-left
    /// check's, as written.
    public var pageSpec: Spec? = nil
    /// How results name it: `path:line`.
    public var name: String { path + ":" + String(line) }

    public init(path: String, line: Int, spec: Spec, source: String = "") {
        self.path = path
        self.line = line
        self.spec = spec
        self.source = source
    }
}

/// Finds every ```skeleton block in every `.md` file under a folder (sorted paths, so
/// runs are reproducible) and parses it.
public enum VerifySpecs {
    public struct Found {
        public var specs: [VerifySpec] = []
        /// Compiler-style diagnostics of specs that failed to parse.
        public var problems: [String] = []
    }

    /// `displayPrefix` goes before paths in diagnostics (e.g. "site/"). `project`: the
    /// project file's spec defaults; each doc's front matter goes over them, as in a build.
    public static func find(in source: URL, displayPrefix: String = "",
                            project: InheritedSettings = InheritedSettings()) throws -> Found {
        var found = Found()
        for relative in try markdownFiles(in: source) {
            let url = source.appendingPathComponent(relative)
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            // As in a build: a front matter error fails the doc, and its specs are not verified.
            let defaults = DocumentDefaults.read(project: project, file: relative, text: text)
            for d in defaults.errors {
                found.problems.append("\(displayPrefix)\(relative):\(d.position.line):\(d.position.column): error: \(d.message)")
            }
            guard defaults.errors.isEmpty else { continue }
            let inherited = defaults.settings
            for block in SpecBlocks.find(inMarkdown: text) {
                let result = SpecParser.parseWithinBounds(block.text, firstLine: block.firstLine, columnOffset: block.columnOffset,
                                                          inheriting: inherited)
                if let spec = result.spec, !result.diagnostics.contains(where: { $0.severity == .error }) {
                    found.specs.append(VerifySpec(path: relative, line: block.fenceLine, spec: spec,
                                                  source: digestSource(block.text, inherited: inherited.canonicalText(forSpec: block.text))))
                } else {
                    for d in result.diagnostics where d.severity == .error {
                        found.problems.append("\(displayPrefix)\(relative):\(d.position.line):\(d.position.column): error: \(d.message)")
                    }
                }
            }
        }
        return found
    }

    /// What a result's digest covers: the block's text, and what it inherited when it
    /// inherited anything (so changing a default is a different spec). The build looks
    /// results up with the same text.
    static func digestSource(_ text: String, inherited: String) -> String {
        inherited.isEmpty ? text : text + "\n--inherited--\n" + inherited
    }

    /// Relative paths of the `.md` files under `source`, sorted byte-wise.
    static func markdownFiles(in source: URL) throws -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw VerifyFailure(description: "'\(source.path)' is not a folder")
        }
        guard let walker = FileManager.default.enumerator(atPath: source.path) else {
            throw VerifyFailure(description: "cannot read '\(source.path)'")
        }
        var paths: [String] = []
        while let next = walker.nextObject() as? String {
            if next.lowercased().hasSuffix(".md") { paths.append(next) }
        }
        return paths.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }
}

public struct VerifyFailure: Error, CustomStringConvertible {
    public var description: String

    package init(description: String) { self.description = description }
}
