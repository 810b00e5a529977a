import Foundation

/// Decoded files a build reads whole (the live generation's record, the doc memo, the
/// cache index), remembered with the stamp (inode, size, modification time) of the file
/// they came from. A process that builds again, `skelsite serve` after every save, takes
/// the decoded value while the file still has that stamp instead of reading and
/// decoding megabytes again; a file changed or replaced since is read as before. Every
/// such file is written under a temporary name and renamed into place, so a new
/// content always comes with a new inode.
/// `@unchecked Sendable`: `entries` is touched only under `lock`.
package final class StampedMemory<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: (stamp: GenerationFiles.Stamp, value: Value)] = [:]

    package init() {}

    /// The value of the file at `path`: remembered, or read and decoded (then remembered
    /// when the file did not change while it was read). nil when missing or not decodable.
    package func value(at path: String, decode: ([UInt8]) -> Value?) -> Value? {
        guard let stamp = GenerationFiles.Stamp.of(path) else { return nil }
        if let known = lock.withLock({ entries[path] }), known.stamp == stamp { return known.value }
        guard let bytes = RenderCache.readRegularFile(path), let value = decode(bytes) else { return nil }
        if GenerationFiles.Stamp.of(path) == stamp { lock.withLock { entries[path] = (stamp, value) } }
        return value
    }

    /// Remembers `value` as what the file just written at `path` holds.
    package func remember(_ value: Value, at path: String) {
        guard let stamp = GenerationFiles.Stamp.of(path) else { return }
        lock.withLock { entries[path] = (stamp, value) }
    }
}

/// The process's memories of the store's files, one per kind (the build's own files have
/// theirs in SkelSite's `SiteMemory`).
package enum BuildMemory {
    package static let generationFiles = StampedMemory<GenerationFiles>()
    package static let cacheIndex = StampedMemory<RenderCacheIndex>()
}
