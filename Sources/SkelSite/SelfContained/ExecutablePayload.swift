import Foundation
import SkelsiteStore

/// Files appended to the `skelsite` executable by scripts/package.sh, so the released
/// binary carries its default theme and the playground's WebAssembly module
/// (site/getting-started.md, "Install"). An ELF loader maps only what the program
/// headers name, so bytes after the last section are ignored when it runs.
///
/// Layout (all integers little-endian), written by scripts/lib/embed_payload.py:
///
///     file bytes ... | index | trailer
///     index:   per file: u32 path length, path (UTF-8, relative, `/`-separated),
///              u64 offset (from the payload's start), u64 length
///     trailer: u64 payload start (from the executable's start), u64 index length,
///              u64 file count, 8 bytes "SKPAYLD1"
///
/// Invariant: a payload read is whole: every path is relative with no `.` or `..`
/// part, every range lies between the payload's start and its index, and the digest
/// covers the payload's bytes from its start to the end of the trailer.
public struct ExecutablePayload: Sendable {
    public struct File: Sendable, Equatable {
        public var path: String
        public var bytes: Data
    }

    static let magic = Array("SKPAYLD1".utf8)
    static let trailerLength = 32

    /// Files in index order (the writer sorts them by path).
    public let files: [File]
    /// SHA-256 of the payload's bytes, hex: names the folder it is unpacked to.
    public let digest: String

    public func file(_ path: String) -> File? { files.first { $0.path == path } }

    /// The payload of the running executable; nil for a build without one (`swift build`
    /// output, which finds its theme in the checkout).
    public static func ofRunningExecutable() -> ExecutablePayload? {
        guard let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return nil }
        return try? read(executable)
    }

    public enum ReadError: Error, Equatable {
        case unreadable(String)
        case malformed(String)
    }

    /// Nil when the file ends without the trailer's magic; an error when it has one and
    /// the rest does not hold together.
    public static func read(_ url: URL) throws(ReadError) -> ExecutablePayload? {
        let handle: FileHandle
        do { handle = try FileHandle(forReadingFrom: url) } catch {
            throw .unreadable("cannot open \(url.path): \(FileErrorText.describe(error, path: url.path))")
        }
        defer { try? handle.close() }
        let size: UInt64
        let trailer: [UInt8]
        do {
            size = try handle.seekToEnd()
            guard size >= UInt64(trailerLength) else { return nil }
            try handle.seek(toOffset: size - UInt64(trailerLength))
            trailer = [UInt8](try handle.read(upToCount: trailerLength) ?? Data())
        } catch {
            throw .unreadable("cannot read \(url.path): \(FileErrorText.describe(error, path: url.path))")
        }
        guard trailer.count == trailerLength, Array(trailer[24...]) == magic else { return nil }
        let start = integer(trailer, at: 0), indexLength = integer(trailer, at: 8), count = integer(trailer, at: 16)
        let end = size - UInt64(trailerLength)
        guard start <= end, indexLength <= end - start else {
            throw .malformed("\(url.path): the payload's trailer points outside the file")
        }
        let payload: [UInt8]
        do {
            try handle.seek(toOffset: start)
            payload = [UInt8](try handle.read(upToCount: Int(size - start)) ?? Data())
        } catch {
            throw .unreadable("cannot read \(url.path): \(FileErrorText.describe(error, path: url.path))")
        }
        guard UInt64(payload.count) == size - start else { throw .malformed("\(url.path): the payload is short") }
        let dataLength = Int(end - start - indexLength)
        var files: [File] = []
        var at = dataLength
        let indexEnd = Int(end - start)
        for number in 0..<count {
            guard at + 4 <= indexEnd else { throw .malformed("\(url.path): index entry \(number + 1) is cut off") }
            let nameLength = Int(integer(payload, at: at, width: 4))
            at += 4
            guard nameLength <= indexEnd - at, at + nameLength + 16 <= indexEnd else {
                throw .malformed("\(url.path): index entry \(number + 1) is cut off")
            }
            guard let path = String(bytes: payload[at..<(at + nameLength)], encoding: .utf8), isSafe(path) else {
                throw .malformed("\(url.path): index entry \(number + 1) has a path that is not relative")
            }
            at += nameLength
            let offset = integer(payload, at: at), length = integer(payload, at: at + 8)
            at += 16
            guard offset <= UInt64(dataLength), length <= UInt64(dataLength) - offset else {
                throw .malformed("\(url.path): \(path) lies outside the payload")
            }
            files.append(File(path: path, bytes: Data(payload[Int(offset)..<Int(offset + length)])))
        }
        guard at == indexEnd else { throw .malformed("\(url.path): the index has \(indexEnd - at) bytes after its entries") }
        let digest = payload.withUnsafeBytes { SHA256.hex($0) }
        return ExecutablePayload(files: files, digest: digest)
    }

    /// Relative, `/`-separated, no empty, `.` or `..` part: unpacking cannot leave its folder.
    static func isSafe(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") }
    }

    private static func integer(_ bytes: [UInt8], at offset: Int, width: Int = 8) -> UInt64 {
        var value: UInt64 = 0
        for index in (0..<width).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
        return value
    }
}
