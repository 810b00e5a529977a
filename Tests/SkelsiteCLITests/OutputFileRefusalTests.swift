import Foundation
import Testing

/// Files a user names are replaced only when they are regular files
/// (site/reference/limits.md, "Files skelsite writes"): a FIFO, or a link to a device,
/// given as an output is refused with exit 2 and left exactly as it was. Before the
/// fix, `render --output FIFO` replaced the FIFO with a PNG (exit 0), and `diff --json
/// FIFO` blocked for ever opening it.
@Suite struct OutputFileRefusalTests {
    static let spec = "skeleton \"A\" width=40\n  rect 10x10\n"
    static let linkReason = "it is a symbolic link (skelsite does not write through links; name the file itself)"

    /// What is at `path`, without following a link: its kind and, for a link, its target.
    static func node(_ path: URL) throws -> String {
        var info = stat()
        guard lstat(path.path, &info) == 0 else { return "nothing" }
        switch info.st_mode & S_IFMT {
        case S_IFLNK: return "link to " + (try FileManager.default.destinationOfSymbolicLink(atPath: path.path))
        case S_IFIFO: return "FIFO"
        case S_IFCHR: return "character device"
        case S_IFREG: return "file"
        case S_IFDIR: return "folder"
        default: return "other"
        }
    }

