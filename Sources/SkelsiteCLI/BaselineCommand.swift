import ArgumentParser
import Foundation
import SkelSite
import SkelsiteDiff

/// `skelsite baseline update BASELINE_DIR CURRENT_DIR [--dry-run]`: the only command
/// that replaces baselines.
struct BaselineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline",
        abstract: "Manage the baseline reference PNGs.",
        subcommands: [BaselineUpdateCommand.self]
    )

    func run() throws {
        throw UsageError(message: "usage: skelsite baseline update BASELINE_DIR CURRENT_DIR [--dry-run]")
    }
}

struct BaselineUpdateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Make the baseline folder match the current PNGs.",
        discussion: """
            Copies every current PNG whose pixels differ from its baseline (any byte of \
            the decoded RGBA, or the size) and every new one into BASELINE_DIR, and \
            deletes baseline PNGs that have no current image. Only *.png files are \
            touched; PNGs whose pixels are identical stay as they are. Prints each file \
            replaced, added and removed, then a summary. BASELINE_DIR is created when \
            missing. A baseline path that is a link, FIFO or device is refused, not \
            replaced. Exit status: 0 done; 2 usage or I/O error (an undecodable PNG \
            prints `path: error: message` and nothing is written).
            """
    )

    @Argument(help: "Folder of baseline PNGs to update.")
    var baseline: String?

    @Argument(help: "Folder of current PNGs.")
    var current: String?

    @Flag(name: .customLong("dry-run"), help: "Print what would change; write nothing.")
    var dryRun = false

    @Argument(parsing: .allUnrecognized, help: .hidden)
    var unexpected: [String] = []

    func validate() throws {
        if let extra = unexpected.first { throw UsageError(message: "unexpected argument '\(extra)'") }
        guard baseline != nil, current != nil else {
            throw UsageError(message: "usage: skelsite baseline update BASELINE_DIR CURRENT_DIR [--dry-run]")
        }
    }

    func run() throws {
        let baseline = baseline ?? "", current = current ?? ""
        let plan: BaselinePlan
        switch BaselineUpdate.plan(baseline: baseline, current: current) {
        case .success(let found): plan = found
        case .failure(let failures): throw UsageError(failures.errors.map(\.text))
        }
        if !dryRun {
            do {
                try BaselineUpdate.apply(plan, baseline: baseline, current: current)
            } catch {
                throw UsageError([error.text])
            }
        }
        let text = BaselineUpdate.report(plan, dryRun: dryRun).map { $0 + "\n" }.joined()
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
