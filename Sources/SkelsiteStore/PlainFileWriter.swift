import Foundation
import Platform

/// Writes a whole file with open/write/close and no fsync.
///
/// Why: Foundation's `Data.write(to:)` on Linux fsyncs every file, which made fsync the
/// largest single cost of writing a site of tens of thousands of files. Nothing here
/// needs per-file durability: output files reach their final name only through the
/// staging folder's rename, and cache entries through their folder's rename; a crash
/// leaves at worst a cache that `rm -rf` fixes.
package enum PlainFileWriter {
    package struct Failure: LocalizedError, CustomStringConvertible, Equatable {
        package var path: String
        package var code: Int32

        package init(path: String, code: Int32) {
            self.path = path
            self.code = code
        }

        package var description: String { "\(path): \(String(cString: strerror(code)))" }
        package var errorDescription: String? { description }
    }

    /// Creates or truncates `path` (mode 0644 before umask) and writes `bytes`. A link at
    /// `path` is an error (ELOOP), never written through (why: only fresh staging and
    /// cache files are written here, so a link there was planted).
    /// Returns the file's status once written.
    @discardableResult
    package static func write<Bytes: ContiguousBytes>(_ bytes: Bytes, to path: String) throws(Failure) -> stat {
        try write(bytes, to: path, opening: O_TRUNC)
    }

    /// Creates `path`, which must not exist (EEXIST otherwise: anything there, a link
    /// included, is left alone), writes `bytes` and returns the new file's status (why:
    /// one path lookup a file, where checking the path before and stamping it after were
    /// two more, on tens of thousands of output files).
    package static func create<Bytes: ContiguousBytes>(_ bytes: Bytes, at path: String) throws(Failure) -> stat {
        try write(bytes, to: path, opening: O_EXCL)
    }

    /// Opens `path` for writing with `O_CREAT`, `O_NOFOLLOW` and `flag`, writes `bytes`
    /// and returns the file's status from the open descriptor.
    private static func write<Bytes: ContiguousBytes>(_ bytes: Bytes, to path: String, opening flag: Int32) throws(Failure) -> stat {
        let fd = open(path, O_WRONLY | O_CREAT | flag | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw Failure(path: path, code: errno) }
        defer { close(fd) }
        try fill(fd, bytes, path)
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(path: path, code: errno) }
        return info
    }

    private static func fill<Bytes: ContiguousBytes>(_ fd: Int32, _ bytes: Bytes, _ path: String) throws(Failure) {
        let failure: Int32? = bytes.withUnsafeBytes { raw -> Int32? in
            var offset = 0
            while offset < raw.count {
                let wrote = Platform.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if wrote < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += wrote
            }
            return nil
        }
        if let failure { throw Failure(path: path, code: failure) }
    }

    package static func write(_ text: String, to path: String) throws(Failure) {
        _ = try write(Array(text.utf8), to: path)
    }
}
