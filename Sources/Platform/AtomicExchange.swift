/// Swapping two paths in one step, what publishing the output relies on
/// (site/reference/output-folder.md): Linux's `renameat2` with `RENAME_EXCHANGE`,
/// macOS's `renamex_np` with `RENAME_SWAP`. Where neither exists the caller falls back
/// to two renames (site/reference/platforms.md).
public enum AtomicExchange {
    #if os(Linux)
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    /// glibc has `renameat2` since 2.28 but Swift's Glibc module does not declare it
    /// (it needs _GNU_SOURCE), so it is looked up by name.
    private static let renameat2: RenameAt2? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()

    private static let renameExchange: UInt32 = 1 << 1  // RENAME_EXCHANGE, linux/fs.h
    #endif

    /// Swaps two paths in one step: 0, an errno value, or nil when the system has no
    /// such call.
    public static func exchange(_ a: String, _ b: String) -> Int32? {
        #if os(Linux)
        guard let renameat2 else { return nil }
        return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0 ? 0 : errno
        #elseif canImport(Darwin)
        return renamex_np(a, b, UInt32(RENAME_SWAP)) == 0 ? 0 : errno
        #else
        return nil
        #endif
    }
}
