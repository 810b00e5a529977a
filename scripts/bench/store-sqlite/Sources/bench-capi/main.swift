import CSQLiteEval
import Foundation
import StoreModel

// The records in one SQLite file through the C API (Debian's libsqlite3, a
// `systemLibrary` target): `bench-capi --cache DIR --work DIR [--rounds N] [--sync off|normal]`.
// WAL, one transaction per build; each `load` and `write` opens the file anew, as a new
// `skelsite build` process would.

let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

final class Connection {
    let db: OpaquePointer

    init(_ path: String, sync: String) throws {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
              let handle else { throw BenchError("cannot open \(path)") }
        db = handle
        try execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=\(sync);")
    }

    deinit { sqlite3_close_v2(db) }

    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(db, sql, nil, nil, &message) == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? "?"
            sqlite3_free(message)
            throw BenchError("\(sql): \(text)")
        }
    }

    func prepare(_ sql: String) throws -> Statement {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK, let statement else {
            throw BenchError("\(sql): \(String(cString: sqlite3_errmsg(db)))")
        }
        return Statement(statement, db)
    }
}

final class Statement {
    let handle: OpaquePointer
    let db: OpaquePointer
    init(_ handle: OpaquePointer, _ db: OpaquePointer) {
        self.handle = handle
        self.db = db
    }
    deinit { sqlite3_finalize(handle) }

    func bind(_ index: Int32, _ text: String?) {
        if let text { sqlite3_bind_text(handle, index, text, -1, transient) } else { sqlite3_bind_null(handle, index) }
    }
    func bind(_ index: Int32, _ number: Int?) {
        if let number { sqlite3_bind_int64(handle, index, Int64(number)) } else { sqlite3_bind_null(handle, index) }
    }
    func bind(_ index: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { _ = sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), transient) }
    }

    /// Runs a statement that returns no rows, then resets it for the next bindings.
    func run() throws {
        defer { sqlite3_reset(handle) }
        guard sqlite3_step(handle) == SQLITE_DONE else { throw BenchError(String(cString: sqlite3_errmsg(db))) }
    }

    /// Steps through the rows.
    func rows(_ body: (Statement) throws -> Void) throws {
        defer { sqlite3_reset(handle) }
        while true {
            let step = sqlite3_step(handle)
            if step == SQLITE_DONE { return }
            guard step == SQLITE_ROW else { throw BenchError(String(cString: sqlite3_errmsg(db))) }
            try body(self)
        }
    }

    func text(_ column: Int32) -> String {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard let pointer = sqlite3_column_text(handle, column) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }
    func optionalText(_ column: Int32) -> String? { sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : text(column) }
    func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }
    func optionalInt(_ column: Int32) -> Int? { sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : int(column) }
    func blob(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard let pointer = sqlite3_column_blob(handle, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }
}

/// The tables: the index's records, the memos, their specs, and the memo settings.
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

/// Tags joined by a unit separator (a tag holds no control characters).
func joinTags(_ tags: [String]) -> String { tags.joined(separator: "\u{1F}") }
func splitTags(_ text: String) -> [String] { text.isEmpty ? [] : text.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init) }

struct CStore: Store {
    let name: String
    let path: String
    let sync: String

    init(directory: String, sync: String) {
        name = "SQLite C API (sync \(sync))"
        path = directory + "/store.sqlite"
        self.sync = sync
    }

    func writeAll(_ state: StoreState) throws {
        let connection = try Connection(path, sync: sync)
        try connection.execute(schema)
        try connection.execute("BEGIN IMMEDIATE")
        try connection.execute("DELETE FROM entry; DELETE FROM memo; DELETE FROM spec; DELETE FROM warning;")
        try writeChanges(state.changes(after: StoreState(index: [:], memoSettings: "", memos: [:])), settings: state.memoSettings, connection)
        try connection.execute("COMMIT")
    }

    func load() throws -> StoreState {
        let connection = try Connection(path, sync: sync)
        try connection.execute("BEGIN")
        defer { try? connection.execute("COMMIT") }
        var index: [String: IndexRecord] = [:]
        index.reserveCapacity(8192)
        try connection.prepare("SELECT key, inode, size, modified, head FROM entry").rows { row in
            index[row.text(0)] = IndexRecord(stamp: Stamp(inode: UInt64(bitPattern: Int64(row.int(1))), size: row.int(2), modified: row.int(3)),
                                             head: row.blob(4))
        }
        var settings = ""
        try connection.prepare("SELECT value FROM setting WHERE name = 'memo'").rows { settings = $0.text(0) }
        var memos: [String: DocMemo] = [:]
        try connection.prepare("SELECT path, digest, slug, title, front_title, front_description, front_order, tags FROM memo").rows { row in
            memos[row.text(0)] = DocMemo(digest: row.text(1), slug: row.text(2), title: row.text(3), frontTitle: row.optionalText(4),
                                         frontDescription: row.optionalText(5), tags: splitTags(row.text(7)), order: row.optionalInt(6), specs: [])
        }
        try connection.prepare("SELECT path, title, text, first_line, column_offset, fence_line, marker FROM spec ORDER BY path, number").rows { row in
            memos[row.text(0)]?.specs.append(SpecEntry(title: row.optionalText(1), text: row.text(2), firstLine: row.int(3),
                                                        columnOffset: row.int(4), fenceLine: row.int(5), marker: row.text(6)))
        }
        try connection.prepare("SELECT path, line, column_number, message, source_line FROM warning ORDER BY path, number").rows { row in
            memos[row.text(0)]?.warnings.append(RecordedWarning(line: row.int(1), column: row.int(2), message: row.text(3),
                                                                sourceLine: row.optionalText(4)))
        }
        return StoreState(index: index, memoSettings: settings, memos: memos)
    }

