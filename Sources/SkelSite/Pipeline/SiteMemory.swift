import SkelsiteStore

/// The process's memories of the build's own files between builds (`StampedMemory`: a
/// file is taken from memory while it keeps the stamp it had when read or written).
enum SiteMemory {
    /// Keyed by the memo file's path; the value is the settings key and the memos.
    static let docMemos = StampedMemory<(settings: String, memos: [String: DocMemo])>()
    static let galleryCards = StampedMemory<GalleryCardsFile>()
}
