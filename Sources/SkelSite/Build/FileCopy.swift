import Foundation

/// Copies a file into a new, independent file: a copy-on-write clone where the file
/// system has them (btrfs, XFS), else the bytes copied by the kernel.
///
/// Why not a hard link: a link shares the inode, so editing the copy in place would
/// edit the original too. The output's PNGs come from the render cache, and editing
/// an output must never change the cache that later builds copy from.
enum FileCopy {
    struct Failure: Error, CustomStringConvertible {
        var path: String
        var code: Int32
        var description: String { "\(path): \(String(cString: strerror(code)))" }
    }

    /// `FICLONE` from linux/fs.h, `_IOW(0x94, 9, int)` (the C macro is not imported).
    private static let cloneRequest: UInt = 0x4004_9409

    /// Creates or truncates `destination` (mode 0644 before umask) with the bytes of `source`.
    static func copy(_ source: String, to destination: String) throws(Failure) {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw Failure(path: source, code: errno) }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw Failure(path: source, code: errno) }
        let output = open(destination, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw Failure(path: destination, code: errno) }
        defer { close(output) }
        if ioctl(output, cloneRequest, input) == 0 { return }
        var remaining = Int(info.st_size)
        while remaining > 0 {
            let sent = sendfile(output, input, nil, remaining)
            if sent > 0 {
                remaining -= sent
            } else if sent < 0 && errno == EINTR {
                continue
            } else if sent == 0 {
                break  // the source shrank while being copied
            } else {
                throw Failure(path: destination, code: errno)
            }
        }
    }

    /// Whether `candidate` is a regular file with no other link (so linking it shares its
    /// inode with nothing outside the outputs) holding exactly the bytes of `source`.
    static func isUnsharedCopy(_ candidate: String, of source: String) -> Bool {
        var info = stat(), sourceInfo = stat()
        guard lstat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_nlink == 1,
              stat(source, &sourceInfo) == 0, info.st_size == sourceInfo.st_size else { return false }
        let a = open(candidate, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard a >= 0 else { return false }
        defer { close(a) }
        let b = open(source, O_RDONLY | O_CLOEXEC)
        guard b >= 0 else { return false }
        defer { close(b) }
        return sameBytes(a, b)
    }

    /// Reads both files to their ends in 64 KiB chunks (why not Foundation: this runs
    /// for every PNG of a rebuild, and most are a few KB).
    private static func sameBytes(_ a: Int32, _ b: Int32) -> Bool {
        let chunk = 1 << 16
        let left = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
        let right = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
        defer {
            left.deallocate()
            right.deallocate()
        }
        while true {
            let count = readFully(a, left, chunk)
            guard count >= 0, readFully(b, right, chunk) == count else { return false }
            if count == 0 { return true }
            if memcmp(left, right, count) != 0 { return false }
        }
    }

    /// Reads until `count` bytes or the end of the file; -1 on an error.
    private static func readFully(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        var filled = 0
        while filled < count {
            let got = read(fd, buffer + filled, count - filled)
            if got < 0 {
                if errno == EINTR { continue }
                return -1
            }
            if got == 0 { break }
            filled += got
        }
        return filled
    }
}
