import Foundation
import Testing

/// Edges of the paths a command writes to (site/reference/limits.md, "Files skelsite
/// writes" and "Output and cache folders"; output-folder.md, "An output folder that is a
/// mount point"): an output that is or holds the render cache, a mount point, a read-only
/// source with the cache elsewhere, a replaced file's mode, and folder options that
/// name a file.
@Suite struct OutputPathEdgeTests {
    static let doc = "---\ntitle: Home\n---\n# Home\n\n```skeleton\nskeleton \"Row\" width=100\n  rect 40x20 radius=4\n```\n"

    /// A project folder with one doc in `site/` and, when given, a project file.
    static func project(_ toml: String? = nil) throws -> URL {
        let root = try CLIRunner.temporaryFolder()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("site"), withIntermediateDirectories: true)
        try Data(doc.utf8).write(to: root.appendingPathComponent("site/index.md"))
        if let toml { try Data(toml.utf8).write(to: root.appendingPathComponent("skelsite.toml")) }
        return root
    }

    /// Every name under `folder`, relative, sorted (folders too).
    static func names(_ folder: URL) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
    }

    /// Whether this sandbox lets a test make its own mount namespace (`unshare -rm`).
    static let canMount: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["-rm", "sh", "-c", "mount -t tmpfs none /tmp 2>/dev/null"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// Runs `script` with `sh` in a mount namespace of its own; `$SKELSITE` is the binary.
    static func inNamespace(_ script: String, cwd: URL) throws -> (status: Int32, output: String) {
        let log = cwd.appendingPathComponent("namespace.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["-rm", "sh", "-c", script]
        process.currentDirectoryURL = cwd
        process.environment = ProcessInfo.processInfo.environment.merging(["SKELSITE": try CLIRunner.binary().path]) { $1 }
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let output = try String(contentsOf: log, encoding: .utf8)
        try FileManager.default.removeItem(at: log)
        return (process.terminationStatus, output)
    }

    // MARK: output and cache

    @Test(arguments: [
        (["--output", "site/.skelsite-cache"], "is", "site/.skelsite-cache"),
        (["--output", "site/.skelsite-cache/out"], "is inside", "site/.skelsite-cache"),
        (["--output", "out", "--cache-dir", "out/cache"], "contains", "out/cache"),
    ])
    func anOutputOverlappingTheCacheIsRefusedBeforeAnythingIsWritten(flags: [String], overlap: String, cache: String) throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLIRunner.run(["build", "-q"] + flags, cwd: root)
        #expect(result.status == 2)
        let real = root.resolvingSymlinksInPath().path
        #expect(result.stderr == "skelsite build: output folder \(real)/\(flags[1]) \(overlap) the render cache's folder "
                + "\(real)/\(cache); choose another --output\n")
        // Nothing written: no cache, no output, no store beside either.
        #expect(Self.names(root) == ["site", "site/index.md"])
    }

    @Test func theProjectFileCanPlaceTheCacheAndItsOverlapIsRefusedToo() throws {
        let root = try Self.project("[build]\ncache = \"_site/cache\"\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let refused = try CLIRunner.run(["build", "-q"], cwd: root)
        #expect(refused.status == 2)
        #expect(refused.stderr.hasSuffix("/_site contains the render cache's folder \(root.resolvingSymlinksInPath().path)/_site/cache; choose another --output\n"))
        try Data("[build]\ncache = \"build-cache\"\n".utf8).write(to: root.appendingPathComponent("skelsite.toml"))
        let built = try CLIRunner.run(["build", "-q"], cwd: root)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(Self.names(root.appendingPathComponent("site")) == ["index.md"])
        #expect(Self.names(root.appendingPathComponent("build-cache")).contains { $0.hasSuffix(".entry") })
    }

    @Test(.enabled(if: canMount, "needs `unshare -rm` to make a read-only bind mount"))
    func aReadOnlySourceBuildsWithTheCacheElsewhere() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try Self.inNamespace("""
            mount --bind site site && mount -o remount,bind,ro site || exit 99
            "$SKELSITE" build -q --output a; echo "default: $?"
            "$SKELSITE" build -q --output b --cache-dir cache; echo "cache-dir: $?"
            """, cwd: root)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("default: 2"), "\(run.output)")
        #expect(run.output.hasSuffix("cache-dir: 0\n"), "\(run.output)")
        #expect(Self.names(root.appendingPathComponent("site")) == ["index.md"])
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("b/index.html").path))
    }

    // MARK: a mount point as the output

    @Test(.enabled(if: canMount, "needs `unshare -rm` and tmpfs; OutputMountPointTests covers the decision without them"))
    func aMountPointOutputIsBuiltInPlace() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        // The reference: the same site built into a plain folder.
        let plain = try CLIRunner.run(["build", "-q", "--output", "plain"], cwd: root)
        #expect(plain.status == 0, "\(plain.stderr)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mnt"), withIntermediateDirectories: true)
        // Built twice (the second time over a site already there), then a doc changed;
        // each time the mount point's listing and index.html are compared with a plain build's.
        let run = try Self.inNamespace("""
            mount -t tmpfs none mnt || exit 99
            for pass in 1 2; do
              "$SKELSITE" build -q --output mnt || exit $pass
              (cd mnt && find . | sort > ../mnt-$pass.list && cat index.html > ../mnt-$pass.html)
            done
            sed -i 's/title: Home/title: Changed/' site/index.md
            "$SKELSITE" build -q --output mnt || exit 3
            grep -c Changed mnt/index.html > /dev/null || exit 4
            (cd mnt && find . | sort > ../mnt-3.list)
            """, cwd: root)
        #expect(run.status == 0, "\(run.output)")
        let plainList = Self.names(root.appendingPathComponent("plain")).map { "./" + $0 }
        for pass in 1...3 {
            let list = try String(contentsOf: root.appendingPathComponent("mnt-\(pass).list"), encoding: .utf8)
            #expect(list == ".\n" + plainList.map { $0 + "\n" }.joined(), "pass \(pass)")
        }
        let index = try Data(contentsOf: root.appendingPathComponent("plain/index.html"))
        #expect(try Data(contentsOf: root.appendingPathComponent("mnt-1.html")) == index)
        #expect(try Data(contentsOf: root.appendingPathComponent("mnt-2.html")) == index)
        // No debris beside the mount point: only the store that holds the other generation.
        #expect(Self.names(root).filter { !$0.contains("/") }.sorted()
                == [".mnt.skelsite", ".plain.skelsite", "mnt", "mnt-1.html", "mnt-1.list", "mnt-2.html", "mnt-2.list",
                    "mnt-3.list", "plain", "site"])
    }

    // MARK: files and folders the user names

    @Test func renderOverAnExistingFileKeepsItsMode() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("skeleton \"Row\" width=100\n  rect 40x20\n".utf8).write(to: root.appendingPathComponent("row.skel"))
        let png = root.appendingPathComponent("row.png")
        try Data("old".utf8).write(to: png)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: png.path)
        let result = try CLIRunner.run(["render", "row.skel", "--output", "row.png"], cwd: root)
        #expect(result.status == 0, "\(result.stderr)")
        let attributes = try FileManager.default.attributesOfItem(atPath: png.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o640)
        #expect(try Data(contentsOf: png).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        // A new file gets the usual mode.
        let fresh = try CLIRunner.run(["render", "row.skel", "--output", "new.png"], cwd: root)
        #expect(fresh.status == 0, "\(fresh.stderr)")
        let mask = umask(0)
        umask(mask)
        let freshMode = try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent("new.png").path)[.posixPermissions]
        #expect((freshMode as? NSNumber)?.intValue == 0o666 & ~Int(mask))
    }

    @Test func verifyFailuresUnderAFileIsToldPlainly() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        for option in ["--failures", "--keep-pages"] {
            let result = try CLIRunner.run(["verify", option, "site/index.md/x"], cwd: root)
            #expect(result.status == 2)
            #expect(result.stderr == "error: cannot create \(option) folder site/index.md/x: site/index.md is not a folder\n")
        }
    }

    @Test func exportToDevNullSaysItIsNotAFolder() throws {
        let root = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("skeleton \"Row\" width=100\n  rect 40x20\n".utf8).write(to: root.appendingPathComponent("row.skel"))
        let result = try CLIRunner.run(["export", "row.skel", "--output", "/dev/null"], cwd: root)
        #expect(result.status == 2)
        #expect(result.stderr == "error: cannot create --output folder /dev/null: /dev/null is not a folder\n")
        let nested = try CLIRunner.run(["export", "row.skel", "--output", "row.skel/out"], cwd: root)
        #expect(nested.status == 2)
        #expect(nested.stderr == "error: cannot create --output folder row.skel/out: row.skel is not a folder\n")
    }

    @Test func aNULInTheProjectFileIsAUsageError() throws {
        let root = try Self.project("title = \"Safe\\u0000tail\"\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLIRunner.run(["build", "-q"], cwd: root)
        #expect(result.status == 2)
        #expect(result.stderr == "skelsite.toml:1:14: error: title holds a NUL (\\u0000), which would cut it short here; remove it\n")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("_site").path))
    }
}
