import Foundation
import Testing

/// The release archive of scripts/package.sh (site/getting-started.md, "Install"): its
/// `skelsite`, copied alone into an empty folder and run with the Swift toolchain's
/// folder hidden (an empty file system mounted over it in a private mount namespace),
/// does a user's whole round: init, build, export, baseline update and diff, serve, and
/// the playground it built renders. scripts/test.sh builds the archive and names it in
/// SKELSITE_RELEASE_ARCHIVE.
@Suite struct SelfContainedBinaryTests {
    static let archive: URL? = ProcessInfo.processInfo.environment["SKELSITE_RELEASE_ARCHIVE"]
        .flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }

    /// The toolchain's `usr` folder (`swift` lives in its bin/): what is hidden.
    static let toolchain: URL? = WasmHarness.executable(named: "swift")
        .map { $0.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent() }

    static let namespaces: Bool = {
        guard let run = try? WasmHarness.run(Hidden.unshare, ["-rm", "true"]) else { return false }
        return run.status == 0
    }()

    /// Runs the released binary in `folder` with the toolchain hidden and an environment
    /// that names nothing of the checkout.
    struct Hidden {
        let binary: URL
        let toolchain: URL
        let environment: [String: String]

        /// unshare's arguments: mount over the toolchain, prove it is gone, then become skelsite.
        func arguments(_ arguments: [String]) -> [String] {
            ["-rm", "/bin/sh", "-c", #"mount -t tmpfs none "$0" && ! [ -e "$0/bin/swift" ] || exit 97; exec "$@""#,
             toolchain.path, binary.path] + arguments
        }

        /// A process to start and stop (serve).
        func process(_ arguments: [String], in folder: URL) -> Process {
            let process = Process()
            process.executableURL = Self.unshare
            process.arguments = self.arguments(arguments)
            process.currentDirectoryURL = folder
            process.environment = environment
            return process
        }

        func run(_ arguments: [String], in folder: URL) throws -> WasmHarness.Run {
            try WasmHarness.run(Self.unshare, self.arguments(arguments), in: folder, wholeEnvironment: environment)
        }

        static let unshare = URL(fileURLWithPath: "/usr/bin/unshare")
    }

    @Test(.enabled(if: archive != nil,
                   "SKELSITE_RELEASE_ARCHIVE is not set (scripts/test.sh builds the archive with scripts/package.sh)"),
          .enabled(if: namespaces, "mount namespaces are unavailable here (unshare -rm true failed)"))
    func theReleasedBinaryRunsAloneWithTheToolchainHidden() throws {
        let archive = try #require(Self.archive)
        let toolchain = try #require(Self.toolchain, "no swift on PATH: cannot tell which folder to hide")
        let work = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let fileManager = FileManager.default

        let unpacked = work.appendingPathComponent("unpacked")
        try fileManager.createDirectory(at: unpacked, withIntermediateDirectories: true)
        let untar = try WasmHarness.run(URL(fileURLWithPath: "/bin/tar"), ["-xzf", archive.path, "-C", unpacked.path])
        #expect(untar.status == 0, "\(untar.output)")
        let release = archive.lastPathComponent.replacingOccurrences(of: ".tar.gz", with: "")
        let contents = try fileManager.subpathsOfDirectory(atPath: unpacked.appendingPathComponent(release).path).sorted()
        #expect(contents == ["LICENSE", "README.md", "completions", "completions/skelsite.bash",
                             "completions/skelsite.fish", "completions/skelsite.zsh", "skelsite"])

        // Alone in an empty folder: nothing beside it to find a theme or a module in.
        let alone = work.appendingPathComponent("alone")
        try fileManager.createDirectory(at: alone, withIntermediateDirectories: true)
        let binary = alone.appendingPathComponent("skelsite")
        try fileManager.copyItem(at: unpacked.appendingPathComponent("\(release)/skelsite"), to: binary)

        let ldd = try WasmHarness.run(URL(fileURLWithPath: "/usr/bin/ldd"), [binary.path])
        #expect(!ldd.output.contains(toolchain.path), "links the toolchain:\n\(ldd.output)")
        #expect(!ldd.output.contains("libswift"), "links a Swift runtime library:\n\(ldd.output)")
        #expect(!ldd.output.contains("libFoundation"), "links Foundation:\n\(ldd.output)")
        #expect(!ldd.output.contains("cmark"), "links cmark-gfm dynamically:\n\(ldd.output)")

        let home = work.appendingPathComponent("home")
        try fileManager.createDirectory(at: home, withIntermediateDirectories: true)
        let hidden = Hidden(binary: binary, toolchain: toolchain,
                            environment: ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])

        let version = try hidden.run(["--version"], in: work)
        #expect(version.status == 0, "\(version.output)")
        #expect(version.output.hasPrefix("skelsite 0.1.0\nrenderer fingerprint: skelsite 0.1.0|component-artifacts-6|"))
        #expect(version.output.contains("\nbuild: release, Swift runtime, Foundation and cmark-gfm linked statically; Swift 6."),
                "\(version.output)")

        let projects = work.appendingPathComponent("projects")
        try fileManager.createDirectory(at: projects, withIntermediateDirectories: true)
        let created = try hidden.run(["init", "demo"], in: projects)
        #expect(created.status == 0, "\(created.output)")
        let demo = projects.appendingPathComponent("demo")
        let build = try hidden.run(["build", "--quiet"], in: demo)
        #expect(build.status == 0, "\(build.output)")
        #expect(build.output == "")
        // The theme and the module came out of the binary: unpacked once into the cache.
        let cache = try fileManager.contentsOfDirectory(atPath: home.appendingPathComponent(".cache/skelsite").path)
        #expect(cache.count == 1 && cache[0].hasPrefix("payload-"), "\(cache)")
        let theme = home.appendingPathComponent(".cache/skelsite/\(cache[0])/Templates/page.mustache")
        #expect((try Data(contentsOf: theme)) == (try Data(contentsOf: WasmHarness.root.appendingPathComponent("Templates/page.mustache"))))
        let site = demo.appendingPathComponent("_site")
        let shipped = try Data(contentsOf: site.appendingPathComponent("assets/skelsite.wasm"))
        #expect(shipped == (try Data(contentsOf: try WasmHarness.builtWasm.get())))
        let exporters = try Data(contentsOf: site.appendingPathComponent("assets/skelsite-exporters.wasm"))
        #expect(exporters == (try Data(contentsOf: try WasmHarness.builtWasm.get().deletingLastPathComponent()
            .appendingPathComponent("skelsite-exporters.wasm"))))

        let export = try hidden.run(["export", "docs", "--format", "web-component", "--output", "elements"], in: demo)
        #expect(export.status == 0, "\(export.output)")
        #expect(fileManager.fileExists(atPath: demo.appendingPathComponent("elements/skeleton-elements.js").path))

        let baseline = try hidden.run(["baseline", "update", "baselines", "_site/png"], in: demo)
        #expect(baseline.status == 0, "\(baseline.output)")
        let diff = try hidden.run(["diff", "baselines", "_site/png"], in: demo)
        #expect(diff.status == 0, "\(diff.output)")

        // serve: its first line names the URL; the gallery it serves is the built one.
        let serve = hidden.process(["serve", "--port", "0"], in: demo)
        let stdout = Pipe()
        serve.standardOutput = stdout
        serve.standardError = FileHandle.nullDevice
        try serve.run()
        defer { if serve.isRunning { kill(serve.processIdentifier, SIGKILL); serve.waitUntilExit() } }
        let port = try ServeProcess.boundPort(stdout)
        let reply = try ServeHostTests.exchange("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n", port: port)
        #expect(reply.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(reply.prefix(300))")
        kill(serve.processIdentifier, SIGTERM)
        let stopDeadline = Date().addingTimeInterval(20)
        while serve.isRunning, Date() < stopDeadline { usleep(50_000) }
        #expect(ServeProcess.stoppedCleanly(serve))

        // The playground this binary built renders from disk, pixel for pixel.
        if let chromium = PlaygroundTests.chromium {
            let run = try PlaygroundFileURLTests.openFromDisk(site: site, work: work, chromium: chromium)
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output == "playground-file.test: file: URL frame identical to native, SwiftUI view from the exporters "
                + "module; without the module the page says why")
        } else {
            Issue.record("chromium is required to open the playground")
        }
    }
}
