import Foundation

// The records a rebuild reads at its start and writes at its end: the render cache
// index (an entry file's stamp and head per component key) and the doc memos. The same
// fields as Sources/SkelSite/Store/RenderCacheIndex.swift and DocMemo.swift, without the
// types of skelsite's other modules (SpecBlock and FrontMatter are spelled out here).

public struct Stamp: Sendable, Equatable {
    public var inode: UInt64
    public var size: Int
    public var modified: Int

    public init(inode: UInt64, size: Int, modified: Int) {
        self.inode = inode
        self.size = size
        self.modified = modified
    }
}

public struct IndexRecord: Sendable, Equatable {
    public var stamp: Stamp
    /// The entry file's bytes up to and including the empty line (meta and PNG digests).
    public var head: [UInt8]

    public init(stamp: Stamp, head: [UInt8]) {
        self.stamp = stamp
        self.head = head
    }
}

public struct SpecEntry: Sendable, Equatable {
    public var title: String?
    public var text: String
    public var firstLine: Int
    public var columnOffset: Int
    public var fenceLine: Int
    public var marker: String

    public init(title: String?, text: String, firstLine: Int, columnOffset: Int, fenceLine: Int, marker: String) {
        self.title = title
        self.text = text
        self.firstLine = firstLine
        self.columnOffset = columnOffset
        self.fenceLine = fenceLine
        self.marker = marker
    }
}

/// A warning a doc's parse found, kept with its memo so a build that takes the memo
/// prints it again.
public struct RecordedWarning: Sendable, Equatable {
    public var line: Int
    public var column: Int
    public var message: String
    public var sourceLine: String?

    public init(line: Int, column: Int, message: String, sourceLine: String?) {
        self.line = line
        self.column = column
        self.message = message
        self.sourceLine = sourceLine
    }
}

public struct DocMemo: Sendable, Equatable {
    public var digest: String
    public var slug: String
    public var title: String
    public var frontTitle: String?
    public var frontDescription: String?
    public var tags: [String]
    public var order: Int?
    public var specs: [SpecEntry]
    public var warnings: [RecordedWarning]

    public init(digest: String, slug: String, title: String, frontTitle: String?, frontDescription: String?,
                tags: [String], order: Int?, specs: [SpecEntry], warnings: [RecordedWarning] = []) {
        self.digest = digest
        self.slug = slug
        self.title = title
        self.frontTitle = frontTitle
        self.frontDescription = frontDescription
        self.tags = tags
        self.order = order
        self.specs = specs
        self.warnings = warnings
    }
}

/// What a rebuild starts from and ends with.
public struct StoreState: Sendable, Equatable {
    public var index: [String: IndexRecord]
    public var memoSettings: String
    public var memos: [String: DocMemo]

    public init(index: [String: IndexRecord], memoSettings: String, memos: [String: DocMemo]) {
        self.index = index
        self.memoSettings = memoSettings
        self.memos = memos
    }

    /// What the build writes for this state after `previous`: changed or new index
    /// records, removed keys, and the memos that differ (the same comparison the build
    /// makes, Sources/SkelSite/Pipeline/SiteBuilder.swift).
    public func changes(after previous: StoreState) -> Changes {
        var result = Changes()
        result.setIndex = index.filter { previous.index[$0.key] != $0.value }.map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 }
        result.removedIndex = previous.index.keys.filter { index[$0] == nil }.sorted()
        result.setMemos = memos.filter { previous.memos[$0.key] != $0.value }.map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 }
        result.removedMemos = previous.memos.keys.filter { memos[$0] == nil }.sorted()
        return result
    }

    /// A one-spec edit: the spec's component gets a new key (its old entry is dropped,
    /// a new entry file written), and its doc's memo a new digest and spec text.
    public func editingOneSpec(_ round: Int) -> StoreState {
        var next = self
        let keys = index.keys.sorted()
        let old = keys[round % keys.count]
        var record = next.index.removeValue(forKey: old)!
        record.stamp = Stamp(inode: record.stamp.inode &+ 1_000_000, size: record.stamp.size, modified: record.stamp.modified + 1)
        let newKey = SHA256.hex(Array("\(old) edit \(round)".utf8))
        next.index[newKey] = record
        let paths = memos.keys.sorted()
        let path = paths[round % paths.count]
        var memo = next.memos[path]!
        memo.digest = SHA256.hex(Array("\(memo.digest) edit \(round)".utf8))
        if !memo.specs.isEmpty { memo.specs[0].text += "\n" }
        // A warning on every other edit, so each store's round trip of warnings is checked.
        memo.warnings = round % 2 == 0 ? [RecordedWarning(line: 3, column: 7, message: "edit \(round)", sourceLine: round % 4 == 0 ? "circle 38" : nil)] : []
        next.memos[path] = memo
        return next
    }
}

public struct Changes: Sendable {
    public var setIndex: [(String, IndexRecord)] = []
    public var removedIndex: [String] = []
    public var setMemos: [(String, DocMemo)] = []
    public var removedMemos: [String] = []
    public init() {}
}

/// One store design: how a rebuild reads the records at its start and writes its
/// changes at its end. Each call opens what it needs, as a new `skelsite build` process would.
public protocol Store {
    var name: String { get }
    /// Writes `state` whole (a first build).
    func writeAll(_ state: StoreState) throws
    /// Reads everything a rebuild reads at its start.
    func load() throws -> StoreState
    /// Writes what changed, in one go, the end of a rebuild that read `previous`.
    func write(_ state: StoreState, after previous: StoreState) throws
}

public struct BenchError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