    /// A folder with `a.skel`, a FIFO `fifo` and a link `null` to /dev/null.
    static func fixture() throws -> URL {
        let dir = try CLIRunner.temporaryFolder()
        try Data(spec.utf8).write(to: dir.appendingPathComponent("a.skel"))
        #expect(mkfifo(dir.appendingPathComponent("fifo").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("null").path,
                                                   withDestinationPath: "/dev/null")
        return dir
    }

    static func expectUntouched(_ dir: URL) throws {
        #expect(try node(dir.appendingPathComponent("fifo")) == "FIFO")
        #expect(try node(dir.appendingPathComponent("null")) == "link to /dev/null")
        #expect(try node(URL(fileURLWithPath: "/dev/null")) == "character device")
        // No temporary file left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") } == [])
    }

    @Test func renderRefusesAFIFO() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLIRunner.run(["render", "a.skel", "--output", "fifo"], cwd: dir)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: cannot write 'fifo': it is a FIFO, not a regular file\n")
        try Self.expectUntouched(dir)
    }

    @Test func renderRefusesALinkToDevNull() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLIRunner.run(["render", "a.skel", "--output", "null"], cwd: dir)
        #expect(result.status == 2)
        #expect(result.stderr == "error: cannot write 'null': \(Self.linkReason)\n")
        try Self.expectUntouched(dir)
    }

    /// A device named directly is refused too (read-only here: the check is lstat).
    @Test func renderRefusesADevice() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLIRunner.run(["render", "a.skel", "--output", "/dev/null"], cwd: dir)
        #expect(result.status == 2)
        #expect(result.stderr == "error: cannot write '/dev/null': it is a character device, not a regular file\n")
        let folder = try CLIRunner.run(["render", "a.skel", "--output", "."], cwd: dir)
        #expect(folder.stderr == "error: cannot write '.': it is a folder, not a regular file\n")
        try Self.expectUntouched(dir)
    }

    /// A regular file is replaced (a new inode, renamed in), and nothing else is left.
    @Test func renderReplacesARegularFile() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = dir.appendingPathComponent("a.png")
        try Data("old".utf8).write(to: old)
        let result = try CLIRunner.run(["render", "a.skel", "--output", "a.png"], cwd: dir)
        #expect(result.status == 0)
        #expect(result.stdout == "wrote a.png (40x10 px)\n")
        #expect(try Data(contentsOf: old).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        try Self.expectUntouched(dir)
    }

    /// Both refusals are found before the comparison runs, so nothing is compared or written.
    @Test func diffRefusesJSONAndJUnitThatAreNotRegularFiles() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fm = FileManager.default
        for folder in ["base", "cur"] { try fm.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: true) }
        let json = try CLIRunner.run(["diff", "base", "cur", "--json", "fifo"], cwd: dir)
        #expect(json.status == 2)
        #expect(json.stdout == "")
        #expect(json.stderr == "fifo: error: cannot write: it is a FIFO, not a regular file\n")
        let junit = try CLIRunner.run(["diff", "base", "cur", "--junit", "null"], cwd: dir)
        #expect(junit.status == 2)
        #expect(junit.stderr == "null: error: cannot write: \(Self.linkReason)\n")
        let both = try CLIRunner.run(["diff", "base", "cur", "--junit", "null", "--json", "fifo"], cwd: dir)
        #expect(both.stderr == "fifo: error: cannot write: it is a FIFO, not a regular file\n")
        try Self.expectUntouched(dir)
        // A regular file is written as before.
        let fine = try CLIRunner.run(["diff", "base", "cur", "--json", "r.json"], cwd: dir)
        #expect(fine.status == 0)
        #expect(fm.fileExists(atPath: dir.appendingPathComponent("r.json").path))
    }

    /// verify checks --json before it looks for the docs or starts a browser.
    @Test func verifyRefusesAFIFOAsJSON() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLIRunner.run(["verify", ".", "--json", "fifo", "--chromium", "/nonexistent/chromium"], cwd: dir)
        #expect(result.status == 2)
        #expect(result.stderr == "error: cannot write 'fifo': it is a FIFO, not a regular file\n")
        let failures = try CLIRunner.run(["verify", ".", "--failures", "null", "--chromium", "/nonexistent/chromium"], cwd: dir)
        #expect(failures.status == 2)
        #expect(failures.stderr == "error: cannot write into 'null': it is not a folder (links are not followed)\n")
        try Self.expectUntouched(dir)
    }

    /// baseline update checks every target before it writes the first: a link where a
    /// baseline PNG would be replaced stops the whole update, and what it points to is
    /// not written through.
    @Test func baselineUpdateRefusesALinkInTheBaselines() throws {
        let dir = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fm = FileManager.default
        for folder in ["base", "cur"] { try fm.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: true) }
        #expect(try CLIRunner.run(["render", "a.skel", "--output", "cur/a.png"], cwd: dir).status == 0)
        #expect(try CLIRunner.run(["render", "a.skel", "--output", "cur/b.png"], cwd: dir).status == 0)
        #expect(try CLIRunner.run(["render", "a.skel", "--theme", "dark", "--output", "elsewhere.png"], cwd: dir).status == 0)
        let elsewhere = try Data(contentsOf: dir.appendingPathComponent("elsewhere.png"))
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("base/b.png").path, withDestinationPath: "../elsewhere.png")
        let result = try CLIRunner.run(["baseline", "update", "base", "cur"], cwd: dir)
        #expect(result.status == 2)
        #expect(result.stderr == "base/b.png: error: cannot write: \(Self.linkReason)\n")
        #expect(try fm.contentsOfDirectory(atPath: dir.appendingPathComponent("base").path) == ["b.png"])
        #expect(try Self.node(dir.appendingPathComponent("base/b.png")) == "link to ../elsewhere.png")
        #expect(try Data(contentsOf: dir.appendingPathComponent("elsewhere.png")) == elsewhere)
    }

    /// init --force replaces regular files only.
    @Test func initForceRefusesALink() throws {
        let dir = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent(".gitignore").path,
                                                   withDestinationPath: "/dev/null")
        let result = try CLIRunner.run(["init", ".", "--force"], cwd: dir)
        #expect(result.status == 2)
        let path = dir.appendingPathComponent(".gitignore").path
        #expect(result.stderr == "skelsite init: error: cannot write \(path): \(Self.linkReason)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [".gitignore"])
        #expect(try Self.node(dir.appendingPathComponent(".gitignore")) == "link to /dev/null")
    }
}

/// File errors read as plain lower-case words from errno, never a Foundation error code
/// (issue: "NSCocoaErrorDomain error 512" reached users).
@Suite struct PlainFileErrorTests {
    @Test func aFileInTheWayOfAFolderIsNamedPlainly() throws {
        let dir = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("x".utf8).write(to: dir.appendingPathComponent("blocker"))
        let initResult = try CLIRunner.run(["init", "blocker/x"], cwd: dir)
        #expect(initResult.status == 2)
        #expect(initResult.stderr == "skelsite init: error: cannot write \(dir.path)/blocker/x/skelsite.toml: not a directory\n")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("base"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("cur"), withIntermediateDirectories: true)
        let diff = try CLIRunner.run(["diff", "base", "cur", "--output", "blocker/report"], cwd: dir)
        #expect(diff.status == 2)
        #expect(diff.stderr == "\(dir.path)/blocker/report: error: cannot create report folder: not a directory\n")
    }
}
