import ArgumentParser
import Foundation
import SkelSite

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Scaffold a project: skelsite.toml, docs with example specs, a .gitignore and a CI workflow.",
        discussion: """
        Writes skelsite.toml, docs/index.md, docs/components/*.md, .gitignore and \
        .github/workflows/skeletons.yml into DIR (default: the current folder). \
        Existing files are never replaced unless --force is given. \
        Then, in DIR: skelsite build, or skelsite serve (both read skelsite.toml). The \
        workflow installs this version's release archive and caches it between runs; \
        before its first run, set SKELSITE_ARCHIVE_URL in it (a placeholder) and create \
        the baselines: skelsite baseline update baselines _site/png after a build.
        """
    )

    @Argument(help: "The folder to scaffold into.")
    var directory: String = "."

    @Flag(help: "Replace files that already exist (regular files only: never a link, FIFO or device).")
    var force = false

    func run() throws {
        let root = URL(fileURLWithPath: directory)
        do {
            let written = try Scaffold.write(to: root, force: force)
            for path in written { print("created \(root.appendingPathComponent(path).relativePath(from: root, base: directory))") }
            print(directory == "." ? "next: skelsite serve" : "next: cd \(directory) && skelsite serve")
            print("for CI: set SKELSITE_ARCHIVE_URL in .github/workflows/skeletons.yml (skelsite \(SkelSiteInfo.version)'s release archive), then create and commit baselines/ (see the workflow's header)")
        } catch {
            throw UsageError(["skelsite init: error: \(error.description)"])
        }
    }
}

private extension URL {
    func relativePath(from root: URL, base: String) -> String {
        let rootPath = root.standardizedFileURL.path
        let own = standardizedFileURL.path
        let tail = own.hasPrefix(rootPath + "/") ? String(own.dropFirst(rootPath.count + 1)) : own
        return base == "." ? tail : base + "/" + tail
    }
}
