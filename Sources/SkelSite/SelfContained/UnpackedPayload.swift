import Foundation

/// The running executable's payload (`ExecutablePayload`) as files on disk, where the
/// theme loader and the playground's module lookup read them like an installed theme:
/// `<cache>/skelsite/payload-<digest>/Templates/` and `.../skelsite.wasm`.
///
/// The folder is named by the payload's digest and made whole before it gets that name
/// (written under a temporary name, then renamed), so a folder with the name is complete,
/// two processes unpacking at once both end with the same files, and a new release
/// never reads an older one's theme. `<cache>` is `$XDG_CACHE_HOME`, else `~/.cache`,
/// else the temporary folder.
public enum UnpackedPayload {
    public static let templatesFolder = "Templates"
    public static let wasmFile = "skelsite.wasm"
    /// How scripts/package.sh built the binary, one line (`skelsite --version`).
    public static let buildInfoFile = "BUILD-INFO"

    /// The unpacked folder of this process's executable, made once per process; nil for
    /// an executable without a payload or when no cache folder can be written.
    public static let folder: URL? = {
        guard let payload = ExecutablePayload.ofRunningExecutable() else { return nil }
        return try? unpack(payload, into: cacheRoot())
    }()

    /// The build description the payload carries, if any.
    public static let buildInfo: String? = {
        guard let payload = ExecutablePayload.ofRunningExecutable(),
              let file = payload.file(buildInfoFile) else { return nil }
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
        if fileManager.fileExists(atPath: folder.path) { return folder }
        try fileManager.createDirectory(at: root, withIntermediateDirectories: true)
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
}