    func write(_ state: StoreState, after previous: StoreState) throws {
        let changes = state.changes(after: previous)
        let connection = try Connection(path, sync: sync)
        try connection.execute("BEGIN IMMEDIATE")
        try writeChanges(changes, settings: state.memoSettings, connection)
        try connection.execute("COMMIT")
    }

    func writeChanges(_ changes: Changes, settings: String, _ connection: Connection) throws {
        let setSetting = try connection.prepare("INSERT OR REPLACE INTO setting(name, value) VALUES ('memo', ?1)")
        setSetting.bind(1, settings)
        try setSetting.run()
        let setEntry = try connection.prepare("INSERT OR REPLACE INTO entry(key, inode, size, modified, head) VALUES (?1, ?2, ?3, ?4, ?5)")
        for (key, record) in changes.setIndex {
            setEntry.bind(1, key)
            setEntry.bind(2, Int(Int64(bitPattern: record.stamp.inode)))
            setEntry.bind(3, record.stamp.size)
            setEntry.bind(4, record.stamp.modified)
            setEntry.bind(5, record.head)
            try setEntry.run()
        }
        let dropEntry = try connection.prepare("DELETE FROM entry WHERE key = ?1")
        for key in changes.removedIndex {
            dropEntry.bind(1, key)
            try dropEntry.run()
        }
        let setMemo = try connection.prepare("""
            INSERT OR REPLACE INTO memo(path, digest, slug, title, front_title, front_description, front_order, tags)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
            """)
        let dropSpecs = try connection.prepare("DELETE FROM spec WHERE path = ?1")
        let dropMemo = try connection.prepare("DELETE FROM memo WHERE path = ?1")
        let setSpec = try connection.prepare("""
            INSERT INTO spec(path, number, title, text, first_line, column_offset, fence_line, marker)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
            """)
        let dropWarnings = try connection.prepare("DELETE FROM warning WHERE path = ?1")
        let setWarning = try connection.prepare("""
            INSERT INTO warning(path, number, line, column_number, message, source_line) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            """)
        for path in changes.removedMemos + changes.setMemos.map(\.0) {
            dropSpecs.bind(1, path)
            try dropSpecs.run()
            dropWarnings.bind(1, path)
            try dropWarnings.run()
        }
        for path in changes.removedMemos {
            dropMemo.bind(1, path)
            try dropMemo.run()
        }
        for (path, memo) in changes.setMemos {
            setMemo.bind(1, path)
            setMemo.bind(2, memo.digest)
            setMemo.bind(3, memo.slug)
            setMemo.bind(4, memo.title)
            setMemo.bind(5, memo.frontTitle)
            setMemo.bind(6, memo.frontDescription)
            setMemo.bind(7, memo.order)
            setMemo.bind(8, joinTags(memo.tags))
            try setMemo.run()
            for (number, spec) in memo.specs.enumerated() {
                setSpec.bind(1, path)
                setSpec.bind(2, number)
                setSpec.bind(3, spec.title)
                setSpec.bind(4, spec.text)
                setSpec.bind(5, spec.firstLine)
                setSpec.bind(6, spec.columnOffset)
                setSpec.bind(7, spec.fenceLine)
                setSpec.bind(8, spec.marker)
                try setSpec.run()
            }
            for (number, warning) in memo.warnings.enumerated() {
                setWarning.bind(1, path)
                setWarning.bind(2, number)
                setWarning.bind(3, warning.line)
                setWarning.bind(4, warning.column)
                setWarning.bind(5, warning.message)
                setWarning.bind(6, warning.sourceLine)
                try setWarning.run()
            }
        }
    }
}

/// Whole entry files as blobs, one row each.
final class CBlobs: BlobStore {
    let name: String
    let path: String
    let sync: String
    /// The build's one connection, opened at its first read.
    var reader: Connection?

    init(directory: String, sync: String) {
        name = "SQLite C API blobs (sync \(sync))"
        path = directory + "/entries.sqlite"
        self.sync = sync
    }

    func putAll(_ entries: [(String, [UInt8])]) throws {
        let connection = try Connection(path, sync: sync)
        try connection.execute("CREATE TABLE IF NOT EXISTS entry(key TEXT PRIMARY KEY, bytes BLOB NOT NULL); BEGIN IMMEDIATE")
        let insert = try connection.prepare("INSERT INTO entry(key, bytes) VALUES (?1, ?2)")
        for (key, bytes) in entries {
            insert.bind(1, key)
            insert.bind(2, bytes)
            try insert.run()
        }
        try connection.execute("COMMIT")
    }

    func get(_ key: String) throws -> [UInt8]? {
        if reader == nil { reader = try Connection(path, sync: sync) }
        let connection = reader!
        let select = try connection.prepare("SELECT bytes FROM entry WHERE key = ?1")
        select.bind(1, key)
        var found: [UInt8]?
        try select.rows { found = $0.blob(0) }
        return found
    }
}

do {
    let options = try Options(CommandLine.arguments)
    try runStoreBench({ CStore(directory: $0, sync: options.sync) }, options: options)
    try runBlobBench({ CBlobs(directory: $0, sync: options.sync) }, options: options)
} catch {
    FileHandle.standardError.write(Data("bench-capi: \(error)\n".utf8))
    exit(2)
}
