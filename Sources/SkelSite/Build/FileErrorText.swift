import Foundation

/// Plain words for a failed file operation, such as "permission denied" (why: on Linux a
/// Foundation error's `localizedDescription` reads "The operation could not be
/// completed. (NSCocoaErrorDomain error 512.)", which tells the user nothing).
enum FileErrorText {
    static func describe(_ error: Error) -> String {
        if let failure = error as? PlainFileWriter.Failure { return SourceReading.errnoText(failure.code) }
        if let posix = error as? POSIXError { return SourceReading.errnoText(posix.code.rawValue) }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return SourceReading.errnoText(Int32(ns.code)) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return SourceReading.errnoText(Int32(underlying.code))
        }
        if ns.domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: ns.code) {
            case .fileWriteNoPermission, .fileReadNoPermission: return SourceReading.errnoText(EACCES)
            case .fileNoSuchFile, .fileReadNoSuchFile: return SourceReading.errnoText(ENOENT)
            case .fileWriteOutOfSpace: return SourceReading.errnoText(ENOSPC)
            case .fileWriteVolumeReadOnly: return SourceReading.errnoText(EROFS)
            case .fileWriteFileExists: return SourceReading.errnoText(EEXIST)
            case .fileReadInvalidFileName, .fileWriteInvalidFileName: return "invalid file name"
            case .fileReadCorruptFile: return "the file is damaged"
            case .fileReadInapplicableStringEncoding, .fileWriteInapplicableStringEncoding: return "the text is not valid UTF-8"
            default: return "input/output error (code \(ns.code))"
            }
        }
        return "\(error)"
    }
}
