import Foundation
import Testing

/// macOS's and Windows' default file systems ignore case: two paths that differ only by
/// case cannot both be checked out there, and SwiftPM then sees one folder for two
/// targets (docs/modules.md, "Portability").
@Suite struct CaseCollisionTests {
    /// Paths (and every folder above them) that equal another tracked path but for case.
    static func collisions(_ paths: [String]) -> [[String]] {
        var spellings: [String: Set<String>] = [:]
        for path in paths {
            let parts = path.split(separator: "/")
            for end in 1...parts.count {
                let prefix = parts[..<end].joined(separator: "/")
                spellings[prefix.lowercased(), default: []].insert(prefix)
            }
        }
        return spellings.values.filter { $0.count > 1 }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }

    @Test func findsFilesAndFoldersThatDifferOnlyByCase() {
        #expect(Self.collisions(["Sources/SkelSite/a.swift", "Sources/skelsite/b.swift", "README.md"])
                == [["Sources/SkelSite", "Sources/skelsite"]])
        #expect(Self.collisions(["docs/Guide.md", "docs/guide.md"]) == [["docs/Guide.md", "docs/guide.md"]])
        #expect(Self.collisions(["a/b.md", "a/c.md", "b/a.md"]).isEmpty)
    }

    @Test func noTrackedPathsDifferOnlyByCase() throws {
        let tracked = try #require(RepositoryLayout.trackedFiles(), "git ls-files failed in \(RepositoryLayout.root.path)")
        #expect(tracked.count > 100)
        #expect(Self.collisions(tracked) == [])
    }

    /// Module names become file names in the build folder (`Foo.swiftmodule`), so they
    /// must differ by more than case too.
    @Test func moduleNamesDifferByMoreThanCase() {
        let modules = RepositoryLayout.modules()
        #expect(modules.contains("SkelSite"))
        #expect(Self.collisions(modules) == [])
    }
}
