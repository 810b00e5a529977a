import Foundation
import Testing
@testable import SkelSite
import SkelsiteStore

/// File errors read as plain words, never "NSCocoaErrorDomain error 512".
@Suite struct FileErrorTextTests {
    @Test func foundationErrorsBecomePlainWords() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skelsite-errtext-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Writing a file where a folder is: Foundation's error 512 on Linux.
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            try Data("x".utf8).write(to: folder)
            Issue.record("writing over a folder succeeded")
        } catch {
            // Foundation says only "error 512"; the path tells why.
            #expect(FileErrorText.describe(error, path: folder.path) == "is a directory")
            #expect(FileErrorText.describe(error) == "input/output error (code 512)")
            #expect(FileErrorText.describe(error, path: folder.appendingPathComponent("no/such").path)
                    == "no such file or directory")
        }
        #expect(FileErrorText.describe(CocoaError(.fileWriteNoPermission)) == "permission denied")
        #expect(FileErrorText.describe(CocoaError(.fileNoSuchFile)) == "no such file or directory")
        #expect(FileErrorText.describe(POSIXError(.ENOSPC)) == "no space left on device")
        #expect(FileErrorText.describe(PlainFileWriter.Failure(path: "/x", code: EROFS)) == "read-only file system")
    }
}
