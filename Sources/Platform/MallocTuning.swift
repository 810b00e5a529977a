
/// Keeps freed heap memory in the process instead of handing it back to the kernel
/// after every image.
///
/// Why: a component's frames are a few hundred KB to several MB each, above glibc's
/// default mmap threshold (128 KiB, raised only as far as the largest block freed so
/// far) and trim threshold, so each frame was mapped, zero-filled by page faults,
/// and unmapped or trimmed again. On the 5,000-spec corpus that was about 45% of
/// painting and encoding's CPU time, all of it kernel time (page faults and their
/// zeroing), measured with `SkeletonBench component` under `perf stat`. With blocks
/// up to 32 MiB served from the heap and the heap trimmed only past 128 MiB free,
/// the pages are reused; peak memory grows by at most what one core's largest
/// frames hold. `verify` too: a browser's screenshot, its inflated rows and the
/// frames cut from it are MBs each, a few thousand a run.
///
/// Process-wide, so only an executable's `main` sets it (the `skelsite` tool and the
/// bench), never a library: SkelSite runs inside other processes too (the Swift
/// package plugin's host, tests) whose allocator is theirs to tune.
public enum MallocTuning {
    /// glibc's largest allowed mmap threshold on 64-bit (`DEFAULT_MMAP_THRESHOLD_MAX`).
    static let mmapThreshold: Int32 = 32 << 20
    static let trimThreshold: Int32 = 128 << 20

    private static let applied: Bool = {
        #if os(Linux)
        // M_MMAP_THRESHOLD and M_TRIM_THRESHOLD from malloc.h, which Glibc's module
        // does not import.
        let mmap = glibcMallopt(-3, mmapThreshold) == 1
        let trim = glibcMallopt(-1, trimThreshold) == 1
        return mmap && trim
        #else
        return false
        #endif
    }()

    /// Sets both thresholds once per process; true when glibc accepted them.
    @discardableResult
    public static func apply() -> Bool { applied }
}

#if os(Linux)
/// glibc's `int mallopt(int param, int value)`; 1 on success.
@_silgen_name("mallopt")
private func glibcMallopt(_ param: Int32, _ value: Int32) -> Int32
#endif
