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
    }

    public static func specs(at path: String) throws(Failure) -> [ExportSpecText] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw Failure(description: "cannot read '\(path)': no such file or folder")
        }
        if !isFolder.boolValue { return try specs(inFile: path) }
        let docs: [String]
        do {
            docs = try DocumentDiscovery.find(in: URL(fileURLWithPath: path))
        } catch {
            throw Failure(description: "\(error)")
        }
        var found: [ExportSpecText] = []
        for doc in docs {
            found += try specs(inFile: (path.hasSuffix("/") ? path : path + "/") + doc)
        }
        return found
    }

    static func specs(inFile path: String) throws(Failure) -> [ExportSpecText] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "cannot read '\(path)'")
        }
        let bytes = [UInt8](data)
        let text = String(decoding: bytes, as: UTF8.self)
        if path.lowercased().hasSuffix(".skel") {
            return [ExportSpecText(path: path, text: text, firstLine: 1, columnOffset: 0, file: bytes)]
        }
        return SpecBlocks.find(inMarkdown: text).map {
            ExportSpecText(path: path, text: $0.text, firstLine: $0.firstLine, columnOffset: $0.columnOffset, file: bytes)
        }
    }
}
