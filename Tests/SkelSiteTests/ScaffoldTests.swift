import Foundation
import Testing
@testable import SkelSite

@Suite struct ScaffoldTests {
    @Test func writesEveryFileAndRefusesToOverwrite() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("init-\(UUID().uuidString)")
        let written = try Scaffold.write(to: dir)
        #expect(written == ["skelsite.toml", "docs/index.md", "docs/components/article-row.md", "docs/components/profile-card.md",
                            ".gitignore", ".github/workflows/skeletons.yml"])
        for path in written {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(path).path))
        }
        let workflow = try String(contentsOf: dir.appendingPathComponent(".github/workflows/skeletons.yml"), encoding: .utf8)
        #expect(workflow == Scaffold.workflow)
        #expect(workflow.contains("skelsite diff baselines _site/png"))
        #expect(workflow.contains("actions/upload-artifact"))
        #expect(throws: Scaffold.Failure.wouldOverwrite(written)) { try Scaffold.write(to: dir) }
        #expect(try Scaffold.write(to: dir, force: true) == written)
    }
}

/// The generated workflow, parsed by a real YAML parser (PyYAML) and its two
/// first-run guards run for real with bash.
@Suite struct ScaffoldWorkflowTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `executable ARGS` with `stdin`, in `cwd`, with extra environment.
    static func run(_ executable: String, _ arguments: [String], stdin: String = "", cwd: URL? = nil,
                    environment: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let cwd { process.currentDirectoryURL = cwd }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        // Small outputs: read both to the end, then wait.
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                   stderr: String(decoding: err, as: UTF8.self))
    }

    static let pyYAMLAvailable: Bool =
        (try? run("/usr/bin/env", ["python3", "-c", "import yaml"]).status) == 0

    /// The workflow as JSON, through `yaml.safe_load`.
    static func parsedWorkflow() throws -> [String: Any] {
        let script = "import sys, json, yaml; print(json.dumps(yaml.safe_load(sys.stdin.read()), default=str))"
        let result = try run("/usr/bin/env", ["python3", "-c", script], stdin: Scaffold.workflow)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    static func step(_ steps: [[String: Any]], named name: String) throws -> [String: Any] {
        try #require(steps.first { $0["name"] as? String == name })
    }

    @Test(.enabled(if: pyYAMLAvailable, "python3 with PyYAML is not installed"))
    func parsesAndHasTheJobSteps() throws {
        let workflow = try Self.parsedWorkflow()
        #expect(workflow["name"] as? String == "skeletons")
        // YAML 1.1 reads the bare key `on` as true; GitHub reads it as "on".
        #expect((workflow["on"] ?? workflow["true"]) as? [String] == ["push", "pull_request"])
        let env = try #require(workflow["env"] as? [String: String])
        #expect(env == ["SKELSITE_ARCHIVE_URL": "", "SKELSITE_VERSION": SkelSiteInfo.version])
        let jobs = try #require(workflow["jobs"] as? [String: Any])
        #expect(Set(jobs.keys) == ["skeletons", "verify", "verify-merge"])
        let job = try #require(jobs["skeletons"] as? [String: Any])
        #expect(job["runs-on"] as? String == "ubuntu-latest")
        let steps = try #require(job["steps"] as? [[String: Any]])
        // No Swift toolchain and no setup: the release archive's binary is self-contained.
        let getSkelsite = ["uses actions/checkout@v5", "Check how skelsite is obtained", "Cache skelsite",
                           "Download skelsite", "Install skelsite", "Put skelsite on the PATH"]
        func names(_ steps: [[String: Any]]) -> [String] {
            steps.map { ($0["name"] as? String) ?? "uses " + (($0["uses"] as? String) ?? "?") }
        }
        #expect(names(steps) == getSkelsite + ["Read the verify setting", "Build", "Diff against baselines", "Upload diff report"])
        #expect(job["outputs"] as? [String: String] == ["verify": "${{ steps.verify.outputs.enabled }}"])
        // verify: a matrix of shards, only when skelsite.toml enables verify; merged after.
        let verifyJob = try #require(jobs["verify"] as? [String: Any])
        #expect(verifyJob["needs"] as? String == "skeletons")
        #expect(verifyJob["if"] as? String == "needs.skeletons.outputs.verify == 'true'")
        let strategy = try #require(verifyJob["strategy"] as? [String: Any])
        #expect(strategy["fail-fast"] as? Bool == false)
        #expect((strategy["matrix"] as? [String: Any])?["shard"] as? [Int] == [1, 2, 3])
        let verifySteps = try #require(verifyJob["steps"] as? [[String: Any]])
        #expect(names(verifySteps) == getSkelsite + ["Install Chromium", "Verify this shard of the CSS components",
                                                     "Upload this shard's results"])
        let chromium = try Self.step(verifySteps, named: "Install Chromium")
        #expect(chromium["uses"] as? String == "browser-actions/setup-chrome@v1")
        let verify = try Self.step(verifySteps, named: "Verify this shard of the CSS components")
        #expect(verify["run"] as? String == "skelsite verify --chromium \"$CHROME\" --shard \"$SHARD/$SHARDS\" --json \"verify-$SHARD.json\"")
        #expect(verify["env"] as? [String: String] == ["CHROME": "${{ steps.chromium.outputs.chrome-path }}",
                                                       "SHARD": "${{ matrix.shard }}", "SHARDS": "${{ strategy.job-total }}"])
        let mergeJob = try #require(jobs["verify-merge"] as? [String: Any])
        #expect(mergeJob["needs"] as? String == "verify")
        let mergeSteps = try #require(mergeJob["steps"] as? [[String: Any]])
        #expect(names(mergeSteps) == getSkelsite + ["Download the shards' results", "Merge the shards' results",
                                                    "Build with the verify results", "Upload the verify results"])
        #expect(try Self.step(mergeSteps, named: "Merge the shards' results")["run"] as? String
                == "skelsite verify merge shards/verify-*.json --json verify-results.json")
        // The tool is cached per version; downloaded and installed only on a miss.
        let cache = try Self.step(steps, named: "Cache skelsite")
        #expect(cache["uses"] as? String == "actions/cache@v5")
        #expect(cache["with"] as? [String: String] == [
            "path": "~/.skelsite", "key": "skelsite-${{ runner.os }}-${{ runner.arch }}-${{ env.SKELSITE_VERSION }}"])
        let onMiss = "steps.skelsite-cache.outputs.cache-hit != 'true'"
        #expect(try Self.step(steps, named: "Download skelsite")["if"] as? String == onMiss)
        #expect(try Self.step(steps, named: "Install skelsite")["if"] as? String == onMiss)
        #expect(try Self.step(steps, named: "Download skelsite")["run"] as? String
                == "curl --fail --silent --show-error --location --retry 3 --output \"$RUNNER_TEMP/skelsite.tar.gz\" \"$SKELSITE_ARCHIVE_URL\"")
        #expect(try Self.step(steps, named: "Build")["run"] as? String == "skelsite build --format github")
        let diff = try #require(try Self.step(steps, named: "Diff against baselines")["run"] as? String)
        #expect(diff.hasPrefix("if [ ! -d baselines ]; then\n"))
        #expect(diff.hasSuffix("\nskelsite diff baselines _site/png --output diff-report --junit diff-report/junit.xml --format github\n"))
        let upload = try Self.step(steps, named: "Upload diff report")
        #expect(upload["if"] as? String == "always() && hashFiles('diff-report/**') != ''")
        #expect(upload["uses"] as? String == "actions/upload-artifact@v6")
        #expect(upload["with"] as? [String: String] == ["name": "skeleton-diff-report", "path": "diff-report"])
    }

    /// The `run:` script of a step, found in the text without a YAML parser (the block
    /// scalar under `run: |`, de-indented), so this test runs wherever bash does.
    static func runScript(of name: String) throws -> String {
        let lines = Scaffold.workflow.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let nameLine = try #require(lines.firstIndex(of: "      - name: \(name)"))
        // `id:` and `if:` may come between the name and the script.
        var runLine = nameLine + 1
        while lines[runLine].hasPrefix("        id: ") || lines[runLine].hasPrefix("        if: ") { runLine += 1 }
        #expect(lines[runLine] == "        run: |")
        var body: [String] = []
        for line in lines[(runLine + 1)...] {
            guard line.hasPrefix("          ") else { break }
            body.append(String(line.dropFirst(10)))
        }
        return body.joined(separator: "\n") + "\n"
    }

    /// GitHub runs `run:` steps with `bash --noprofile --norc -eo pipefail`.
    static func bash(_ script: String, in folder: URL, environment: [String: String] = [:]) throws -> Run {
        try run("/bin/bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", script], cwd: folder, environment: environment)
    }

    @Test func diffStepSkipsWithANoticeUntilBaselinesExist() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workflow-\(UUID().uuidString)")
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A stand-in skelsite that prints its arguments.
        let fake = bin.appendingPathComponent("skelsite")
        try Data("#!/bin/sh\necho \"skelsite $*\"\n".utf8).write(to: fake)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let script = try Self.runScript(of: "Diff against baselines")

        let skipped = try Self.bash(script, in: folder, environment: ["PATH": path])
        #expect(skipped.status == 0)
        #expect(skipped.stdout == "::notice::no baselines/ folder: diff skipped. Create it with 'skelsite baseline update baselines _site/png' and commit it.\n")

        try FileManager.default.createDirectory(at: folder.appendingPathComponent("baselines"), withIntermediateDirectories: true)
        let diffed = try Self.bash(script, in: folder, environment: ["PATH": path])
        #expect(diffed.status == 0)
        #expect(diffed.stdout == "skelsite diff baselines _site/png --output diff-report --junit diff-report/junit.xml --format github\n")
    }

    @Test func installStepNamesThePlaceholderUntilItIsSet() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workflow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = try Self.runScript(of: "Check how skelsite is obtained")
        let message = "::error file=.github/workflows/skeletons.yml::set SKELSITE_ARCHIVE_URL at the top of this workflow"
            + " to the URL of skelsite's release archive skelsite-0.1.0-linux-x86_64.tar.gz\n"
        let result = try Self.bash(script, in: folder, environment: ["SKELSITE_ARCHIVE_URL": "", "SKELSITE_VERSION": "0.1.0",
                                                                    "RUNNER_TEMP": folder.path])
        #expect(result.status == 1)
        #expect(result.stdout == message)
        // A URL of another version's archive is the same mistake.
        let other = try Self.bash(script, in: folder, environment: [
            "SKELSITE_ARCHIVE_URL": "https://example.org/releases/skelsite-0.0.9-linux-x86_64.tar.gz", "SKELSITE_VERSION": "0.1.0"])
        #expect(other.status == 1)
        #expect(other.stdout == message)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }

    /// The verify setting step, run for real: `enabled=true` only for `[verify] enabled = true`
    /// (the scaffold's own file says false).
    @Test func verifySettingIsReadFromTheProjectFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workflow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = try Self.runScript(of: "Read the verify setting")
        let output = folder.appendingPathComponent("github-output")
        for (toml, expected) in [(Scaffold.projectFile, "enabled=false\n"), ("[verify]\nenabled = true\n", "enabled=true\n"),
                                 ("source = \"docs\"\n", "enabled=false\n")] {
            try Data(toml.utf8).write(to: folder.appendingPathComponent("skelsite.toml"))
            try Data().write(to: output)
            let result = try Self.bash(script, in: folder, environment: ["GITHUB_OUTPUT": output.path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try String(contentsOf: output, encoding: .utf8) == expected, "\(toml)")
        }
    }
}
