import Foundation
import Platform

/// What the output's publishing shares with older layouts: the marker that says a folder
/// is ours, the atomic exchange (`renameat2` with `RENAME_EXCHANGE`) that replaces an
/// older real output folder with the link to a generation (`OutputGenerations`), and
/// removal that never follows a link.
///
/// - Older skelsite versions wrote `.NAME.staging-PID` and `.NAME.old-PID` folders beside
///   the output; one left by a killed build is removed by the next build into the same
///   output, when it carries our marker and its process is gone.
/// - Nothing is ever deleted through a link: removing a folder unlinks links inside it
///   and never descends into them.
package enum OutputSwap {
    /// Marks a folder as ours: only a folder with this file (or an empty one) is ever
    /// replaced (why: `--output ~/Documents` by mistake must not delete anything).
    package static let markerName = ".skelsite-output"
    package static let markerText = "This folder is written by `skelsite build` and replaced on every build.\n"

    /// Debris whose process is alive is still removed once its marker is this old (why:
    /// process ids are reused; no build runs for a day).
    package static let debrisMaxAge: TimeInterval = 24 * 3600

    // MARK: atomic exchange

    /// Swaps two paths in one step: 0, an errno value, or nil when the system has no
    /// such call (the platform layer's `AtomicExchange`).
    package static func exchange(_ a: String, _ b: String) -> Int32? { AtomicExchange.exchange(a, b) }

    // MARK: mount points

    /// Whether the folder at `path` is a mount point: then neither an exchange nor a
    /// rename can move it (the kernel says "device or resource busy"), and the build
    /// replaces its contents instead (site/reference/output-folder.md, "An output folder
    /// that is a mount point").
    package static func isMountPoint(_ path: String) -> Bool {
        var own = stat(), parent = stat()
        guard stat(path, &own) == 0, stat(path + "/..", &parent) == 0 else { return false }
        return isMountPoint(device: UInt64(own.st_dev), inode: UInt64(own.st_ino),
                            parentDevice: UInt64(parent.st_dev), parentInode: UInt64(parent.st_ino))
    }

    /// The decision, from the folder's and its parent's `stat`: another device than the
    /// parent's, or its own parent (`/`). A bind mount of a folder of the same file
    /// system has the same device; its exchange fails with EBUSY, which the build treats
    /// the same way.
    package static func isMountPoint(device: UInt64, inode: UInt64, parentDevice: UInt64, parentInode: UInt64) -> Bool {
        device != parentDevice || (inode == parentInode)
    }

    /// Makes `output` hold what `work` holds, in place: everything but the marker is
    /// removed, `work`'s files are copied in (another file system: no links), and the
    /// marker is replaced last, by a rename inside `output`. Not atomic: a reader may see
    /// a partial site meanwhile, and a kill leaves one, which the next build replaces
    /// (the marker is there throughout, so the folder stays ours). Returns nil, or what
    /// failed.
    package static func replaceContents(of output: String, with work: String) -> String? {
        for name in listing(output) where name != markerName {
            let path = output + "/" + name
            if !removeTree(path) { return "cannot remove \(path): \(FilePaths.errnoText(errno))" }
        }
        for name in listing(work).sorted() where name != markerName {
            if let problem = copyTree(work + "/" + name, to: output + "/" + name) { return problem }
        }
        let temporary = output + "/.\(markerName).tmp-\(getpid())"
        if let problem = copyTree(work + "/" + markerName, to: temporary) { return problem }
        guard rename(temporary, output + "/" + markerName) == 0 else {
            let code = errno
            unlink(temporary)
            return "cannot write \(output)/\(markerName): \(FilePaths.errnoText(code))"
        }
        return nil
    }

    /// Copies a file, a link (as a link) or a folder with everything in it; nil, or what failed.
    private static func copyTree(_ source: String, to target: String) -> String? {
        var info = stat()
        guard lstat(source, &info) == 0 else { return "cannot read \(source): \(FilePaths.errnoText(errno))" }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            guard mkdir(target, 0o755) == 0 else { return "cannot create \(target): \(FilePaths.errnoText(errno))" }
            for name in listing(source).sorted() {
                if let problem = copyTree(source + "/" + name, to: target + "/" + name) { return problem }
            }
            return nil
        case S_IFLNK:
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(source, &buffer, buffer.count - 1)
            guard length >= 0 else { return "cannot read \(source): \(FilePaths.errnoText(errno))" }
            let destination = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard symlink(destination, target) == 0 else { return "cannot create \(target): \(FilePaths.errnoText(errno))" }
            return nil
        default:
            return copyFile(source, to: target, mode: info.st_mode & 0o777)
        }
    }

    private static func copyFile(_ source: String, to target: String, mode: mode_t) -> String? {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { return "cannot read \(source): \(FilePaths.errnoText(errno))" }
        defer { close(input) }
        let output = open(target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard output >= 0 else { return "cannot create \(target): \(FilePaths.errnoText(errno))" }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var failure: String?
        while failure == nil {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                failure = "cannot read \(source): \(FilePaths.errnoText(errno))"
                break
            }
            if count == 0 { break }
            var offset = 0
            while offset < count {
                let written = buffer.withUnsafeBytes { write(output, $0.baseAddress! + offset, count - offset) }
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = "cannot write \(target): \(FilePaths.errnoText(errno))"
                    break
                }
                offset += written
            }
        }
        if close(output) != 0, failure == nil { failure = "cannot write \(target): \(FilePaths.errnoText(errno))" }
        return failure
    }

    // MARK: debris

    /// Removes `.NAME.staging-PID` and `.NAME.old-PID` folders beside `target` whose
    /// process is gone (or whose marker is older than `debrisMaxAge`); only real folders
    /// holding our marker file, never anything else.
    package static func removeDebris(of target: URL, now: Date = Date()) {
        let parent = target.deletingLastPathComponent()
        let own = ProcessInfo.processInfo.processIdentifier
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names {
            guard let pid = debrisPID(name, outputName: target.lastPathComponent), pid != own else { continue }
            let path = parent.appendingPathComponent(name).path
            guard carriesMarker(path) else { continue }
            let gone = kill(pid, 0) != 0 && errno == ESRCH
            if gone || markerAge(path, now: now) > debrisMaxAge {
                removeInParallel(URL(fileURLWithPath: path))
            }
        }
    }

    /// The PID in `.NAME.staging-PID` or `.NAME.old-PID`, nil for any other name.
    package static func debrisPID(_ name: String, outputName: String) -> pid_t? {
        for kind in ["staging", "old"] {
            let prefix = ".\(outputName).\(kind)-"
            guard name.hasPrefix(prefix) else { continue }
            let digits = name.dropFirst(prefix.count)
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
                  let pid = pid_t(digits), pid > 0 else { return nil }
            return pid
        }
        return nil
    }

    /// A real folder (not a link) with a regular `.skelsite-output` file in it.
    package static func carriesMarker(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return false }
        guard lstat(path + "/" + markerName, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFREG
    }

    private static func markerAge(_ path: String, now: Date) -> TimeInterval {
        var info = stat()
        guard lstat(path + "/" + markerName, &info) == 0 else { return 0 }
        return now.timeIntervalSince1970 - TimeInterval(info.modifiedSeconds)
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    // MARK: removal

    /// Deletes a folder, its top-level entries in parallel (why: a site holds tens of
    /// thousands of PNGs, and unlinking them is the slow part of a swap). Links are
    /// removed, never followed: a `png` link to a user's folder leaves that folder alone.
    package static func removeInParallel(_ folder: URL) {
        guard isRealFolder(folder.path) else {
            unlink(folder.path)
            return
        }
        var entries: [String] = []
        for name in listing(folder.path) {
            let path = folder.path + "/" + name
            if name == "png", isRealFolder(path) {
                entries += listing(path).map { path + "/" + $0 }
            } else {
                entries.append(path)
            }
        }
        _ = Parallel.map(entries) { path in removeTree(path) }
        removeTree(folder.path)
    }

    /// Removes a file, a link (not its target) or a folder with everything in it.
    @discardableResult
    package static func removeTree(_ path: String) -> Bool {
        guard isRealFolder(path) else { return unlink(path) == 0 }
        for name in listing(path) { removeTree(path + "/" + name) }
        return rmdir(path) == 0
    }

    private static func isRealFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Names in a folder, without "." and ".." (by readdir: Foundation's listing of the
    /// render cache's 35,000 names cost a rebuild twice as much).
    package static func listing(_ path: String) -> [String] {
        guard let handle = opendir(path) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
