import Foundation
import Platform

/// `<cache>/.inputs.digests`: what `skelsite build` learned of its inputs' digests, for
/// the next build (why: reading and hashing 1000 docs was most of a one-spec rebuild's
/// first 40 ms, with the other core idle). A digest is taken from it on the same terms as
/// from serve's memory: while the file's inode, size, modification and change time are
/// the recorded ones, recorded only for a file last changed two seconds or more before it
/// was read. A change time cannot be set back, so a doc edited in place with its old
/// modification time is hashed again.
///
/// A line `inode size modified changed digest path` per file, sorted by path; then the
/// SHA-256 hex of all that. Not trusted either: a file that does not check out, or a line
/// not written as `encode` writes it, holds nothing (every input is hashed).
extension FileDigestMemory {
    package static let fileName = ".inputs.digests"
    private static let magic = "skelsite-input-digests 1\n"

    /// The memory saved in `directory`, or an empty one.
    package static func load(from directory: URL, settled: Int = 2_000_000_000) -> FileDigestMemory {
        let memory = FileDigestMemory(settled: settled)
        if isRealFolder(directory), let bytes = RenderCache.readRegularFile(directory.appendingPathComponent(fileName).path),
           let entries = decode(bytes) {
            memory.lock.withLock {
                memory.known = entries
                memory.loaded = entries
            }
        }
        return memory
    }

    /// Saves what it knows of the files asked for since it was made, unless that is what
    /// it loaded: a temporary file renamed into place. Nothing is saved where there is no
    /// folder (a failed first build) or a link to one.
    package func save(to directory: URL) {
        let kept = lock.withLock { known.filter { asked.contains($0.key) } }
        if kept == lock.withLock({ loaded }) || !Self.isRealFolder(directory) { return }
        let final = directory.appendingPathComponent(Self.fileName).path
        let temporary = final + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
        CrashPoint.mutation()
        guard (try? PlainFileWriter.write(Self.encode(kept), to: temporary)) != nil else {
            unlink(temporary)
            return
        }
        CrashPoint.mutation()
        guard rename(temporary, final) == 0 else {
            unlink(temporary)
            return
        }
        lock.withLock { loaded = kept }
    }

    /// Whether `directory` is a folder, not a link to one (a cache folder that is a link is
    /// refused by the build; nothing is read or written through it meanwhile).
    private static func isRealFolder(_ directory: URL) -> Bool {
        var info = stat()
        return lstat(directory.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The file's bytes. A path with a control character (a newline would end its line)
    /// is left out: it is hashed each build.
    package static func encode(_ entries: [String: Known]) -> [UInt8] {
        var out = Array(magic.utf8)
        for path in entries.keys.sorted() where !path.utf8.contains(where: { $0 < 0x20 }) && !path.isEmpty {
            let entry = entries[path]!
            let look = entry.look
            out += Array("\(look.inode) \(look.size) \(look.modified) \(look.changed) \(entry.digest) \(path)\n".utf8)
        }
        out += Array(SHA256.hex(out).utf8)
        return out
    }

    /// What `encode` wrote, or nil.
    package static func decode(_ bytes: [UInt8]) -> [String: Known]? {
        let magicBytes = Array(magic.utf8)
        guard let end = SHA256.checkedContentEnd(bytes, magic: magicBytes) else { return nil }
        var entries: [String: Known] = [:]
        let parsed = bytes.withUnsafeBufferPointer { buffer -> Bool in
            var fields = DecimalFields(buffer: buffer, end: end, at: magicBytes.count)
            while fields.at < end {
                guard let inode = fields.unsigned(0x20), let size = fields.number(0x20), let modified = fields.number(0x20),
                      let changed = fields.number(0x20), end - fields.at > 65, buffer[fields.at + 64] == 0x20 else { return false }
                let digest = UnsafeBufferPointer(rebasing: buffer[fields.at..<fields.at + 64])
                guard digest.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }) else { return false }
                var stop = fields.at + 65
                while stop < end && buffer[stop] != 0x0A { stop += 1 }
                let pathBytes = UnsafeBufferPointer(rebasing: buffer[(fields.at + 65)..<stop])
                guard stop < end, !pathBytes.isEmpty, !pathBytes.contains(where: { $0 < 0x20 }),
                      let path = String(validating: pathBytes, as: UTF8.self), entries[path] == nil else { return false }
                entries[path] = Known(look: Look(inode: inode, size: size, modified: modified, changed: changed),
                                      digest: String(decoding: digest, as: UTF8.self))
                fields.at = stop + 1
            }
            return true
        }
        return parsed ? entries : nil
    }
}
