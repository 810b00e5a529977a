import Foundation
import SkelSite
import Testing

/// The CI workflow `skelsite init` writes must work as written (site/guides/visual-regression.md,
/// "The CI workflow"): actionlint (pinned in scripts/oracle/requirements.txt, installed by
/// scripts/setup.sh --for test) finds nothing in it, and every `run:` step is a bash
/// script that parses, with no `${{ }}` expression spliced into it.
@Suite struct WorkflowLintTests {
    /// A program on the PATH, or nil.
    static func onPath(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = String(folder) + "/" + name
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    static let actionlint = onPath("actionlint")
    static let pyYAMLAvailable = (try? run("/usr/bin/env", ["python3", "-c", "import yaml"]).status) == 0

    /// Runs a program (CLIRunner's runner, with another executable).
    static func run(_ program: String, _ arguments: [String], cwd: URL? = nil,
                    environment: [String: String] = [:]) throws -> CLIRunner.Result {
        try CLIRunner.run(arguments, cwd: cwd, environment: environment, program: URL(fileURLWithPath: program))
    }

    /// `skelsite init` into a fresh folder; the folder and the workflow's path.
    static func initProject() throws -> (folder: URL, workflow: URL) {
        let folder = try CLIRunner.temporaryFolder()
        let made = try CLIRunner.run(["init", folder.path])
        #expect(made.status == 0, "\(made.stderr)")
        return (folder, folder.appendingPathComponent(".github/workflows/skeletons.yml"))
    }

    @Test(.enabled(if: actionlint != nil, "actionlint is not installed (scripts/setup.sh --for test)"))
    func actionlintFindsNothing() throws {
        let (folder, workflow) = try Self.initProject()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lint = try Self.run(Self.actionlint!, ["-no-color", workflow.path], cwd: folder)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stdout == "")
        // The linter does look: a workflow with a fault is reported.
        let broken = folder.appendingPathComponent("broken.yml")
        try Data(String(contentsOf: workflow, encoding: .utf8)
            .replacingOccurrences(of: "needs: skeletons\n", with: "needs: nowhere\n").utf8).write(to: broken)
        let found = try Self.run(Self.actionlint!, ["-no-color", broken.path], cwd: folder)
        #expect(found.status == 1)
        #expect(found.stdout.contains("job \"verify\" needs job \"nowhere\" which does not exist in this workflow"))
    }

    /// Every `run:` script of every job, through a YAML parser: `JOB / STEP` and the script.
    static func runScripts(_ workflow: URL) throws -> [(step: String, script: String)] {
        let script = """
            import sys, json, yaml
            doc = yaml.safe_load(open(sys.argv[1]))
            print(json.dumps([[job + " / " + step.get("name", step.get("uses", "?")), step["run"]]
                              for job, body in doc["jobs"].items() for step in body["steps"] if "run" in step]))
            """
        let parsed = try run("/usr/bin/env", ["python3", "-c", script, workflow.path])
        #expect(parsed.status == 0, "\(parsed.stderr)")
        let rows = try #require(JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as? [[String]])
        return rows.map { ($0[0], $0[1]) }
    }

    @Test(.enabled(if: pyYAMLAvailable, "python3 with PyYAML is not installed"))
    func everyRunStepIsABashScriptThatParses() throws {
        let (folder, workflow) = try Self.initProject()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scripts = try Self.runScripts(workflow)
        // Three jobs: build and diff; each verify shard; the merge.
        #expect(scripts.count == 18, "\(scripts.map(\.step))")
        for (step, script) in scripts {
            let check = try Self.run("/bin/bash", ["-n", "-c", script])
            #expect(check.status == 0, "\(step): \(check.stderr)")
            // Values reach scripts through env:, so a quote in one cannot change the script.
            #expect(!script.contains("${{"), "\(step)")
        }
        // bash -n does catch a broken script.
        #expect(try Self.run("/bin/bash", ["-n", "-c", "if true; then echo"]).status == 2)
        let verify = try #require(scripts.first { $0.step == "verify / Verify this shard of the CSS components" })
        #expect(verify.script == "skelsite verify --chromium \"$CHROME\" --shard \"$SHARD/$SHARDS\" --json \"verify-$SHARD.json\"")
        let merge = try #require(scripts.first { $0.step == "verify-merge / Merge the shards' results" })
        #expect(merge.script == "skelsite verify merge shards/verify-*.json --json verify-results.json")
        // Nothing is built or set up: each job installs the release archive's binary.
        #expect(!scripts.contains { $0.script.contains("setup.sh") || $0.script.contains("swift ") })
        #expect(scripts.filter { $0.step.hasSuffix(" / Install skelsite") }.count == 3)
    }

