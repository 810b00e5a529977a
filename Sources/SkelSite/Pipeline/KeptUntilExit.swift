import Foundation

/// Values a build leaves for the process's exit to reclaim, all at once, instead of
/// freeing them object by object when the build returns (`SiteBuilder.Options
/// .keepsMemoryUntilExit`, set by `skelsite build`, which exits right after). Why: on
/// the 5000-spec corpus, releasing a rebuild's tables (the docs, the components, the
/// two generations' 29,000 records) was 23 ms of a 0.35 s one-spec rebuild, 84% of it
/// in swift_release and free; the kernel takes the whole heap back in one go.
enum KeptUntilExit {
    private final class Shelf: @unchecked Sendable {
        let lock = NSLock()
        var values: [Any] = []
    }

    private static let shelf = Shelf()

    /// Holds `values` until the process ends.
    static func hold(_ values: [Any]) {
        shelf.lock.withLock { shelf.values += values }
    }
}
