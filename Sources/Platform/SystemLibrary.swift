// The C library, for every module that makes system calls: Glibc on Linux, Darwin on
// macOS (site/reference/platforms.md). Files elsewhere `import Platform` and never
// name either, so a call that exists on one system only has to live in this module.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#endif

/// `SOCK_STREAM` as `socket()` takes it (an enum in Glibc's import, an Int32 in Darwin's).
public var streamSocketType: Int32 {
    #if canImport(Glibc)
    Int32(SOCK_STREAM.rawValue)
    #else
    SOCK_STREAM
    #endif
}

/// The `send()` flag that turns a write to a closed peer into EPIPE instead of SIGPIPE.
/// macOS has no such flag: its path is the `SO_NOSIGPIPE` socket option, not set yet
/// (site/reference/platforms.md).
public var noSignalOnSend: Int32 {
    #if os(Linux)
    Int32(MSG_NOSIGNAL)
    #else
    0
    #endif
}

extension stat {
    /// The modification time in nanoseconds since 1970 (`st_mtim` on Linux,
    /// `st_mtimespec` on macOS).
    public var modifiedNanoseconds: Int {
        #if os(Linux)
        Int(st_mtim.tv_sec) * 1_000_000_000 + Int(st_mtim.tv_nsec)
        #else
        Int(st_mtimespec.tv_sec) * 1_000_000_000 + Int(st_mtimespec.tv_nsec)
        #endif
    }

    /// The modification time's whole seconds since 1970.
    public var modifiedSeconds: Int { modifiedNanoseconds / 1_000_000_000 }
}
