import Foundation
import GRDB
import StoreModel

// The same tables as bench-capi, through GRDB 7.10 (Row cursors read by column index and
// cached statements: GRDB's fast path, not Codable records):
// `bench-grdb --cache DIR --work DIR [--rounds N] [--sync off|normal]`.
// WAL, one transaction per build; each `load` and `write` opens the file anew, as a new
// `skelsite build` process would.

func open(_ path: String, sync: String) throws -> DatabaseQueue {
    var configuration = Configuration()
    configuration.journalMode = .wal
    configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = \(sync)") }
    return try DatabaseQueue(path: path, configuration: configuration)
}

let schema = """
CREATE TABLE IF NOT EXISTS setting(name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS entry(key TEXT PRIMARY KEY, inode INTEGER NOT NULL, size INTEGER NOT NULL,
    modified INTEGER NOT NULL, head BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS memo(path TEXT PRIMARY KEY, digest TEXT NOT NULL, slug TEXT NOT NULL, title TEXT NOT NULL,
    front_title TEXT, front_description TEXT, front_order INTEGER, tags TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS spec(path TEXT NOT NULL, number INTEGER NOT NULL, title TEXT, text TEXT NOT NULL,
    first_line INTEGER NOT NULL, column_offset INTEGER NOT NULL, fence_line INTEGER NOT NULL, marker TEXT NOT NULL,
    PRIMARY KEY(path, number));
CREATE TABLE IF NOT EXISTS warning(path TEXT NOT NULL, number INTEGER NOT NULL, line INTEGER NOT NULL,
    column_number INTEGER NOT NULL, message TEXT NOT NULL, source_line TEXT, PRIMARY KEY(path, number));
"""

func joinTags(_ tags: [String]) -> String { tags.joined(separator: "\u{1F}") }
func splitTags(_ text: String) -> [String] { text.isEmpty ? [] : text.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init) }

struct GRDBStore: Store {
    let name: String
    let path: String
    let sync: String

    init(directory: String, sync: String) {
        name = "SQLite GRDB (sync \(sync))"
        path = directory + "/store.sqlite"
        self.sync = sync
    }

    func writeAll(_ state: StoreState) throws {
        let queue = try open(path, sync: sync)
        try queue.write { db in
            try db.execute(sql: schema)
            try db.execute(sql: "DELETE FROM entry; DELETE FROM memo; DELETE FROM spec; DELETE FROM warning;")
            try writeChanges(state.changes(after: StoreState(index: [:], memoSettings: "", memos: [:])), settings: state.memoSettings, db)
        }
    }

    func load() throws -> StoreState {
        let queue = try open(path, sync: sync)
        return try queue.read { db in
            var index: [String: IndexRecord] = [:]
            index.reserveCapacity(8192)
            let entries = try Row.fetchCursor(db, sql: "SELECT key, inode, size, modified, head FROM entry")
            while let row = try entries.next() {
                let head: Data = row[4]
                index[row[0]] = IndexRecord(stamp: Stamp(inode: UInt64(bitPattern: row[1] as Int64), size: row[2], modified: row[3]),
                                            head: [UInt8](head))
            }
            let settings = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE name = 'memo'") ?? ""
            var memos: [String: DocMemo] = [:]
            let memoRows = try Row.fetchCursor(db, sql: "SELECT path, digest, slug, title, front_title, front_description, front_order, tags FROM memo")
            while let row = try memoRows.next() {
                memos[row[0]] = DocMemo(digest: row[1], slug: row[2], title: row[3], frontTitle: row[4], frontDescription: row[5],
                                        tags: splitTags(row[7]), order: row[6], specs: [])
            }
            let specs = try Row.fetchCursor(db, sql: "SELECT path, title, text, first_line, column_offset, fence_line, marker FROM spec ORDER BY path, number")
            while let row = try specs.next() {
                let path: String = row[0]
                memos[path]?.specs.append(SpecEntry(title: row[1], text: row[2], firstLine: row[3], columnOffset: row[4],
                                                    fenceLine: row[5], marker: row[6]))
            }
            let warnings = try Row.fetchCursor(db, sql: "SELECT path, line, column_number, message, source_line FROM warning ORDER BY path, number")
            while let row = try warnings.next() {
                let path: String = row[0]
                memos[path]?.warnings.append(RecordedWarning(line: row[1], column: row[2], message: row[3], sourceLine: row[4]))
            }
            return StoreState(index: index, memoSettings: settings, memos: memos)
        }
    }

