import Foundation
import SkelSite
import Testing

/// The publish invariant (site/reference/output-folder.md): a rebuild killed with SIGKILL
/// at any of its file-system changes leaves the output byte for byte the old site or
/// the new one, never a mix; the next build publishes the new site and leaves no debris.
///
/// `SKELSITE_CRASH_AT=N` makes the real CLI kill itself before its N-th change (of the
/// output, its generations or the render cache); the test runs the same rebuild for
/// N = 1, 2, ... until one finishes, from a copy of the same starting folder each time.
@Suite struct RebuildCrashTests {
    static func page(_ name: String, title: String, body: String, width: Int) -> String {
        """
        # \(title)

        \(body)

        ```skeleton
        skeleton "\(name) card" width=\(width)
          row padding=8 gap=8
            circle 16
            rect width=60% height=10 radius=3
        ```

        """
    }

    /// Two builds' worth of history, so both generations exist and the rebuild works on
    /// one that is a build behind.
    static let first: [String: String] = [
        "docs/index.md": "# Home\n\nThe gallery.\n",
        "docs/a.md": page("A", title: "A", body: "First.", width: 60),
        "docs/b.md": page("B", title: "B", body: "Second.", width: 64),
        "docs/guides/c.md": page("C", title: "C", body: "Third.", width: 68),
        "docs/guides/d.md": page("D", title: "D", body: "Fourth.", width: 72),
    ]
    static let second = first.merging(["docs/a.md": page("A", title: "A", body: "First, edited.", width: 60)]) { $1 }
    /// The rebuild: a spec edited, a doc's prose edited, a title changed (every page's
    /// nav), a doc removed and one added.
    static let third: [String: String] = second.merging([
        "docs/b.md": page("B", title: "B", body: "Second.", width: 80),
        "docs/guides/c.md": page("C", title: "C renamed", body: "Third, edited.", width: 68),
        "docs/guides/e.md": page("E", title: "E", body: "Fifth.", width: 76),
    ]) { $1 }.filter { $0.key != "docs/guides/d.md" }

    struct Run {
        var status: Int32
        var killed: Bool
        var stderr: String
    }

    static func build(in root: URL, crashAt: Int? = nil) throws -> Run {
        // The output stays a real folder; its generations sit in `.out.skelsite`.
        let process = Process()
        process.executableURL = try CLIRunner.binary()
        process.arguments = ["build", "docs", "--output", "out", "--quiet"]
        process.currentDirectoryURL = root
        var environment = ProcessInfo.processInfo.environment
        environment["SKELSITE_TEMPLATES"] = BuildCLIHarness.templates.path
        environment["SKELSITE_CRASH_AT"] = crashAt.map(String.init)
        process.environment = environment
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, killed: process.terminationReason == .uncaughtSignal,
                   stderr: String(decoding: errData, as: UTF8.self))
    }

    static func write(_ files: [String: String], into root: URL) throws {
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    /// Path -> bytes of every file a reader finds through `out`, folders as "/", links
    /// as their text.
    static func site(at root: URL) -> [String: [UInt8]] {
        guard let resolved = realpath(root.appendingPathComponent("out").path, nil) else { return [:] }
        let real = String(cString: resolved)
        free(resolved)
        var files: [String: [UInt8]] = [:]
        for path in (try? FileManager.default.subpathsOfDirectory(atPath: real)) ?? [] {
            var info = stat()
            guard lstat(real + "/" + path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFREG: files[path] = FileManager.default.contents(atPath: real + "/" + path).map { [UInt8]($0) } ?? []
            case S_IFDIR: files[path] = Array("/".utf8)
            default: files[path] = Array("link or other".utf8)
            }
        }
        return files
    }

    static func copy(_ from: URL, to: URL) throws {
        // cp -a keeps hard links between the generations and the output link as a link.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/cp")
        process.arguments = ["-a", from.path, to.path]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
    }

    @Test func aRebuildKilledAtEveryChangeLeavesTheOldOrTheNewSite() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("skelsite-crash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let start = base.appendingPathComponent("start")
        try Self.write(Self.first, into: start)
        #expect(try Self.build(in: start).status == 0)
        try Self.write(Self.second, into: start)
        #expect(try Self.build(in: start).status == 0)
        let old = Self.site(at: start)

        // The new site, from an uninterrupted rebuild.
        let clean = base.appendingPathComponent("clean")
        try Self.copy(start, to: clean)
        try FileManager.default.removeItem(at: clean.appendingPathComponent("docs/guides/d.md"))
        try Self.write(Self.third, into: clean)
        #expect(try Self.build(in: clean).status == 0)
        let new = Self.site(at: clean)
        #expect(old != new)
        #expect(new["guides/e.html"] != nil && new["guides/d.html"] == nil)

        var points = 0, sawOld = 0, sawNew = 0
        for crashAt in 1...400 {
            let root = base.appendingPathComponent("run-\(crashAt)")
            try Self.copy(start, to: root)
            try FileManager.default.removeItem(at: root.appendingPathComponent("docs/guides/d.md"))
            try Self.write(Self.third, into: root)
            let run = try Self.build(in: root, crashAt: crashAt)
            if !run.killed {
                #expect(run.status == 0, "\(run.stderr)")
                break
            }
            points += 1
            #expect(run.status == SIGKILL)
            let seen = Self.site(at: root)
            #expect(seen == old || seen == new, "killed at change \(crashAt): a mix of old and new")
            if seen == old { sawOld += 1 } else if seen == new { sawNew += 1 }
            // The next build recovers: the new site, and nothing left over.
            let again = try Self.build(in: root)
            #expect(again.status == 0, "after a kill at \(crashAt): \(again.stderr)")
            #expect(Self.site(at: root) == new, "after a kill at \(crashAt)")
            let beside = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
            #expect(beside == [".out.skelsite", "docs", "out"], "after a kill at \(crashAt)")
            let store = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(".out.skelsite").path)
            var info = stat()
            _ = lstat(root.appendingPathComponent("out").path, &info)
            #expect(store.sorted() == ["\(info.st_ino).files", "lock", "work"], "after a kill at \(crashAt): \(store)")
            let cache = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs/.skelsite-cache").path)
            #expect(!cache.contains { $0.contains(".tmp-") }, "after a kill at \(crashAt): \(cache.filter { $0.contains(".tmp-") })")
            try FileManager.default.removeItem(at: root)
        }
        // Every step of the rebuild was hit: cache writes, the generation's files, the
        // record, the marker and the flip.
        #expect(points >= 50)
        #expect(sawOld > 0 && sawNew > 0)
    }
}
