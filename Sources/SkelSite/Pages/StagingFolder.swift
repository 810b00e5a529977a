import Foundation

/// The folder a build writes its site into before the swap. Every file is new: each
/// write first unlinks whatever is there (why: a page reused from the previous output
/// is a hard link, and writing through it would change the previous output).
struct StagingFolder: Sendable {
    let url: URL

    func write(_ text: String, to path: String) throws(SiteBuildError) {
        try write(Array(text.utf8), to: path)
    }

    func write<Bytes: ContiguousBytes>(_ data: Bytes, to path: String) throws(SiteBuildError) {
        let file = url.appendingPathComponent(path)
        do {
            if path.contains("/") {
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            }
            unlink(file.path)
            try PlainFileWriter.write(data, to: file.path)
        } catch {
            throw .io("cannot write \(file.path): \(FileErrorText.describe(error, path: file.path))")
        }
    }
}
