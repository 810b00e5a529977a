import Foundation
@testable import SkelSite
import Testing

/// scripts/install.sh (README.md, "Install"): the tool installed into a prefix finds its theme and
/// playground module under share/skelsite with no checkout reachable. The test installs
/// the binary already built for the tests (`--binary`, so no release build here; the
/// README's install builds release) and moves the prefix before using it.
@Suite struct InstallTests {
    @Test func installedToolBuildsASiteWithNoCheckout() throws {
        let wasm = try WasmHarness.builtWasm.get()
        let work = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let staged = work.appendingPathComponent("staged")
        let install = try WasmHarness.run(URL(fileURLWithPath: "/bin/bash"),
                                          ["scripts/install.sh", "--prefix", staged.path,
                                           "--binary", try CLIRunner.binary().path, "--wasm", wasm.path])
        #expect(install.status == 0, "\(install.output)")
        #expect(install.output.contains("installed \(staged.path)/bin/skelsite, \(staged.path)/share/skelsite/Templates"
                                        + " and \(staged.path)/share/skelsite/skelsite.wasm"))
        // Moved: nothing about the install may point back at the checkout.
        let prefix = work.appendingPathComponent("elsewhere/prefix")
        try FileManager.default.createDirectory(at: prefix.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: staged, to: prefix)
        let tool = prefix.appendingPathComponent("bin/skelsite").path

        var environment = ProcessInfo.processInfo.environment
        for name in ["SKELSITE_TEMPLATES", "SKELSITE_WASM"] { environment[name] = nil }
        func skelsite(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
            let run = try WasmHarness.run(URL(fileURLWithPath: tool), arguments, in: folder, wholeEnvironment: environment)
            return (run.status, run.output)
        }
        let version = try skelsite(["--version"], in: work)
        #expect(version.status == 0)
        #expect(version.output.hasPrefix("skelsite 0.1.0\nrenderer fingerprint: skelsite 0.1.0|component-artifacts-6|"))
        let projects = work.appendingPathComponent("projects")
        try FileManager.default.createDirectory(at: projects, withIntermediateDirectories: true)
        let created = try skelsite(["init", "demo"], in: projects)
        #expect(created.status == 0, "\(created.output)")
        let demo = projects.appendingPathComponent("demo")
        let build = try skelsite(["build", "--quiet"], in: demo)
        #expect(build.status == 0, "\(build.output)")
        #expect(build.output == "")
        // The playground ships the installed module, in both of its forms.
        let shipped = try Data(contentsOf: demo.appendingPathComponent("_site/assets/skelsite.wasm"))
        #expect(shipped == (try Data(contentsOf: wasm)))
        #expect(FileManager.default.fileExists(atPath: demo.appendingPathComponent("_site/assets/skelsite.wasm.js").path))
        #expect(FileManager.default.fileExists(atPath: demo.appendingPathComponent("_site/assets/playground-file.js").path))
        // Pages come from the installed theme: the same page.mustache as the checkout's.
        let installedTheme = try Data(contentsOf: prefix.appendingPathComponent("share/skelsite/Templates/page.mustache"))
        #expect(installedTheme == (try Data(contentsOf: WasmHarness.root.appendingPathComponent("Templates/page.mustache"))))
    }

    @Test func unknownArgumentsAndMissingBuildsExitTwo() throws {
        let bash = URL(fileURLWithPath: "/bin/bash")
        let unknown = try WasmHarness.run(bash, ["scripts/install.sh", "--prefx", "/nowhere"])
        #expect(unknown.status == 2)
        #expect(unknown.output == "install.sh: unknown argument '--prefx' (see --help)\n")
        let missing = try WasmHarness.run(bash, ["scripts/install.sh", "--prefix", "/nowhere", "--binary", "/nonexistent/skelsite",
                                                 "--wasm", "/nonexistent/skelsite.wasm"])
        #expect(missing.status == 2)
        #expect(missing.output == "install.sh: /nonexistent/skelsite: error: no skelsite executable (build it, or drop --no-build)\n")
    }
}
