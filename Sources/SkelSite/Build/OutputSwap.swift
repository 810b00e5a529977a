import Foundation

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
enum OutputSwap {
    /// Marks a folder as ours: only a folder with this file (or an empty one) is ever
    /// replaced (why: `--output ~/Documents` by mistake must not delete anything).
    static let markerName = ".skelsite-output"
    static let markerText = "This folder is written by `skelsite build` and replaced on every build.\n"

    /// Debris whose process is alive is still removed once its marker is this old (why:
    /// process ids are reused; no build runs for a day).
    static let debrisMaxAge: TimeInterval = 24 * 3600

    // MARK: atomic exchange

    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    /// glibc has `renameat2` since 2.28 but Swift's Glibc module does not declare it
    /// (it needs _GNU_SOURCE), so it is looked up by name.
    private static let renameat2: RenameAt2? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()

    private static let renameExchange: UInt32 = 1 << 1  // RENAME_EXCHANGE, linux/fs.h

    /// Swaps two paths in one step: 0, an errno value, or nil when there is no renameat2.
    static func exchange(_ a: String, _ b: String) -> Int32? {
        guard let renameat2 else { return nil }
        return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0 ? 0 : errno
    }

    // MARK: debris

    /// Removes `.NAME.staging-PID` and `.NAME.old-PID` folders beside `target` whose
    /// process is gone (or whose marker is older than `debrisMaxAge`); only real folders
    /// holding our marker file, never anything else.
    static func removeDebris(of target: URL, now: Date = Date()) {
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
    static func debrisPID(_ name: String, outputName: String) -> pid_t? {
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
    static func carriesMarker(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return false }
        guard lstat(path + "/" + markerName, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFREG
    }

    private static func markerAge(_ path: String, now: Date) -> TimeInterval {
        var info = stat()
        guard lstat(path + "/" + markerName, &info) == 0 else { return 0 }
        return now.timeIntervalSince1970 - TimeInterval(info.st_mtim.tv_sec)
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    // MARK: removal

    /// Deletes a folder, its top-level entries in parallel (why: a site holds tens of
    /// thousands of PNGs, and unlinking them is the slow part of a swap). Links are
    /// removed, never followed: a `png` link to a user's folder leaves that folder alone.
    static func removeInParallel(_ folder: URL) {
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
    static func removeTree(_ path: String) -> Bool {
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
    static func listing(_ path: String) -> [String] {
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
