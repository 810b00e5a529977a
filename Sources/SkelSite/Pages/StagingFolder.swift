import Foundation
import SkelsiteStore

/// The generation a build writes its site into before publishing it (see
/// `OutputGenerations`). Each file is kept or linked when the live site already holds
/// the same bytes, else written (see `GenerationWriter`).
struct StagingFolder: Sendable {
    let writer: GenerationWriter

    var url: URL { writer.folder }

    func write(_ text: String, to path: String) throws(SiteBuildError) {
        try writer.write(Array(text.utf8), to: path)
    }

    func write<Bytes: ContiguousBytes>(_ data: Bytes, to path: String) throws(SiteBuildError) {
        try writer.write(data, to: path)
    }
}
