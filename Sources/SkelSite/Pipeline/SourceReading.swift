import Foundation
import SkelsiteStore
import Platform

/// Reads files of the source folder without ever leaving it: a path is resolved through
/// every symbolic link and must still lie inside the source folder, and it must be a
/// regular file (why: docs come from anyone who can open a pull request; a link to
/// `/etc/passwd` must not be published, a FIFO must not hang the build). See
/// site/reference/limits.md, "Files the build reads and writes".
package enum SourceReading {
    /// Why a source file was not read; `message` is the diagnostic's text.
    struct Failure: Error, Equatable {
        var message: String
        var line = 1
        var column = 1
        /// The file's line at `line`, for the caret (only for invalid UTF-8).
        var sourceLine: String?

        func diagnostic(path: String) -> FileDiagnostic {
            FileDiagnostic(path: path, line: line, column: column, message: message, sourceLine: sourceLine)
        }
    }

    /// True when `path` (already real) is `root` or inside it.
    static func isInside(_ path: String, root: String) -> Bool {
        path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
    }

    /// The real path of `relativePath` under `source`, refused when it leaves the source.
    static func resolve(_ relativePath: String, in source: URL) throws(Failure) -> String {
        guard let root = FilePaths.realPath(source) else { throw Failure(message: "cannot read file: the source folder is gone") }
        let path = source.appendingPathComponent(relativePath).path
        guard let real = FilePaths.realPath(path) else { throw Failure(message: "cannot read file: \(FilePaths.errnoText(errno))") }
        guard isInside(real, root: root) else { throw Failure(message: leavesMessage(real)) }
        return real
    }

    /// The one wording of an escaping link, shared with discovery.
    static func leavesMessage(_ target: String) -> String {
        "symbolic link leaves the source folder (-> \(target))"
    }

    /// The bytes of `relativePath`, a regular file inside `source`.
    static func read(_ relativePath: String, in source: URL) throws(Failure) -> [UInt8] {
        let real = try resolve(relativePath, in: source)
        // O_NONBLOCK: opening a FIFO must not wait for a writer; O_NOFOLLOW: the name
        // just resolved must not have become a link since.
        let fd = open(real, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard fd >= 0 else { throw Failure(message: "cannot read file: \(FilePaths.errnoText(errno))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(message: "cannot read file: \(FilePaths.errnoText(errno))") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw Failure(message: "not a regular file; only regular files are read") }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Platform.read(fd, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(message: "cannot read file: \(FilePaths.errnoText(errno))")
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }

    /// The text of a doc: `read`, then UTF-8 decoding, an invalid byte reported at its
    /// own line and column (columns count bytes, like every diagnostic).
    static func readText(_ relativePath: String, in source: URL) throws(Failure) -> String {
        try decodeUTF8(read(relativePath, in: source))
    }

    static func decodeUTF8(_ bytes: [UInt8]) throws(Failure) -> String {
        if let text = String(data: Data(bytes), encoding: .utf8) { return text }
        let bad = firstInvalidUTF8(bytes) ?? 0
        var line = 1, lineStart = 0, index = 0
        while index < bad {
            if bytes[index] == 0x0A || (bytes[index] == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        var lineBytes = Array(bytes[lineStart..<bad])
        if lineBytes.last == 0x0D { lineBytes.removeLast() }
        let byte = bad < bytes.count ? String(bytes[bad], radix: 16, uppercase: true) : "?"
        throw Failure(message: "file is not valid UTF-8 (byte 0x\(byte.count == 1 ? "0" + byte : byte))",
                      line: line, column: bad - lineStart + 1, sourceLine: String(decoding: lineBytes, as: UTF8.self))
    }

    /// Offset of the first byte that does not start a valid UTF-8 sequence.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }
}
