import Foundation

/// `<cache>/.entries.index`: for each entry the last build used, how its `.entry` file
/// looked (inode, size, modification time) and its head: the meta and digest lines
/// before its HTML and CSS. A rebuild whose entry file still looks so takes the head
/// from here and does not open the file (why: opening and checking 5000 entries was a
/// fifth of a one-spec rebuild); the HTML and CSS are read, and checked, only when this
/// build makes the page that shows the component (else `ComponentArtifacts.Body.unread`).
///
/// Not trusted either: the file ends with the SHA-256 of what precedes it, and a file
/// that does not check out holds nothing (every entry is then opened as before). An
/// entry file changed since (edited, replaced, truncated) no longer matches its stamp.
///
/// A rebuild does not write the whole file again: what changed is appended to
/// `.entries.journal` (`RenderCacheJournal`), and the two are compacted into a new index
/// when the journal grows past the index's own size.
package struct RenderCacheIndex: Sendable, Equatable {
    package static let fileName = ".entries.index"
    private static let magic = "skelsite-render-index 1\n"

    /// The SHA-256 hex the index file this came from ends with (nil: not from a file), and
    /// that file's size; the journal names the index it follows by this digest.
    package var baseDigest: String?
    package var baseSize = 0
    /// The length of the journal's whole batches read over it (0: none).
    package var journalLength = 0

    package static func == (a: RenderCacheIndex, b: RenderCacheIndex) -> Bool { a.records == b.records }

    package struct Record: Sendable, Equatable {
        package var stamp: GenerationFiles.Stamp
        /// The entry file's bytes up to and including the empty line. A slice: the records
        /// read from one file share its bytes (why: 5000 heads copied out one by one were
        /// a third of reading a big site's index).
        package var head: ArraySlice<UInt8>

        package init(stamp: GenerationFiles.Stamp, head: [UInt8]) {
            self.init(stamp: stamp, head: head[...])
        }

        package init(stamp: GenerationFiles.Stamp, head: ArraySlice<UInt8>) {
            self.stamp = stamp
            self.head = head
        }
    }

    package var records: [String: Record] = [:]

    package init(baseDigest: String? = nil, baseSize: Int = 0, journalLength: Int = 0, records: [String: Record] = [:]) {
        self.baseDigest = baseDigest
        self.baseSize = baseSize
        self.journalLength = journalLength
        self.records = records
    }

    /// The head of an entry file's bytes (through the first empty line), or nil.
    package static func head(of entry: [UInt8]) -> [UInt8]? {
        var end = 0
        while end + 1 < entry.count && !(entry[end] == 0x0A && entry[end + 1] == 0x0A) { end += 1 }
        guard end + 1 < entry.count else { return nil }
        return Array(entry[...(end + 1)])
    }

    /// The index file, with the journal's changes over it.
    package static func read(from directory: URL) -> RenderCacheIndex {
        guard var index = BuildMemory.cacheIndex.value(at: directory.appendingPathComponent(fileName).path, decode: decode),
              let digest = index.baseDigest else { return .init() }
        let journal = RenderCacheJournal.read(from: directory, base: digest)
        for (key, record) in journal.changes { index.records[key] = record }
        index.journalLength = journal.length
        return index
    }

    /// Saves this index for the next build, which read `previous`: appends the changes to
    /// the journal, or writes the whole index when there is no index to follow or the
    /// journal would outgrow it (or 64 KiB, for a small site's index).
    package func write(to directory: URL, after previous: RenderCacheIndex) {
        guard let base = previous.baseDigest else { return write(to: directory) }
        // Compared first, then only the changes sorted (why: sorting 5000 keys to append
        // one changed entry cost more than the append).
        var changes: [(String, Record?)] = records.filter { previous.records[$0.key] != $0.value }
            .map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 }
        changes += previous.records.keys.filter { records[$0] == nil }.sorted().map { ($0, nil) }
        if changes.isEmpty { return }
        let batch = RenderCacheJournal.batch(changes)
        if previous.journalLength + batch.count > max(previous.baseSize, RenderCacheJournal.smallestLimit) { return write(to: directory) }
        RenderCacheJournal.append(batch, to: directory, base: base, validLength: previous.journalLength)
    }

    /// The whole index under a temporary name, then renamed into place; the journal of
    /// the index it replaces is removed (it names that index, so it is never applied to
    /// this one, even when the removal does not happen).
    package func write(to directory: URL) {
        let final = directory.appendingPathComponent(Self.fileName).path
        let temporary = directory.appendingPathComponent("\(Self.fileName).tmp-\(ProcessInfo.processInfo.processIdentifier)").path
        let bytes = encoded()
        CrashPoint.mutation()
        guard (try? PlainFileWriter.write(bytes, to: temporary)) != nil else {
            unlink(temporary)
            return
        }
        CrashPoint.mutation()
        var written = self
        written.baseDigest = String(decoding: bytes.suffix(64), as: UTF8.self)
        written.baseSize = bytes.count
        written.journalLength = 0
        guard rename(temporary, final) == 0 else {
            unlink(temporary)
            return
        }
        BuildMemory.cacheIndex.remember(written, at: final)
        let journal = directory.appendingPathComponent(RenderCacheJournal.fileName).path
        if access(journal, F_OK) == 0 {
            CrashPoint.mutation()
            unlink(journal)
        }
    }

    /// A line `key inode size modified head-bytes` per entry, sorted by key, each followed
    /// by its head; then the SHA-256 hex of all that.
    package func encoded() -> [UInt8] {
        var out = Array(Self.magic.utf8)
        for key in records.keys.sorted() {
            let record = records[key]!
            out += Array("\(key) \(record.stamp.inode) \(record.stamp.size) \(record.stamp.modified) \(record.head.count)\n".utf8)
            out += record.head
        }
        out += Array(SHA256.hex(out).utf8)
        return out
    }

    package static func decode(_ bytes: [UInt8]) -> RenderCacheIndex? {
        let magicBytes = Array(magic.utf8)
        guard let end = SHA256.checkedContentEnd(bytes, magic: magicBytes) else { return nil }
        var index = RenderCacheIndex()
        index.baseDigest = String(decoding: bytes[end...], as: UTF8.self)
        index.baseSize = bytes.count
        index.records.reserveCapacity(bytes.count / 900)
        // Field by field over the bytes (why: splitting 5000 lines into strings was most
        // of reading the index).
        let parsed = bytes.withUnsafeBufferPointer { buffer -> Bool in
            var fields = DecimalFields(buffer: buffer, end: end, at: magicBytes.count)
            while fields.at < end {
                let at = fields.at
                guard end - at > 65, buffer[at + 64] == 0x20 else { return false }
                let key = String(decoding: UnsafeBufferPointer(rebasing: buffer[at..<at + 64]), as: UTF8.self)
                fields.at += 65
                guard let inode = fields.unsigned(0x20), let size = fields.number(0x20),
                      let modified = fields.number(0x20), let count = fields.unsigned(0x0A).flatMap({ Int(exactly: $0) }),
                      end - fields.at >= count else { return false }
                index.records[key] = Record(stamp: .init(inode: inode, size: size, modified: modified),
                                            head: bytes[fields.at..<fields.at + count])
                fields.at += count
            }
            return true
        }
        return parsed ? index : nil
    }
}
