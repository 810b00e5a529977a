import Foundation

/// `<cache>/.entries.journal`: the changes to the cache index (`RenderCacheIndex`) since
/// it was last written whole, appended by each rebuild (why: the index is ~900 bytes a
/// spec, 4.5 MB at 5000 specs, and rewriting and hashing it for a one-spec edit was a
/// steady part of every rebuild).
///
/// The first line names the index it follows by that file's closing SHA-256, so a
/// journal left beside a newer index is never applied to it. Then batches, one per
/// build: `batch LENGTH SHA256\n` and LENGTH bytes of changes, each `+ KEY INODE SIZE
/// MODIFIED COUNT\n` and COUNT bytes of head (set), or `- KEY\n` (removed). A reader
/// stops at the first batch that is short or does not match its digest (a write torn by
/// a kill or a full disk); the next append cuts that tail off first.
package enum RenderCacheJournal {
    package static let fileName = ".entries.journal"
    private static let magic = "skelsite-render-journal 1 "
    /// The journal is folded into a new index when it would outgrow the index, or this
    /// for a small index (why: a few builds of a small site should not each rewrite it).
    package static let smallestLimit = 64 * 1024

    /// The changes in order (later ones win), and the length of the file up to the end of
    /// its last whole batch (0 when there is no journal for `base`).
    package static func read(from directory: URL, base: String) -> (changes: [(String, RenderCacheIndex.Record?)], length: Int) {
        let path = directory.appendingPathComponent(fileName).path
        guard let bytes = RenderCache.readRegularFile(path) else { return ([], 0) }
        return decode(bytes, base: base)
    }

    package static func decode(_ bytes: [UInt8], base: String) -> (changes: [(String, RenderCacheIndex.Record?)], length: Int) {
        let header = Array((magic + base + "\n").utf8)
        guard bytes.count >= header.count, bytes[..<header.count].elementsEqual(header) else { return ([], 0) }
        var changes: [(String, RenderCacheIndex.Record?)] = []
        var offset = header.count
        while offset < bytes.count {
            guard let newline = bytes[offset...].firstIndex(of: 0x0A) else { break }
            let fields = String(decoding: bytes[offset..<newline], as: UTF8.self).split(separator: " ")
            guard fields.count == 3, fields[0] == "batch", let length = Int(fields[1]), length > 0,
                  bytes.count - newline - 1 >= length else { break }
            let body = Array(bytes[(newline + 1)..<(newline + 1 + length)])
            guard SHA256.hex(body) == fields[2], let parsed = parse(body) else { break }
            changes += parsed
            offset = newline + 1 + length
        }
        return (changes, offset)
    }

    private static func parse(_ body: [UInt8]) -> [(String, RenderCacheIndex.Record?)]? {
        var changes: [(String, RenderCacheIndex.Record?)] = []
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
            let record = RenderCacheIndex.Record(stamp: .init(inode: inode, size: size, modified: modified),
                                                 head: Array(body[offset..<(offset + count)]))
            changes.append((String(fields[1]), record))
            offset += count
        }
        return changes
    }

    /// One batch of `changes`, with its line and digest.
    package static func batch(_ changes: [(String, RenderCacheIndex.Record?)]) -> [UInt8] {
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

    /// Appends `batch` to the journal of index `base`, whose whole batches end at
    /// `validLength` (0: there is none yet; it is made, under a temporary name).
    package static func append(_ batch: [UInt8], to directory: URL, base: String, validLength: Int) {
        let path = directory.appendingPathComponent(fileName).path
        let descriptor = validLength > 0 ? open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW) : -1
        var info = stat()
        guard descriptor >= 0, fstat(descriptor, &info) == 0, Int(info.st_size) >= validLength else {
            if descriptor >= 0 { close(descriptor) }
            let temporary = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
            CrashPoint.mutation()
            guard (try? PlainFileWriter.write(Array((magic + base + "\n").utf8) + batch, to: temporary)) != nil else {
                unlink(temporary)
                return
            }
            CrashPoint.mutation()
            if rename(temporary, path) != 0 { unlink(temporary) }
            return
        }
        defer { close(descriptor) }
        if Int(info.st_size) != validLength {
            // A torn batch at the end: cut it off, or the reader would stop before this one.
            CrashPoint.mutation()
            guard ftruncate(descriptor, off_t(validLength)) == 0 else { return }
        }
        CrashPoint.mutation()
        var written = 0
        batch.withUnsafeBytes { raw in
            while written < raw.count {
                let wrote = pwrite(descriptor, raw.baseAddress! + written, raw.count - written, off_t(validLength + written))
                if wrote < 0 && errno == EINTR { continue }
                if wrote <= 0 { return }
                written += wrote
            }
        }
    }
}
