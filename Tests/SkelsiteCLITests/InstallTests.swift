import Foundation
@testable import SkelSite
import Testing

/// scripts/install.sh (README.md, "Install"), the one install path: it installs a release
/// archive (scripts/package.sh), and the installed tool finds its theme and playground
/// module inside itself with no checkout reachable. The archive is made from the binary
/// already built for the tests (`package.sh --binary`, so no release build here;
/// SelfContainedBinaryTests runs the static release binary) and the prefix is moved
/// before use.
@Suite struct InstallTests {
    @Test func installedToolBuildsASiteWithNoCheckout() throws {
        let wasm = try WasmHarness.builtWasm.get()
        let work = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let archive = try WorkflowLintTests.localArchive(in: work.appendingPathComponent("dist"))
        // The same inputs give the same archive, byte for byte.
        let again = try WorkflowLintTests.localArchive(in: work.appendingPathComponent("again"))
        #expect((try Data(contentsOf: archive)) == (try Data(contentsOf: again)))

        let staged = work.appendingPathComponent("staged")
        let install = try WasmHarness.run(URL(fileURLWithPath: "/bin/bash"),
                                          ["scripts/install.sh", "--prefix", staged.path, "--archive", archive.path])
        #expect(install.status == 0, "\(install.output)")
        #expect(install.output.contains("installed \(staged.path)/bin/skelsite from \(archive.lastPathComponent)\n"))
        let installed = try FileManager.default.subpathsOfDirectory(atPath: staged.path).sorted()
        #expect(installed == ["bin", "bin/skelsite", "share", "share/bash-completion", "share/bash-completion/completions",
                              "share/bash-completion/completions/skelsite", "share/doc", "share/doc/skelsite",
                              "share/doc/skelsite/LICENSE", "share/doc/skelsite/README.md", "share/fish",
                              "share/fish/vendor_completions.d", "share/fish/vendor_completions.d/skelsite.fish",
                              "share/zsh", "share/zsh/site-functions", "share/zsh/site-functions/_skelsite"])
        // Moved: nothing about the install may point back at the checkout.
        let prefix = work.appendingPathComponent("elsewhere/prefix")
        try FileManager.default.createDirectory(at: prefix.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: staged, to: prefix)
        let tool = prefix.appendingPathComponent("bin/skelsite").path

        var environment = ProcessInfo.processInfo.environment
        for name in ["SKELSITE_TEMPLATES", "SKELSITE_WASM", "XDG_CACHE_HOME"] { environment[name] = nil }
        environment["HOME"] = work.appendingPathComponent("home").path
        func skelsite(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
            let run = try WasmHarness.run(URL(fileURLWithPath: tool), arguments, in: folder, wholeEnvironment: environment)
            return (run.status, run.output)
        }
        let version = try skelsite(["--version"], in: work)
        #expect(version.status == 0)
        #expect(version.output.hasPrefix("skelsite 0.1.0\nrenderer fingerprint: skelsite 0.1.0|component-artifacts-6|"))
        #expect(version.output.contains("\nbuild: from skelsite as given to package.sh --binary; Swift 6."), "\(version.output)")
        #expect(version.output.hasSuffix("; linux \(WorkflowLintTests.machine)\n"), "\(version.output)")
        let projects = work.appendingPathComponent("projects")
        try FileManager.default.createDirectory(at: projects, withIntermediateDirectories: true)
        let created = try skelsite(["init", "demo"], in: projects)
        #expect(created.status == 0, "\(created.output)")
        let demo = projects.appendingPathComponent("demo")
        let build = try skelsite(["build", "--quiet"], in: demo)
        #expect(build.status == 0, "\(build.output)")
        #expect(build.output == "")
        // The playground ships the module the binary carries, in both of its forms.
        let shipped = try Data(contentsOf: demo.appendingPathComponent("_site/assets/skelsite.wasm"))
        #expect(shipped == (try Data(contentsOf: wasm)))
        #expect(FileManager.default.fileExists(atPath: demo.appendingPathComponent("_site/assets/skelsite.wasm.js").path))
        #expect(FileManager.default.fileExists(atPath: demo.appendingPathComponent("_site/assets/playground-file.js").path))
        // Pages come from the theme the binary carries: the checkout's page.mustache,
        // unpacked once into the cache folder named by the payload's digest.
        let cache = environment["HOME"]! + "/.cache/skelsite"
        let unpacked = try FileManager.default.contentsOfDirectory(atPath: cache)
        #expect(unpacked.count == 1 && unpacked[0].hasPrefix("payload-"), "\(unpacked)")
        let theme = try Data(contentsOf: URL(fileURLWithPath: cache + "/" + unpacked[0] + "/Templates/page.mustache"))
        #expect(theme == (try Data(contentsOf: WasmHarness.root.appendingPathComponent("Templates/page.mustache"))))
    }

    @Test func unknownArgumentsAndMissingArchivesExitTwo() throws {
        let bash = URL(fileURLWithPath: "/bin/bash")
        let unknown = try WasmHarness.run(bash, ["scripts/install.sh", "--prefx", "/nowhere"])
        #expect(unknown.status == 2)
        #expect(unknown.output == "install.sh: unknown argument '--prefx' (see --help)\n")
        let missing = try WasmHarness.run(bash, ["scripts/install.sh", "--prefix", "/nowhere", "--archive", "/nonexistent/skelsite.tar.gz"])
        #expect(missing.status == 2)
        #expect(missing.output == "install.sh: /nonexistent/skelsite.tar.gz: error: no such archive\n")
        let notOurs = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: notOurs) }
        let text = notOurs.appendingPathComponent("x.tar.gz")
        try Data("not an archive".utf8).write(to: text)
        let unreadable = try WasmHarness.run(bash, ["scripts/install.sh", "--prefix", notOurs.path + "/p", "--archive", text.path])
        #expect(unreadable.status == 2)
        #expect(unreadable.output.hasSuffix("install.sh: \(text.path): error: not a readable .tar.gz\n"), "\(unreadable.output)")
        let packageUnknown = try WasmHarness.run(bash, ["scripts/package.sh", "--bogus"])
        #expect(packageUnknown.status == 2)
        #expect(packageUnknown.output == "package.sh: unknown argument '--bogus' (see --help)\n")
    }
}
