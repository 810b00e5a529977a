import Foundation

/// What a build or check did.
public struct BuildReport: Sendable, Equatable {
    /// Errors and warnings, sorted by path, line, column.
    public var diagnostics: [FileDiagnostic] = []
    /// Docs built (drafts excluded).
    public var documents = 0
    public var drafts = 0
    /// Specs found across all docs.
    public var components = 0
    /// Components painted this time, and components taken from the cache.
    public var rendered = 0
    public var cached = 0
    /// Files written to the output (pages, PNGs, assets, indexes).
    public var filesWritten = 0
    /// True when the output folder was replaced (never for `check` or a failed build).
    public var wroteOutput = false
    /// Files of the new site whose bytes the previous site did not have at that path
    /// (written, not kept or linked), and files of the previous site the new one no
    /// longer has (a deleted doc's page), sorted; what `serve` tells open pages.
    public var changedFiles: [String] = []
    public var steps: [BuildStepEvent] = []

    public init() {}

    public var errorCount: Int { diagnostics.filter(\.isError).count }
    public var succeeded: Bool { errorCount == 0 }
}
