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

        /// `of` for `name` in an open folder (a link is not followed).
        package static func of(_ name: String, in folder: Int32) -> Stamp? {
            var info = stat()
            guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            return Stamp(info)
        }
    }

    package var records: [String: Record] = [:]

    /// The lines of the file this was decoded from, when they can be written again as
    /// they are (`encoded(reusing:)`); not part of what the value is (`==`).
    private var lines: WrittenLines?

    package init(records: [String: Record] = [:]) {
        self.records = records
    }

    package static func == (a: GenerationFiles, b: GenerationFiles) -> Bool { a.records == b.records }

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

    /// `encoded()`, byte for byte, made from `live`'s own lines where it can (why: a
    /// rebuild keeps almost every file, so almost every line is the live record's; sorting
    /// and writing 29,000 lines again was what the end of every rebuild of a big site
    /// waited for). Each path the live record holds is looked up here: a line whose record
    /// is unchanged is copied, another is written anew, and one not here is left out. A
    /// path the live record lacks (a file added) means the whole record is encoded afresh.
    package func encoded(reusing live: GenerationFiles?) -> [UInt8] {
        guard let source = live?.lines, !source.order.isEmpty else { return encoded() }
        let count = source.order.count
        let halves = Parallel.map([0..<count / 2, count / 2..<count]) { range -> (bytes: [UInt8], found: Int) in
            var out: [UInt8] = []
            out.reserveCapacity(source.bytes.count / 2 + 4096)
            var found = 0
            source.bytes.withUnsafeBufferPointer { bytes in
                for line in source.order[range] {
                    guard let record = records[line.path] else { continue }
                    found += 1
                    if line.canonical && record == line.record {
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[Int(line.start)..<Int(line.end)]))
                    } else {
                        Self.appendLine(line.path, record, to: &out)
                    }
                }
            }
            return (out, found)
        }
        guard halves[0].found + halves[1].found == records.count else { return encoded() }
        var out: [UInt8] = []
        out.reserveCapacity(Self.header.count + halves[0].bytes.count + halves[1].bytes.count)
        out += Self.header
        out += halves[0].bytes
        out += halves[1].bytes
        return out
    }

    /// A decoded record file's bytes and its lines in order, each with what it was read
    /// as. Kept only for a file whose paths are strictly in byte order, as `encoded()`
    /// writes them (so the lines kept, in file order, are in `encoded()`'s order).
    private final class WrittenLines: Sendable {
        struct Line: Sendable {
            let path: String
            let record: Record
            /// The line's bytes, its newline included.
            let start: Int32
            let end: Int32
            /// Whether `appendLine` would write exactly these bytes: numbers without
            /// leading zeros or "-0", an id and path that read back as their bytes.
            let canonical: Bool
        }

        let bytes: [UInt8]
        let order: [Line]

        init(bytes: [UInt8], order: [Line]) {
            self.bytes = bytes
            self.order = order
        }
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
        // About 120 bytes a line: reserved up front, so the table is not grown 15 times.
        let expected = bytes.count / 100
        let keepsLines = bytes.count <= Int(Int32.max)
        // Filled in locals of the closure, not captured ones (why: a captured table and
        // array were retained and released at every line, a third of decoding).
        let decoded = bytes.withUnsafeBufferPointer { buffer -> (records: [String: Record], order: [WrittenLines.Line]?)? in
            var records: [String: Record] = [:]
            records.reserveCapacity(expected)
            var order: [WrittenLines.Line] = []
            var sorted = keepsLines
            if sorted { order.reserveCapacity(expected) }
            let base = buffer.baseAddress!
            var fields = DecimalFields(buffer: buffer, end: buffer.count, at: header.count)
            var previousPath: Range<Int>?
            while fields.at < buffer.count {
                let lineStart = fields.at
                guard let inode = fields.unsigned(0x20) else { return nil }
                var canonical = isCanonicalNumber(buffer, lineStart, fields.at)
                let sizeStart = fields.at
                guard let size = fields.number(0x20) else { return nil }
                canonical = canonical && isCanonicalNumber(buffer, sizeStart, fields.at)
                let modifiedStart = fields.at
                guard let modified = fields.number(0x20) else { return nil }
                canonical = canonical && isCanonicalNumber(buffer, modifiedStart, fields.at)
                var at = fields.at
                let idStart = at
                while at < buffer.count && buffer[at] != 0x20 && buffer[at] != 0x0A { at += 1 }
                guard at < buffer.count, buffer[at] == 0x20 else { return nil }
                let idBytes = UnsafeBufferPointer(rebasing: buffer[idStart..<at])
                let id = String(decoding: idBytes, as: UTF8.self)
                at += 1
                let pathStart = at
                // The file ends with a newline.
                at = UnsafeRawPointer(memchr(base + at, 0x0A, buffer.count - at)!).assumingMemoryBound(to: UInt8.self) - base
                let pathBytes = UnsafeBufferPointer(rebasing: buffer[pathStart..<at])
                let written = String(decoding: pathBytes, as: UTF8.self)
                let escaped = memchr(base + pathStart, 0x25, at - pathStart) != nil
                let path = escaped ? unescape(written) : written
                fields.at = at + 1
                let record = Record(id: id, stamp: Stamp(inode: inode, size: size, modified: modified))
                // A path whose string the table already holds (another line's, or one
                // equal to it as a string: a composed "é" and "e" with a combining accent)
                // keeps no lines: one record would answer for two of them.
                if records.updateValue(record, forKey: path) != nil { sorted = false }
                guard sorted else { continue }
                // In byte order, each path after the one before (a repeated path is not);
                // a path with "%" escapes is in order by its unescaped bytes, which this
                // does not compare, so such a file keeps no lines.
                let pathRange = pathStart..<at
                if let previousPath {
                    let order = memcmp(base + previousPath.lowerBound, base + pathStart, min(previousPath.count, pathRange.count))
                    sorted = order < 0 || (order == 0 && previousPath.count < pathRange.count)
                }
                sorted = sorted && !escaped
                previousPath = pathRange
                canonical = canonical && id.hasUTF8(idBytes) && written.hasUTF8(pathBytes)
                order.append(.init(path: path, record: record, start: Int32(lineStart), end: Int32(fields.at),
                                   canonical: canonical))
            }
            return (records, sorted ? order : nil)
        }
        guard let decoded else { return nil }
        var files = GenerationFiles(records: decoded.records)
        if let order = decoded.order { files.lines = WrittenLines(bytes: bytes, order: order) }
        return files
    }

    /// Whether the number ending before the space at `end` (after an optional "-") has
    /// no leading zero and is not "-0": as `appendDecimal` writes it.
    private static func isCanonicalNumber(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var first = start
        if buffer[first] == 0x2D { first += 1 }
        return buffer[first] != 0x30 || (first == start && end - first == 2)
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
