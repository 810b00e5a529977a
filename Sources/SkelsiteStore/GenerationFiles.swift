import Foundation
import Platform

/// What a published generation holds, file by file: for each path, what it holds (`id`:
/// a digest of its bytes or of the inputs they come from) and how the file looked on
/// disk when the build left it (inode, size, modification time). A file that still
/// looks so was not touched since, and holds `id`; anything else is unknown and is
/// written again (why stat and not the bytes: reading 30,000 files to compare them cost
/// more than writing them; an edit in place changes the modification time, and a
/// replaced file its inode).
package struct GenerationFiles: Sendable, Equatable {
    package struct Record: Sendable, Equatable {
        package var id: String
        package var stamp: Stamp

        package init(id: String, stamp: Stamp) {
            self.id = id
            self.stamp = stamp
        }

        /// Whether `id` is "sha256:" + `digest`, compared in place (why: asked for each
        /// of a big site's 28,000 PNGs on every rebuild).
        package func holds(sha256 digest: String) -> Bool {
            let bytes = id.utf8
            guard bytes.count == 7 + digest.utf8.count else { return false }
            // Native strings are contiguous UTF-8: one memcmp each (a byte iterator over a
            // slice of the view cost more than the id string it saved).
            let fast = bytes.withContiguousStorageIfAvailable { id in
                digest.utf8.withContiguousStorageIfAvailable { digest in
                    memcmp(id.baseAddress!, Self.sha256Prefix, 7) == 0
                        && (digest.isEmpty || memcmp(id.baseAddress! + 7, digest.baseAddress!, digest.count) == 0)
                }
            }
            if let fast = fast ?? nil { return fast }
            return bytes.starts(with: "sha256:".utf8) && bytes.dropFirst(7).elementsEqual(digest.utf8)
        }

        private static let sha256Prefix: [UInt8] = Array("sha256:".utf8)
    }

    /// Inode, size and modification time (nanoseconds) of a regular file.
    package struct Stamp: Sendable, Equatable, Hashable {
        package var inode: UInt64
        package var size: Int
        package var modified: Int

        package init(inode: UInt64, size: Int, modified: Int) {
            self.inode = inode
            self.size = size
            self.modified = modified
        }

        package init(_ info: stat) {
            inode = UInt64(info.st_ino)
            size = Int(info.st_size)
            modified = info.modifiedNanoseconds
        }

        /// The stamp of the regular file at `path` (a link is not followed), else nil.
        package static func of(_ path: String) -> Stamp? {
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            return Stamp(info)
        }
    }

    package var records: [String: Record] = [:]

    package init(records: [String: Record] = [:]) {
        self.records = records
    }

    /// Total bytes, for the manifest's summary.
    package var bytes: Int { records.values.reduce(0) { $0 + $1.stamp.size } }

    // MARK: the file format

    /// One line a file, sorted by path (its UTF-8 bytes): `inode size modified id path`.
    /// A path never holds a newline (site paths come from doc names and ids), but `%` and
    /// newline are escaped all the same, so a strange name cannot forge a line.
    package func encoded() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(records.count * 130)
        out += Self.header
        // Built byte by byte (why: a big site's record is 30,000 lines, written by every
        // rebuild; string interpolation per line was most of its cost), sorted through an
        // array of positions into one buffer of every path's bytes (`sortedByPath`).
        let entries = Array(records)
        var paths: [UInt8] = []
        var spans: [Span] = []
        spans.reserveCapacity(entries.count)
        paths.reserveCapacity(entries.count * 48)
        for entry in entries {
            spans.append(Span(start: paths.count, count: entry.key.utf8.count))
            Self.appendUTF8(entry.key, to: &paths)
        }
        // Each half sorted and its lines made on a core of its own (why: one after the
        // other, they were what the end of every rebuild of a big site waited for).
        let (bytes, spanList) = (paths, spans)
        let middle = entries.count / 2
        let halves = Parallel.map([0..<middle, middle..<entries.count]) { range in
            Self.sortedByPath(Array(range), bytes, spanList)
        }
        let order = Self.merged(halves[0], halves[1], paths, spans)
        let lines = Parallel.map([order[..<middle], order[middle...]]) { part in
            var out: [UInt8] = []
            out.reserveCapacity(part.count * 130)
            for (path, record) in part.lazy.map({ entries[$0] }) { Self.appendLine(path, record, to: &out) }
            return out
        }
        out += lines[0]
        out += lines[1]
        return out
    }

    private static let header = Array("skelsite-generation-files 1\n".utf8)

    /// Where a path's bytes lie in the buffer of every path.
    private struct Span: Sendable {
        let start: Int
        let count: Int
    }

    /// `indices` sorted by their paths' UTF-8 bytes (why not String comparison: sorting
    /// 29,000 paths so was two thirds of encoding, and comparing strings in place still
    /// spent a third of the sort retaining and releasing them).
    private static func sortedByPath(_ indices: [Int], _ paths: [UInt8], _ spans: [Span]) -> [Int] {
        var order = indices
        paths.withUnsafeBufferPointer { bytes in
            spans.withUnsafeBufferPointer { spans in
                let base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
                order.sort { a, b in precedes(spans[a], spans[b], base) }
            }
        }
        return order
    }

    /// Two sorted runs of indices, merged in path order.
    private static func merged(_ first: [Int], _ second: [Int], _ paths: [UInt8], _ spans: [Span]) -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(first.count + second.count)
        paths.withUnsafeBufferPointer { bytes in
            spans.withUnsafeBufferPointer { spans in
                let base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
                var (i, j) = (0, 0)
                while i < first.count && j < second.count {
                    if precedes(spans[second[j]], spans[first[i]], base) {
                        order.append(second[j])
                        j += 1
                    } else {
                        order.append(first[i])
                        i += 1
                    }
                }
                order += first[i...]
                order += second[j...]
            }
        }
        return order
    }

    private static func precedes(_ x: Span, _ y: Span, _ base: UnsafePointer<UInt8>) -> Bool {
        let order = memcmp(base + x.start, base + y.start, min(x.count, y.count))
        return order != 0 ? order < 0 : x.count < y.count
    }

    /// `inode size modified id path` and a newline.
    private static func appendLine(_ path: String, _ record: Record, to out: inout [UInt8]) {
        appendDecimal(record.stamp.inode, to: &out)
        out.append(0x20)
        appendDecimal(UInt64(clamping: record.stamp.size), to: &out)
        out.append(0x20)
        if record.stamp.modified < 0 { out.append(0x2D) }
        appendDecimal(record.stamp.modified.magnitude, to: &out)
        out.append(0x20)
        appendUTF8(record.id, to: &out)
        out.append(0x20)
        appendUTF8(needsEscape(path) ? escape(path) : path, to: &out)
        out.append(0x0A)
    }

    private static func appendDecimal<Number: UnsignedInteger & FixedWidthInteger>(_ value: Number, to out: inout [UInt8]) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = UInt64(value)
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = 0x30 + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            // As a typed buffer: appended by one copy (a raw slice went byte by byte).
            let start = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self) + (20 - count)
            out.append(contentsOf: UnsafeBufferPointer(start: start, count: count))
        }
    }

    /// A string's UTF-8 bytes, appended by one copy (why: appending the `utf8` view went
    /// byte by byte; for a big site's record, 60,000 strings each time).
    private static func appendUTF8(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    /// nil when the text is not a whole file of this format (a torn or foreign file
    /// trusts nothing).
    package static func decode(_ bytes: [UInt8]) -> GenerationFiles? {
        guard bytes.count >= header.count, bytes.starts(with: header), bytes.last == 0x0A else { return nil }
        var files = GenerationFiles()
        // About 120 bytes a line: reserved up front, so the table is not grown 15 times.
        files.records.reserveCapacity(bytes.count / 100)
        return bytes.withUnsafeBufferPointer { buffer -> GenerationFiles? in
            var fields = DecimalFields(buffer: buffer, end: buffer.count, at: header.count)
            while fields.at < buffer.count {
                guard let inode = fields.unsigned(0x20), let size = fields.number(0x20),
                      let modified = fields.number(0x20) else { return nil }
                var at = fields.at
                let idStart = at
                while at < buffer.count && buffer[at] != 0x20 && buffer[at] != 0x0A { at += 1 }
                guard at < buffer.count, buffer[at] == 0x20 else { return nil }
                let id = String(decoding: UnsafeBufferPointer(rebasing: buffer[idStart..<at]), as: UTF8.self)
                at += 1
                let pathStart = at
                while buffer[at] != 0x0A { at += 1 }  // the file ends with a newline
                let path = unescape(String(decoding: UnsafeBufferPointer(rebasing: buffer[pathStart..<at]), as: UTF8.self))
                fields.at = at + 1
                files.records[path] = Record(id: id, stamp: Stamp(inode: inode, size: size, modified: modified))
            }
            return files
        }
    }

    /// Byte by byte (why: by characters, the check of 29,000 paths was a third of
    /// encoding the record).
    package static func needsEscape(_ path: String) -> Bool {
        path.utf8.contains { $0 == 0x25 || $0 == 0x0A || $0 == 0x0D }
    }

    package static func escape(_ path: String) -> String {
        guard needsEscape(path) else { return path }
        return path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\n", with: "%0A")
            .replacingOccurrences(of: "\r", with: "%0D")
    }

    package static func unescape(_ path: String) -> String {
        guard path.utf8.contains(0x25) else { return path }
        return path.replacingOccurrences(of: "%0A", with: "\n").replacingOccurrences(of: "%0D", with: "\r")
            .replacingOccurrences(of: "%25", with: "%")
    }
}
