import Foundation
import Platform
import SkelsiteStore

/// The one way skelsite writes a file whose path a user named (`render --output`,
/// `diff --json`/`--junit` and its report files, `verify --json`, `baseline update`
/// copies, `init` files). The rules are in site/reference/limits.md, "Files skelsite
/// writes":
///
/// - only a regular file is ever replaced: a FIFO, a device node, a socket or a folder
///   at the path is refused, so `--output /dev/null` cannot replace a system device
///   (as root, a rename would);
/// - a symbolic link at the path is refused too, not followed and not replaced: a link
///   may point anywhere, including at a device, and replacing it would silently turn
///   the user's link into a file;
/// - the bytes go to a temporary file in the same folder, created fresh (never through
///   a link), and are renamed over the path, so a reader never sees half a file and a
///   failed write leaves the old file as it was;
/// - the new file keeps the replaced file's permission bits (`chmod 600` stays 600),
///   and its owner and group when skelsite runs as root (a rename would otherwise give
///   the file a fresh file's mode and root's ownership).
public enum UserFile {
    /// Why a file could not be written; `description` reads
    /// `cannot write 'PATH': REASON` and each command prints it in its own style.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write '\(path)': \(reason)" }
    }

    /// Throws when `path` names something that must not be replaced. Commands call it
    /// before doing the work, so a refused path costs nothing; `write` checks again.
    public static func checkReplaceable(_ path: String) throws(Failure) {
        if path.isEmpty { throw Failure(path: path, reason: "the path is empty") }
        if path.hasSuffix("/") { throw Failure(path: path, reason: "the path names a folder, not a file") }
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return }
            throw Failure(path: path, reason: FilePaths.errnoText(errno))
        }
        if let kind = refusedKind(info.st_mode) { throw Failure(path: path, reason: kind) }
    }

    /// Why an input file the user named (`build --verify-results`) cannot be read as
    /// one, or nil: a link is followed (reading through it harms nothing), but a FIFO
    /// would block the read for ever and a device could stream without end. A missing
    /// file is left to the reader to report.
    public static func unreadableKind(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return refusedKind(info.st_mode)
    }

    /// What a non-regular file is, phrased as the reason for refusing it; nil for a
    /// regular file.
    package static func refusedKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFLNK: return "it is a symbolic link (skelsite does not write through links; name the file itself)"
        case S_IFIFO: return "it is a FIFO, not a regular file"
        case S_IFCHR: return "it is a character device, not a regular file"
        case S_IFBLK: return "it is a block device, not a regular file"
        case S_IFSOCK: return "it is a socket, not a regular file"
        case S_IFDIR: return "it is a folder, not a regular file"
        default: return "it is not a regular file"
        }
    }

    public static func write(_ text: String, to path: String) throws(Failure) {
        try write(Array(text.utf8), to: path)
    }

    /// Writes `bytes` to `path` by the rules above. The folder must exist.
    public static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        try checkReplaceable(path)
        let temporary = temporaryPath(for: path)
        let fd = createFresh(temporary)
        guard fd >= 0 else { throw Failure(path: path, reason: FilePaths.errnoText(errno)) }
        var failure: Failure?
        var offset = 0
        while offset < bytes.count, failure == nil {
            let written = bytes.withUnsafeBytes { raw in
                writeSome(fd, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                failure = Failure(path: path, reason: FilePaths.errnoText(errno))
            } else {
                offset += written
            }
        }
        if failure == nil { failure = keepAttributes(of: path, on: fd) }
        if close(fd) != 0, failure == nil { failure = Failure(path: path, reason: FilePaths.errnoText(errno)) }
        do throws(Failure) {
            if let failure { throw failure }
            // Checked again just before the rename: the path may have changed while we wrote.
            try checkReplaceable(path)
            if rename(temporary, path) != 0 { throw Failure(path: path, reason: FilePaths.errnoText(errno)) }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Gives the temporary file (open as `fd`) the mode of the regular file at `path`,
    /// and as root its owner and group; nothing when there is no file there yet.
    /// Only the permission bits are kept, not set-user-ID, set-group-ID or sticky (why:
    /// such a bit on a file skelsite wrote would be a surprise, and is never a report's).
    static func keepAttributes(of path: String, on fd: Int32) -> Failure? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        // Owner first: chown clears the mode's special bits, and may change nothing else.
        if geteuid() == 0, fchown(fd, info.st_uid, info.st_gid) != 0 {
            return Failure(path: path, reason: FilePaths.errnoText(errno))
        }
        if fchmod(fd, info.st_mode & 0o777) != 0 { return Failure(path: path, reason: FilePaths.errnoText(errno)) }
        return nil
    }

    /// `.NAME.skelsite-PID.tmp` beside `path`: hidden, and named after both the file and
    /// the process so that concurrent writers of different files never collide. When that
    /// would pass 255 bytes, NAME is cut to fit, with a hash of the whole name
    /// (site/reference/limits.md, "Names skelsite makes"), so any name that fits the
    /// file system can be written.
    static func temporaryPath(for path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let suffix = ".skelsite-\(getpid()).tmp"
        let file = NameLimits.fitted((path as NSString).lastPathComponent, reserving: 1 + suffix.utf8.count)
        let name = "." + file + suffix
        return folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
    }

    /// Opens a new file for writing; O_EXCL and O_NOFOLLOW mean it is never an existing
    /// file, link or device. A leftover of a killed run with the same name is removed
    /// (unlink removes a link itself, not its target) and the open tried once more.
    static func createFresh(_ temporary: String) -> Int32 {
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
        let fd = open(temporary, flags, 0o666)
        guard fd < 0, errno == EEXIST else { return fd }
        unlink(temporary)
        return open(temporary, flags, 0o666)
    }
}

/// write(2), named apart from `UserFile.write`, which hides it inside the type.
private func writeSome(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}

/// So that callers reporting `error.localizedDescription` print the reason.
extension UserFile.Failure: LocalizedError {
    public var errorDescription: String? { reason }
}
