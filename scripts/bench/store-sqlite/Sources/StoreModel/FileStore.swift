import Foundation

/// Today's store: `.entries.index` with `.entries.journal`, and `.docs.memo`, read and
/// written as Sources/SkelSite/Store/RenderCacheIndex.swift, RenderCacheJournal.swift and
/// DocMemo.swift do (their decoders and encoders copied here, less the process memory
/// `serve` keeps and the crash points the tests kill at).
public final class FileStore: Store, @unchecked Sendable {
    public let name = "files (index + journal + memo)"
    let directory: String
    static let indexName = ".entries.index"
    static let journalName = ".entries.journal"
    static let memoName = ".docs.memo"
    static let indexMagic = "skelsite-render-index 1\n"
    static let journalMagic = "skelsite-render-journal 1 "
    /// Version 2 keeps each doc's warnings; a version 1 file (a skelsite from before
    /// that) is read as memos without warnings.
    static let memoMagic = "skelsite-doc-memo 2\n"
    static let memoMagicVersion1 = "skelsite-doc-memo 1\n"
    static let smallestLimit = 64 * 1024

    /// What the last `load` or whole write found, as RenderCacheIndex keeps it.
    var baseDigest: String?
    var baseSize = 0
    var journalLength = 0

    public init(directory: String) {
        self.directory = directory
    }

    func path(_ name: String) -> String { directory + "/" + name }

    // MARK: the store

    public func writeAll(_ state: StoreState) throws {
        writeIndex(state.index)
        try writeMemos(state.memos, settings: state.memoSettings)
    }

    public func load() throws -> StoreState {
        guard let bytes = Self.readRegularFile(path(Self.indexName)), var index = Self.decodeIndex(bytes) else {
            throw BenchError("\(path(Self.indexName)): missing or damaged")
        }
        baseDigest = String(decoding: bytes.suffix(64), as: UTF8.self)
        baseSize = bytes.count
        let journal = Self.readJournal(path(Self.journalName), base: baseDigest!)
        for (key, record) in journal.changes { index[key] = record }
        journalLength = journal.length
        guard let memoBytes = Self.readRegularFile(path(Self.memoName)), let memos = Self.decodeMemos(memoBytes) else {
            throw BenchError("\(path(Self.memoName)): missing or damaged")
        }
        return StoreState(index: index, memoSettings: memos.settings, memos: memos.memos)
    }

    public func write(_ state: StoreState, after previous: StoreState) throws {
        if state.index != previous.index { writeIndex(state.index, after: previous.index) }
        if state.memos != previous.memos { try writeMemos(state.memos, settings: state.memoSettings) }
    }

    /// The two halves of a one-spec edit's write, each alone: the index's journal batch
    /// and the memo file written whole (the file the build writes again for any doc edit).
    public func timeWriteParts(_ state: StoreState, rounds: Int) throws {
        var journal: [Timing] = [], memo: [Timing] = []
        var current = state
        _ = try load()
        for round in 0..<rounds {
            let next = current.editingOneSpec(round)
            journal.append(measure { writeIndex(next.index, after: current.index) }.1)
            memo.append(try measure { try writeMemos(next.memos, settings: next.memoSettings) }.1)
            current = next
        }
        report(name, "write: the index's journal batch alone", journal)
        report(name, "write: the memo file whole, alone", memo)
    }

    // MARK: index and journal (RenderCacheIndex.write, RenderCacheJournal.append)

