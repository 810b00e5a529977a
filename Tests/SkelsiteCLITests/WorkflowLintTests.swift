import Foundation
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

    /// Runs a program, its output through files (a pipe could fill up and stall it).
    static func run(_ program: String, _ arguments: [String], cwd: URL? = nil,
                    environment: [String: String] = [:]) throws -> CLIRunner.Result {
        let scratch = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if let cwd { process.currentDirectoryURL = cwd }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return CLIRunner.Result(status: process.terminationStatus,
                                stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                                stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
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
        #expect(scripts.count == 21, "\(scripts.map(\.step))")
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
        #expect(scripts.filter { $0.script.contains("scripts/setup.sh\" --for build") }.count == 3)
    }

    /// The first step of each job stops with an annotation naming the settings until
    /// SKELSITE_REPOSITORY is filled in, and lets the job go on once it is.
    @Test(.enabled(if: pyYAMLAvailable, "python3 with PyYAML is not installed"))
    func checkStepNamesTheSettingsUntilTheyAreFilledIn() throws {
        let (folder, workflow) = try Self.initProject()
        defer { try? FileManager.default.removeItem(at: folder) }
        let checks = try Self.runScripts(workflow).filter { $0.step.hasSuffix(" / Check how skelsite is obtained") }
        #expect(checks.map(\.step) == ["skeletons / Check how skelsite is obtained", "verify / Check how skelsite is obtained",
                                       "verify-merge / Check how skelsite is obtained"])
        let script = try #require(checks.first?.script)
        let bash = ["--noprofile", "--norc", "-eo", "pipefail", "-c", script]
        let unset = try Self.run("/bin/bash", bash, cwd: folder, environment: ["SKELSITE_REPOSITORY": "", "SKELSITE_VERSION": "0.1.0"])
        #expect(unset.status == 1)
        #expect(unset.stdout == "::error file=.github/workflows/skeletons.yml::set SKELSITE_REPOSITORY (the git URL of skelsite) and SKELSITE_VERSION (one of its tags) at the top of this workflow\n")
        let set = try Self.run("/bin/bash", bash, cwd: folder,
                               environment: ["SKELSITE_REPOSITORY": "https://example.org/skelsite.git", "SKELSITE_VERSION": "0.1.0"])
        #expect(set.status == 0)
        #expect(set.stdout == "")
    }
}
