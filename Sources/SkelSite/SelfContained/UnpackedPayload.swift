import Foundation
import Platform

/// The running executable's payload (`ExecutablePayload`) as files on disk, where the
/// theme loader and the playground's module lookup read them like an installed theme:
/// `<cache>/skelsite/payload-<digest>/Templates/`, `.../skelsite.wasm` and, beside it,
/// `.../skelsite-exporters.wasm`.
///
/// The folder is named by the payload's digest and made whole before it gets that name
/// (written under a temporary name, then renamed), so a folder with the name is complete,
/// two processes unpacking at once both end with the same files, and a new release
/// never reads an older one's theme. `<cache>` is `$XDG_CACHE_HOME`, else `~/.cache`,
/// else (or when that cannot be written) the temporary folder.
public enum UnpackedPayload {
    public static let templatesFolder = "Templates"
    public static let wasmFile = "skelsite.wasm"
    /// How scripts/package.sh built the binary, one line (`skelsite --version`).
    public static let buildInfoFile = "BUILD-INFO"

    /// The unpacked folder of this process's executable, made once per process; nil for
    /// an executable without a payload or when no cache folder can be written.
    /// The running executable's payload, read once per process (the folder and the
    /// build line both come from it).
    static let payload: ExecutablePayload? = ExecutablePayload.ofRunningExecutable()

    public static let folder: URL? = {
        guard let payload else { return nil }
        // A cache folder that cannot be written (a read-only home) falls back to the
        // temporary folder.
        return (try? unpack(payload, into: cacheRoot()))
            ?? (try? unpack(payload, into: cacheRoot(environment: [:])))
    }()

    /// The build description the payload carries, if any.
    public static let buildInfo: String? = {
        guard let file = payload?.file(buildInfoFile) else { return nil }
        return String(decoding: file.bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }()

    static func cacheRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return URL(fileURLWithPath: cache).appendingPathComponent("skelsite")
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return URL(fileURLWithPath: home).appendingPathComponent(".cache/skelsite")
        }
        return URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("skelsite-\(getuid())")
    }

    /// Writes `payload` under `root` unless a complete copy is there; returns its folder.
    public static func unpack(_ payload: ExecutablePayload, into root: URL) throws -> URL {
        let fileManager = FileManager.default
        let folder = root.appendingPathComponent("payload-\(payload.digest.prefix(16))")
        try fileManager.createDirectory(at: root, withIntermediateDirectories: true)
        // Only our own real folders are trusted: in a shared temporary folder another
        // user could have made the name first.
        guard ownFolder(root) else { throw UnpackError.notOurs(root.path) }
        if fileManager.fileExists(atPath: folder.path) {
            guard ownFolder(folder) else { throw UnpackError.notOurs(folder.path) }
            return folder
        }
        let staging = root.appendingPathComponent(".payload-\(payload.digest.prefix(16))-\(getpid())")
        try? fileManager.removeItem(at: staging)
        defer { try? fileManager.removeItem(at: staging) }
        for file in payload.files {
            let target = staging.appendingPathComponent(file.path)
            try fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.bytes.write(to: target)
        }
        do {
            try fileManager.moveItem(at: staging, to: folder)
        } catch where fileManager.fileExists(atPath: folder.path) {
            // Another process unpacked the same payload first: its copy is as good.
        }
        return folder
    }

    enum UnpackError: Error { case notOurs(String) }

    /// A real folder (not a link) that this user owns.
    static func ownFolder(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR && info.st_uid == getuid()
    }
}