    func writeIndex(_ records: [String: IndexRecord], after previous: [String: IndexRecord]) {
        guard let base = baseDigest else { return writeIndex(records) }
        var changes: [(String, IndexRecord?)] = records.filter { previous[$0.key] != $0.value }
            .map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 }
        changes += previous.keys.filter { records[$0] == nil }.sorted().map { ($0, nil) }
        if changes.isEmpty { return }
        let batch = Self.batch(changes)
        if journalLength + batch.count > max(baseSize, Self.smallestLimit) { return writeIndex(records) }
        appendJournal(batch, base: base)
    }

    func writeIndex(_ records: [String: IndexRecord]) {
        let final = path(Self.indexName)
        let temporary = final + ".tmp-\(getpid())"
        let bytes = Self.encodeIndex(records)
        guard Self.writeFile(bytes, to: temporary) else { unlink(temporary); return }
        guard rename(temporary, final) == 0 else { unlink(temporary); return }
        baseDigest = String(decoding: bytes.suffix(64), as: UTF8.self)
        baseSize = bytes.count
        journalLength = 0
        let journal = path(Self.journalName)
        if access(journal, F_OK) == 0 { unlink(journal) }
    }

    func appendJournal(_ batch: [UInt8], base: String) {
        let journal = path(Self.journalName)
        let descriptor = journalLength > 0 ? open(journal, O_WRONLY | O_CLOEXEC | O_NOFOLLOW) : -1
        var info = stat()
        guard descriptor >= 0, fstat(descriptor, &info) == 0, Int(info.st_size) >= journalLength else {
            if descriptor >= 0 { close(descriptor) }
            let temporary = journal + ".tmp-\(getpid())"
            guard Self.writeFile(Array((Self.journalMagic + base + "\n").utf8) + batch, to: temporary) else {
                unlink(temporary)
                return
            }
            if rename(temporary, journal) != 0 { unlink(temporary) }
            return
        }
        defer { close(descriptor) }
        if Int(info.st_size) != journalLength {
            guard ftruncate(descriptor, off_t(journalLength)) == 0 else { return }
        }
        var written = 0
        batch.withUnsafeBytes { raw in
            while written < raw.count {
                let wrote = pwrite(descriptor, raw.baseAddress! + written, raw.count - written, off_t(journalLength + written))
                if wrote < 0 && errno == EINTR { continue }
                if wrote <= 0 { return }
                written += wrote
            }
        }
    }

    static func encodeIndex(_ records: [String: IndexRecord]) -> [UInt8] {
        var out = Array(indexMagic.utf8)
        for key in records.keys.sorted() {
            let record = records[key]!
            out += Array("\(key) \(record.stamp.inode) \(record.stamp.size) \(record.stamp.modified) \(record.head.count)\n".utf8)
            out += record.head
        }
        out += Array(SHA256.hex(out).utf8)
        return out
    }

    public static func decodeIndex(_ bytes: [UInt8]) -> [String: IndexRecord]? {
        let magicBytes = Array(indexMagic.utf8)
        guard bytes.count >= magicBytes.count + 64, Array(bytes.prefix(magicBytes.count)) == magicBytes else { return nil }
        let end = bytes.count - 64
        guard String(decoding: bytes[end...], as: UTF8.self) == bytes.withUnsafeBytes({ SHA256.hex(UnsafeRawBufferPointer(rebasing: $0[..<end])) })
        else { return nil }
        var records: [String: IndexRecord] = [:]
        records.reserveCapacity(bytes.count / 900)
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
                records[key] = IndexRecord(stamp: Stamp(inode: inode, size: size, modified: modified),
                                           head: Array(UnsafeBufferPointer(rebasing: buffer[fields.at..<fields.at + count])))
                fields.at += count
            }
            return true
        }
        return parsed ? records : nil
    }

    static func readJournal(_ path: String, base: String) -> (changes: [(String, IndexRecord?)], length: Int) {
        guard let bytes = readRegularFile(path) else { return ([], 0) }
        let header = Array((journalMagic + base + "\n").utf8)
        guard bytes.count >= header.count, bytes[..<header.count].elementsEqual(header) else { return ([], 0) }
        var changes: [(String, IndexRecord?)] = []
        var offset = header.count
        while offset < bytes.count {
            guard let newline = bytes[offset...].firstIndex(of: 0x0A) else { break }
            let fields = String(decoding: bytes[offset..<newline], as: UTF8.self).split(separator: " ")
            guard fields.count == 3, fields[0] == "batch", let length = Int(fields[1]), length > 0,
                  bytes.count - newline - 1 >= length else { break }
            let body = Array(bytes[(newline + 1)..<(newline + 1 + length)])
            guard SHA256.hex(body) == fields[2], let parsed = parseBatch(body) else { break }
            changes += parsed
            offset = newline + 1 + length
        }
        return (changes, offset)
    }

    static func parseBatch(_ body: [UInt8]) -> [(String, IndexRecord?)]? {
        var changes: [(String, IndexRecord?)] = []
        var offset = 0
        while offset < body.count {
            guard let newline = body[offset...].firstIndex(of: 0x0A) else { return nil }
            let fields = String(decoding: body[offset..<newline], as: UTF8.self).split(separator: " ")
            offset = newline + 1
            if fields.count == 2, fields[0] == "-", fields[1].utf8.count == 64 {
                changes.append((String(fields[1]), nil))
                continue
            }
            guard fields.count == 6, fields[0] == "+", fields[1].utf8.count == 64, let inode = UInt64(fields[2]),
                  let size = Int(fields[3]), let modified = Int(fields[4]), let count = Int(fields[5]), count >= 0,
                  body.count - offset >= count else { return nil }
            changes.append((String(fields[1]), IndexRecord(stamp: Stamp(inode: inode, size: size, modified: modified),
                                                           head: Array(body[offset..<(offset + count)]))))
            offset += count
        }
        return changes
    }

    static func batch(_ changes: [(String, IndexRecord?)]) -> [UInt8] {
        var body: [UInt8] = []
        for (key, record) in changes {
            if let record {
                body += Array("+ \(key) \(record.stamp.inode) \(record.stamp.size) \(record.stamp.modified) \(record.head.count)\n".utf8)
                body += record.head
            } else {
                body += Array("- \(key)\n".utf8)
            }
        }
        return Array("batch \(body.count) \(SHA256.hex(body))\n".utf8) + body
    }

    // MARK: doc memos (DocMemoStore)

    func writeMemos(_ memos: [String: DocMemo], settings: String) throws {
        let final = path(Self.memoName)
        let temporary = final + ".tmp-\(getpid())"
        guard Self.writeFile(Self.encodeMemos(memos, settings: settings), to: temporary) else {
            unlink(temporary)
            throw BenchError("cannot write \(temporary)")
        }
        if rename(temporary, final) != 0 { unlink(temporary) }
    }

    static func encodeMemos(_ memos: [String: DocMemo], settings: String) -> [UInt8] {
        var out = FieldWriter()
        out.bytes = Array(memoMagic.utf8)
        out.field(settings)
        out.field(String(memos.count))
        for path in memos.keys.sorted() {
            let memo = memos[path]!
            out.field(path)
            out.field(memo.digest)
            out.field(memo.slug)
            out.field(memo.title)
            out.optional(memo.frontTitle)
            out.optional(memo.frontDescription)
            out.optional(memo.order.map(String.init))
            out.field(String(memo.tags.count))
            for tag in memo.tags { out.field(tag) }
            out.field(String(memo.specs.count))
            for spec in memo.specs {
                out.optional(spec.title)
                out.field(spec.text)
                out.field("\(spec.firstLine) \(spec.columnOffset) \(spec.fenceLine)")
                out.field(spec.marker)
            }
            out.field(String(memo.warnings.count))
            for warning in memo.warnings {
                out.field("\(warning.line) \(warning.column)")
                out.field(warning.message)
                out.optional(warning.sourceLine)
            }
        }
        out.bytes += Array(SHA256.hex(out.bytes).utf8)
        return out.bytes
    }

    public static func decodeMemos(_ bytes: [UInt8]) -> (settings: String, memos: [String: DocMemo])? {
        let magicBytes = Array(memoMagic.utf8)
        guard bytes.count > magicBytes.count + 64 else { return nil }
        let head = Array(bytes.prefix(magicBytes.count))
        guard head == magicBytes || head == Array(memoMagicVersion1.utf8) else { return nil }
        let keepsWarnings = head == magicBytes
        let body = Array(bytes[..<(bytes.count - 64)])
        guard String(decoding: bytes[(bytes.count - 64)...], as: UTF8.self) == SHA256.hex(body) else { return nil }
        var input = FieldReader(bytes: body, offset: magicBytes.count)
        guard let settings = input.field(), let count = input.int() else { return nil }
        var memos: [String: DocMemo] = [:]
        for _ in 0..<count {
            guard let path = input.field(), let digest = input.field(), let slug = input.field(), let title = input.field(),
                  let fmTitle = input.optional(), let description = input.optional(), let order = input.optional(),
                  let tagCount = input.int() else { return nil }
            var tags: [String] = []
            for _ in 0..<tagCount {
                guard let tag = input.field() else { return nil }
                tags.append(tag)
            }
            guard let specCount = input.int() else { return nil }
            var specs: [SpecEntry] = []
            for _ in 0..<specCount {
                guard let specTitle = input.optional(), let text = input.field(), let lines = input.field(),
                      let marker = input.field() else { return nil }
                let numbers = lines.split(separator: " ").compactMap { Int($0) }
                guard numbers.count == 3 else { return nil }
                specs.append(SpecEntry(title: specTitle, text: text, firstLine: numbers[0], columnOffset: numbers[1],
                                       fenceLine: numbers[2], marker: marker))
            }
            var warnings: [RecordedWarning] = []
            if keepsWarnings {
                guard let warningCount = input.int(), warningCount >= 0 else { return nil }
                for _ in 0..<warningCount {
                    guard let place = input.field(), let message = input.field(), let sourceLine = input.optional() else { return nil }
                    let numbers = place.split(separator: " ").compactMap { Int($0) }
                    guard numbers.count == 2 else { return nil }
                    warnings.append(RecordedWarning(line: numbers[0], column: numbers[1], message: message, sourceLine: sourceLine))
                }
            }
            var orderValue: Int?
            if let order {
                guard let number = Int(order) else { return nil }
                orderValue = number
            }
            memos[path] = DocMemo(digest: digest, slug: slug, title: title, frontTitle: fmTitle, frontDescription: description,
                                  tags: tags, order: orderValue, specs: specs, warnings: warnings)
        }
        guard input.offset == body.count else { return nil }
        return (settings, memos)
    }

    struct FieldWriter {
        var bytes: [UInt8] = []

        mutating func field(_ text: String) {
            let utf8 = Array(text.utf8)
            bytes += Array("\(utf8.count):".utf8)
            bytes += utf8
        }

        mutating func optional(_ text: String?) {
            if let text { field(text) } else { bytes.append(UInt8(ascii: "-")) }
        }
    }

    struct FieldReader {
        let bytes: [UInt8]
        var offset: Int

        mutating func field() -> String? {
            var length = 0, digits = 0
            while offset < bytes.count, bytes[offset] >= 0x30, bytes[offset] <= 0x39, digits < 10 {
                length = length * 10 + Int(bytes[offset] - 0x30)
                offset += 1
                digits += 1
            }
            guard digits > 0, offset < bytes.count, bytes[offset] == UInt8(ascii: ":"),
                  bytes.count - offset - 1 >= length else { return nil }
            let start = offset + 1
            offset = start + length
            return String(decoding: bytes[start..<offset], as: UTF8.self)
        }

        mutating func optional() -> String?? {
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") {
                offset += 1
                return .some(nil)
            }
            return field().map { .some($0) }
        }

        mutating func int() -> Int? { field().flatMap { Int($0) } }
    }

    // MARK: plain files (RenderCache.readRegularFile, PlainFileWriter: no fsync)

    public static func readRegularFile(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var filled = 0
            while filled < size {
                let count = read(fd, buffer.baseAddress! + filled, size - filled)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                filled += count
            }
            complete = filled == size
            initialized = filled
        }
        return complete ? bytes : nil
    }

    @discardableResult
    public static func writeFile(_ bytes: [UInt8], to path: String, exclusive: Bool = false) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | (exclusive ? O_EXCL : O_TRUNC) | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let wrote = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if wrote < 0 && errno == EINTR { continue }
                if wrote <= 0 { return false }
                offset += wrote
            }
            return true
        }
    }
}