    /// The first step of each job stops with an annotation naming the setting until
    /// SKELSITE_ARCHIVE_URL names the release archive of SKELSITE_VERSION, and lets the job
    /// go on once it does.
    @Test(.enabled(if: pyYAMLAvailable, "python3 with PyYAML is not installed"))
    func checkStepNamesTheSettingsUntilTheyAreFilledIn() throws {
        let (folder, workflow) = try Self.initProject()
        defer { try? FileManager.default.removeItem(at: folder) }
        let checks = try Self.runScripts(workflow).filter { $0.step.hasSuffix(" / Check how skelsite is obtained") }
        #expect(checks.map(\.step) == ["skeletons / Check how skelsite is obtained", "verify / Check how skelsite is obtained",
                                       "verify-merge / Check how skelsite is obtained"])
        let script = try #require(checks.first?.script)
        let bash = ["--noprofile", "--norc", "-eo", "pipefail", "-c", script]
        let unset = try Self.run("/bin/bash", bash, cwd: folder, environment: ["SKELSITE_ARCHIVE_URL": "", "SKELSITE_VERSION": "0.1.0"])
        #expect(unset.status == 1)
        #expect(unset.stdout == "::error file=.github/workflows/skeletons.yml::set SKELSITE_ARCHIVE_URL at the top of this workflow"
                + " to the URL of skelsite's release archive skelsite-0.1.0-linux-x86_64.tar.gz\n")
        let set = try Self.run("/bin/bash", bash, cwd: folder, environment: [
            "SKELSITE_ARCHIVE_URL": "https://example.org/releases/skelsite-0.1.0-linux-x86_64.tar.gz", "SKELSITE_VERSION": "0.1.0"])
        #expect(set.status == 0)
        #expect(set.stdout == "")
    }

    /// A release archive scripts/package.sh makes from the test build (the debug binary
    /// with the theme and module appended: quick, and installed the same way).
    static func localArchive(in folder: URL) throws -> URL {
        let wasm = try WasmHarness.builtWasm.get()
        let made = try run("/bin/bash", ["scripts/package.sh", "--binary", try CLIRunner.binary().path, "--wasm", wasm.path,
                                         "--output", folder.path], cwd: WasmHarness.root)
        #expect(made.status == 0, "\(made.stderr)")
        let path = try #require(made.stdout.split(separator: "\n").last.map(String.init))
        #expect(path == folder.path + "/skelsite-\(SkelSiteInfo.version)-linux-\(machine).tar.gz")
        return URL(fileURLWithPath: path)
    }

    static var machine: String {
        var name = utsname()
        uname(&name)
        return withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// The install steps run as GitHub would run them (bash -eo pipefail, RUNNER_TEMP, HOME
    /// and GITHUB_PATH set), up to the network fetch: the download is a local archive put
    /// where the step writes it. Then the skeletons job's Build and Diff steps run with the
    /// PATH the job would have.
    @Test(.enabled(if: pyYAMLAvailable, "python3 with PyYAML is not installed"))
    func installStepsInstallTheReleaseArchiveAndTheJobRuns() throws {
        let (folder, workflow) = try Self.initProject()
        defer { try? FileManager.default.removeItem(at: folder) }
        let runner = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: runner) }
        let archive = try Self.localArchive(in: runner.appendingPathComponent("dist"))
        let home = runner.appendingPathComponent("home"), temp = runner.appendingPathComponent("temp")
        for made in [home, temp] { try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true) }
        let githubPath = runner.appendingPathComponent("github-path")
        FileManager.default.createFile(atPath: githubPath.path, contents: nil)
        let scripts = try Self.runScripts(workflow).filter { $0.step.hasPrefix("skeletons / ") }
        var environment = ["SKELSITE_ARCHIVE_URL": "https://example.org/releases/\(archive.lastPathComponent)",
                           "SKELSITE_VERSION": SkelSiteInfo.version, "RUNNER_TEMP": temp.path, "HOME": home.path,
                           "GITHUB_PATH": githubPath.path, "GITHUB_OUTPUT": runner.appendingPathComponent("output").path,
                           "PATH": "/usr/bin:/bin", "SKELSITE_TEMPLATES": "", "SKELSITE_WASM": ""]
        func step(_ name: String) throws -> CLIRunner.Result {
            let script = try #require(scripts.first { $0.step == "skeletons / \(name)" }?.script, "no step \(name)")
            return try Self.run("/bin/bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", script], cwd: folder,
                                environment: environment)
        }
        #expect(try step("Check how skelsite is obtained").status == 0)
        // The fetch: what `curl --output "$RUNNER_TEMP/skelsite.tar.gz"` would write.
        try FileManager.default.copyItem(at: archive, to: temp.appendingPathComponent("skelsite.tar.gz"))
        let install = try step("Install skelsite")
        #expect(install.status == 0, "\(install.stderr)")
        let onPath = try step("Put skelsite on the PATH")
        #expect(onPath.status == 0, "\(onPath.stderr)")
        #expect(onPath.stdout.hasPrefix("skelsite \(SkelSiteInfo.version)\nrenderer fingerprint: "))
        #expect(try String(contentsOf: githubPath, encoding: .utf8) == home.path + "/.skelsite/bin\n")
        environment["PATH"] = home.path + "/.skelsite/bin:/usr/bin:/bin"
        let build = try step("Build")
        #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
        let skipped = try step("Diff against baselines")
        #expect(skipped.status == 0)
        #expect(skipped.stdout.hasPrefix("::notice::no baselines/ folder: diff skipped."))
        let baseline = try Self.run(home.path + "/.skelsite/bin/skelsite", ["baseline", "update", "baselines", "_site/png"],
                                    cwd: folder, environment: environment)
        #expect(baseline.status == 0, "\(baseline.stderr)")
        let diff = try step("Diff against baselines")
        #expect(diff.status == 0, "\(diff.stdout)\(diff.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("diff-report/junit.xml").path))
    }

    /// The repository's composite action (action.yml): a workflow that uses it with a
    /// matrix of verify shards passes actionlint (which reads a local action's inputs),
    /// a missing input is reported, and its download, install and PATH steps are the
    /// workflow's, script for script.
    @Test(.enabled(if: actionlint != nil && pyYAMLAvailable, "actionlint or PyYAML is not installed (scripts/setup.sh --for test)"))
    func compositeActionLintsAndRunsTheWorkflowsInstallSteps() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: WasmHarness.root.appendingPathComponent("action.yml"),
                                         to: folder.appendingPathComponent("action.yml"))
        let workflows = folder.appendingPathComponent(".github/workflows")
        try FileManager.default.createDirectory(at: workflows, withIntermediateDirectories: true)
        // actionlint resolves `uses: ./` from the repository's root, found by its .git.
        #expect(try Self.run("/usr/bin/git", ["init", "-q", folder.path]).status == 0)
        func workflow(_ with: String) -> String {
            """
            name: skeletons
            on: [push]
            jobs:
              verify:
                runs-on: ubuntu-latest
                strategy:
                  matrix:
                    shard: [1, 2, 3]
                steps:
                  - uses: actions/checkout@v5
                  - uses: ./
                    with:
            \(with)
                  - env:
                      SHARD: ${{ matrix.shard }}
                      SHARDS: ${{ strategy.job-total }}
                    run: skelsite verify --shard "$SHARD/$SHARDS" --json "verify-$SHARD.json"

            """
        }
        let good = workflows.appendingPathComponent("good.yml")
        try Data(workflow("""
                  archive-url: https://example.org/releases/skelsite-0.1.0-linux-x86_64.tar.gz
                  version: "0.1.0"
        """).utf8).write(to: good)
        let lint = try Self.run(Self.actionlint!, ["-no-color", good.path], cwd: folder)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        try FileManager.default.removeItem(at: good)
        let missing = workflows.appendingPathComponent("missing.yml")
        try Data(workflow("""
                  archive-url: https://example.org/releases/skelsite-0.1.0-linux-x86_64.tar.gz
        """).utf8).write(to: missing)
        let found = try Self.run(Self.actionlint!, ["-no-color", missing.path], cwd: folder)
        #expect(found.status == 1)
        #expect(found.stdout.contains("missing input \"version\" which is required by action \"skelsite\" defined at \"./\""),
                "\(found.stdout)")

        let script = """
            import sys, json, yaml
            doc = yaml.safe_load(open(sys.argv[1]))
            print(json.dumps({s["name"]: s["run"] for s in doc["runs"]["steps"] if "run" in s}))
            """
        let parsed = try Self.run("/usr/bin/env", ["python3", "-c", script, WasmHarness.root.appendingPathComponent("action.yml").path])
        let action = try #require(JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as? [String: String])
        let (project, written) = try Self.initProject()
        defer { try? FileManager.default.removeItem(at: project) }
        let steps = try Self.runScripts(written).filter { $0.step.hasPrefix("skeletons / ") }
        for name in ["Download skelsite", "Install skelsite", "Put skelsite on the PATH"] {
            #expect(action[name] == steps.first { $0.step == "skeletons / \(name)" }?.script, "\(name)")
        }
        #expect(action.count == 4)
    }
}
