import Foundation

/// Find-and-replace on UTF-8 bytes. Foundation's `range(of:)` and
/// `replacingOccurrences` go through UTF-16 on Linux: on a page with many components
/// they were a third of writing it.
enum TextSplice {
    /// `text` with the first occurrence of each `marker` replaced by its text. Markers
    /// are looked for in the given order, each after the one before (then, if not found
    /// there, from the start), so a page with markers in order is one pass.
    static func replacingFirst(in text: String, _ replacements: [(marker: String, with: String)]) -> String {
        guard !replacements.isEmpty else { return text }
        var text = text
        return text.withUTF8 { bytes -> String in
            var found: [(start: Int, end: Int, with: String)] = []
            var cursor = 0
            for (marker, replacement) in replacements {
                guard let start = find(marker, in: bytes, from: cursor) ?? find(marker, in: bytes, from: 0),
                      !found.contains(where: { $0.start == start }) else { continue }
                let end = start + marker.utf8.count
                found.append((start, end, replacement))
                cursor = end
            }
            found.sort { $0.start < $1.start }
            return splice(bytes, found)
        }
    }

    /// `text` with every occurrence of `target` replaced, left to right, not overlapping.
    static func replacingAll(in text: String, _ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return text }
        var text = text
        return text.withUTF8 { bytes -> String in
            var found: [(start: Int, end: Int, with: String)] = []
            let length = target.utf8.count
            while let start = find(target, in: bytes, from: found.last?.end ?? 0) {
                found.append((start, start + length, replacement))
            }
            return splice(bytes, found)
        }
    }

    /// `bytes` with each range replaced by its text; ranges sorted by start, and one
    /// that overlaps the one before is skipped.
    private static func splice(_ bytes: UnsafeBufferPointer<UInt8>, _ pieces: [(start: Int, end: Int, with: String)]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + pieces.reduce(0) { $0 + $1.with.utf8.count })
        var position = 0
        for piece in pieces where piece.start >= position {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<piece.start]))
            out.append(contentsOf: piece.with.utf8)
            position = piece.end
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position...]))
        return String(decoding: out, as: UTF8.self)
    }

    /// Byte offset of the first `needle` at or after `from`.
    static func find(_ needle: String, in haystack: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        var needle = needle
        return needle.withUTF8 { pattern -> Int? in
            guard let base = haystack.baseAddress, let patternBase = pattern.baseAddress,
                  from <= haystack.count, pattern.count > 0 else { return nil }
            // memchr for the first byte, then compare the rest (memmem is not in Glibc's
            // Swift module).
            let first = Int32(patternBase[0]), last = haystack.count - pattern.count
            var position = from
            while position <= last {
                guard let hit = memchr(base + position, first, last - position + 1) else { return nil }
                let offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + offset, patternBase, pattern.count) == 0 { return offset }
                position = offset + 1
            }
            return nil
        }
    }
}
