import Foundation

/// Plain words for a failed file operation, such as "permission denied" (why: on Linux a
/// Foundation error's `localizedDescription` reads "The operation could not be
/// completed. (NSCocoaErrorDomain error 512.)", which tells the user nothing).
public enum FileErrorText {
    /// `path`, when given, lets an unspecific error (Foundation's 512, "write failed")
    /// be told by looking at the file: a folder in the way, a missing or read-only folder.
    public static func describe(_ error: Error, path: String? = nil) -> String {
        if let failure = error as? PlainFileWriter.Failure { return FilePaths.errnoText(failure.code) }
        if let posix = error as? POSIXError { return FilePaths.errnoText(posix.code.rawValue) }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return FilePaths.errnoText(Int32(ns.code)) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return FilePaths.errnoText(Int32(underlying.code))
        }
        if ns.domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: ns.code) {
            case .fileWriteNoPermission, .fileReadNoPermission: return FilePaths.errnoText(EACCES)
            case .fileNoSuchFile, .fileReadNoSuchFile: return FilePaths.errnoText(ENOENT)
            case .fileWriteOutOfSpace: return FilePaths.errnoText(ENOSPC)
            case .fileWriteVolumeReadOnly: return FilePaths.errnoText(EROFS)
            case .fileWriteFileExists: return FilePaths.errnoText(EEXIST)
            case .fileReadInvalidFileName, .fileWriteInvalidFileName: return "invalid file name"
            case .fileReadCorruptFile: return "the file is damaged"
            case .fileReadInapplicableStringEncoding, .fileWriteInapplicableStringEncoding: return "the text is not valid UTF-8"
            default: return path.flatMap(probe) ?? "input/output error (code \(ns.code))"
            }
        }
        return "\(error)"
    }

    /// Why writing `path` would fail, found by looking; nil when nothing explains it.
    package static func probe(_ path: String) -> String? {
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { return FilePaths.errnoText(EISDIR) }
        let parent = (path as NSString).deletingLastPathComponent
        let folder = parent.isEmpty ? "." : parent
        guard stat(folder, &info) == 0 else { return FilePaths.errnoText(errno) }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return FilePaths.errnoText(ENOTDIR) }
        if access(folder, W_OK) != 0 { return FilePaths.errnoText(errno) }
        return nil
    }
}
