import Foundation

/// `<cache>/.entries.index`: for each entry the last build used, how its `.entry` file
/// looked (inode, size, modification time) and its head: the meta and digest lines
/// before its HTML and CSS. A rebuild whose entry file still looks so takes the head
/// from here and does not open the file (why: opening and checking 5000 entries was a
/// fifth of a one-spec rebuild); the HTML and CSS are read, and checked, only when a
/// page that shows the component is made (`ComponentArtifacts.Body.deferred`).
///
/// Not trusted either: the file ends with the SHA-256 of what precedes it, and a file
/// that does not check out holds nothing (every entry is then opened as before). An
/// entry file changed since (edited, replaced, truncated) no longer matches its stamp.
struct RenderCacheIndex: Sendable, Equatable {
    static let fileName = ".entries.index"
    private static let magic = "skelsite-render-index 1\n"

    struct Record: Sendable, Equatable {
        var stamp: GenerationFiles.Stamp
        /// The entry file's bytes up to and including the empty line.
        var head: [UInt8]
    }

    var records: [String: Record] = [:]

    /// The head of an entry file's bytes (through the first empty line), or nil.
    static func head(of entry: [UInt8]) -> [UInt8]? {
        var end = 0
        while end + 1 < entry.count && !(entry[end] == 0x0A && entry[end + 1] == 0x0A) { end += 1 }
        guard end + 1 < entry.count else { return nil }
        return Array(entry[...(end + 1)])
    }

    static func read(from directory: URL) -> RenderCacheIndex {
        BuildMemory.cacheIndex.value(at: directory.appendingPathComponent(fileName).path, decode: decode) ?? .init()
    }

    /// Under a temporary name, then renamed into place.
    func write(to directory: URL) {
        let final = directory.appendingPathComponent(Self.fileName).path
        let temporary = directory.appendingPathComponent("\(Self.fileName).tmp-\(ProcessInfo.processInfo.processIdentifier)").path
        CrashPoint.mutation()
        guard (try? PlainFileWriter.write(encoded(), to: temporary)) != nil else {
            unlink(temporary)
            return
        }
        CrashPoint.mutation()
        if rename(temporary, final) != 0 { unlink(temporary) } else { BuildMemory.cacheIndex.remember(self, at: final) }
    }

    /// A line `key inode size modified head-bytes` per entry, sorted by key, each followed
    /// by its head; then the SHA-256 hex of all that.
    func encoded() -> [UInt8] {
        var out = Array(Self.magic.utf8)
        for key in records.keys.sorted() {
            let record = records[key]!
            out += Array("\(key) \(record.stamp.inode) \(record.stamp.size) \(record.stamp.modified) \(record.head.count)\n".utf8)
            out += record.head
        }
        out += Array(SHA256.hex(out).utf8)
        return out
    }

    static func decode(_ bytes: [UInt8]) -> RenderCacheIndex? {
        let magicBytes = Array(magic.utf8)
        guard bytes.count >= magicBytes.count + 64, Array(bytes.prefix(magicBytes.count)) == magicBytes else { return nil }
        let end = bytes.count - 64
        guard String(decoding: bytes[end...], as: UTF8.self) == bytes.withUnsafeBytes({ SHA256.hex(UnsafeRawBufferPointer(rebasing: $0[..<end])) })
        else { return nil }
        var index = RenderCacheIndex()
        var offset = magicBytes.count
        while offset < end {
            guard let newline = bytes[offset..<end].firstIndex(of: 0x0A) else { return nil }
            let fields = String(decoding: bytes[offset..<newline], as: UTF8.self).split(separator: " ")
            guard fields.count == 5, fields[0].utf8.count == 64, let inode = UInt64(fields[1]), let size = Int(fields[2]),
                  let modified = Int(fields[3]), let count = Int(fields[4]), count >= 0, end - newline - 1 >= count
            else { return nil }
            let start = newline + 1
            index.records[String(fields[0])] = Record(stamp: .init(inode: inode, size: size, modified: modified),
                                                      head: Array(bytes[start..<start + count]))
            offset = start + count
        }
        return index
    }
}