    func write(_ state: StoreState, after previous: StoreState) throws {
        let changes = state.changes(after: previous)
        let queue = try open(path, sync: sync)
        try queue.write { db in try writeChanges(changes, settings: state.memoSettings, db) }
    }

    func writeChanges(_ changes: Changes, settings: String, _ db: Database) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO setting(name, value) VALUES ('memo', ?)", arguments: [settings])
        let setEntry = try db.cachedStatement(sql: "INSERT OR REPLACE INTO entry(key, inode, size, modified, head) VALUES (?, ?, ?, ?, ?)")
        for (key, record) in changes.setIndex {
            try setEntry.execute(arguments: [key, Int64(bitPattern: record.stamp.inode), record.stamp.size, record.stamp.modified, Data(record.head)])
        }
        let dropEntry = try db.cachedStatement(sql: "DELETE FROM entry WHERE key = ?")
        for key in changes.removedIndex { try dropEntry.execute(arguments: [key]) }
        let dropSpecs = try db.cachedStatement(sql: "DELETE FROM spec WHERE path = ?")
        let dropWarnings = try db.cachedStatement(sql: "DELETE FROM warning WHERE path = ?")
        for path in changes.removedMemos + changes.setMemos.map(\.0) {
            try dropSpecs.execute(arguments: [path])
            try dropWarnings.execute(arguments: [path])
        }
        let dropMemo = try db.cachedStatement(sql: "DELETE FROM memo WHERE path = ?")
        for path in changes.removedMemos { try dropMemo.execute(arguments: [path]) }
        let setMemo = try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO memo(path, digest, slug, title, front_title, front_description, front_order, tags)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let setSpec = try db.cachedStatement(sql: """
            INSERT INTO spec(path, number, title, text, first_line, column_offset, fence_line, marker)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let setWarning = try db.cachedStatement(sql: """
            INSERT INTO warning(path, number, line, column_number, message, source_line) VALUES (?, ?, ?, ?, ?, ?)
            """)
        for (path, memo) in changes.setMemos {
            try setMemo.execute(arguments: [path, memo.digest, memo.slug, memo.title, memo.frontTitle, memo.frontDescription,
                                            memo.order, joinTags(memo.tags)])
            for (number, spec) in memo.specs.enumerated() {
                try setSpec.execute(arguments: [path, number, spec.title, spec.text, spec.firstLine, spec.columnOffset,
                                                spec.fenceLine, spec.marker])
            }
            for (number, warning) in memo.warnings.enumerated() {
                try setWarning.execute(arguments: [path, number, warning.line, warning.column, warning.message, warning.sourceLine])
            }
        }
    }
}

/// Whole entry files as blobs, one row each.
final class GRDBBlobs: BlobStore {
    let name: String
    let path: String
    let sync: String
    /// The build's one connection, opened at its first read.
    var reader: DatabaseQueue?

    init(directory: String, sync: String) {
        name = "SQLite GRDB blobs (sync \(sync))"
        path = directory + "/entries.sqlite"
        self.sync = sync
    }

    func putAll(_ entries: [(String, [UInt8])]) throws {
        let queue = try open(path, sync: sync)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS entry(key TEXT PRIMARY KEY, bytes BLOB NOT NULL)")
            let insert = try db.cachedStatement(sql: "INSERT INTO entry(key, bytes) VALUES (?, ?)")
            for (key, bytes) in entries { try insert.execute(arguments: [key, Data(bytes)]) }
        }
    }

    func get(_ key: String) throws -> [UInt8]? {
        if reader == nil { reader = try open(path, sync: sync) }
        return try reader!.read { db in
            try Data.fetchOne(db, sql: "SELECT bytes FROM entry WHERE key = ?", arguments: [key]).map { [UInt8]($0) }
        }
    }
}

do {
    let options = try Options(CommandLine.arguments)
    try runStoreBench({ GRDBStore(directory: $0, sync: options.sync) }, options: options)
    try runBlobBench({ GRDBBlobs(directory: $0, sync: options.sync) }, options: options)
} catch {
    FileHandle.standardError.write(Data("bench-grdb: \(error)\n".utf8))
    exit(2)
}
