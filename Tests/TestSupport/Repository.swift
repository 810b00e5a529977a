import Foundation

/// The checkout the tests run from, found once from this file's own path
/// (`Tests/TestSupport/Repository.swift`), so tests read fixtures, the default theme and
/// the bundled site wherever `swift test` runs.
public enum Repository {
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A path inside the checkout, relative to its root (`"site/gallery"`).
    public static func url(_ relative: String) -> URL {
        root.appendingPathComponent(relative)
    }

    /// The default theme.
    public static let templates = url("Templates")
}
