import Foundation
import SkeletonCore

/// One spec found by `skelsite export`: its text, where it sits, and the file's bytes
/// (diagnostics quote the file's own lines).
public struct ExportSpecText: Sendable {
    /// The path as the user would write it: SOURCE itself, or SOURCE/relative for a folder.
    public var path: String
    public var text: String
    public var firstLine: Int
    public var columnOffset: Int
    public var file: [UInt8]
}

/// What `skelsite export SOURCE` reads: a `.skel` file (one spec), a Markdown file (its
/// ```skeleton blocks, in order) or a docs folder (every doc the build would find, in
/// the build's order). Drafts are included: a spec is exported whether or not its page
/// is published.
public enum ExportSource {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
        /// The description is located diagnostics (exit 1: the input is at fault), not a
        /// usage or I/O error (exit 2).
        public var located = false
    }

    /// The specs at `path`, in order. A folder is read as the build reads it (links
    /// that leave it and loops are refused); any such problem fails the export with
    /// every located diagnostic, one per line.
    public static func specs(at path: String) throws(Failure) -> [ExportSpecText] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw Failure(description: "cannot read '\(path)': no such file or folder")
        }
        if !isFolder.boolValue { return try specs(inFile: path) }
        let folder = URL(fileURLWithPath: path)
        let prefix = path.hasSuffix("/") ? path : path + "/"
        let found: DocumentDiscovery.Found
        do {
            found = try DocumentDiscovery.scan(in: folder)
        } catch {
            throw Failure(description: "\(error)")
        }
        let errors = found.diagnostics { prefix + $0 }.filter { $0.severity == .error }
        if !errors.isEmpty {
            throw Failure(description: errors.map(\.description).joined(separator: "\n"), located: true)
        }
        var specs: [ExportSpecText] = []
        for doc in found.paths {
            let text: String
            do {
                text = try SourceReading.readText(doc, in: folder)
            } catch {
                throw Failure(description: error.diagnostic(path: prefix + doc).description, located: true)
            }
            specs += blocks(of: text, path: prefix + doc)
        }
        return specs
    }

    static func specs(inFile path: String) throws(Failure) -> [ExportSpecText] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "cannot read '\(path)'")
        }
        let bytes = [UInt8](data)
        let text = String(decoding: bytes, as: UTF8.self)
        return blocks(of: text, path: path)
    }

    /// A `.skel` file's one spec, or a Markdown doc's blocks.
    static func blocks(of text: String, path: String) -> [ExportSpecText] {
        let bytes = Array(text.utf8)
        if path.lowercased().hasSuffix(".skel") {
            return [ExportSpecText(path: path, text: text, firstLine: 1, columnOffset: 0, file: bytes)]
        }
        return SpecBlocks.find(inMarkdown: text).map {
            ExportSpecText(path: path, text: $0.text, firstLine: $0.firstLine, columnOffset: $0.columnOffset, file: bytes)
        }
    }
}
