import ArgumentParser
import Foundation
import SkelSite
import SkelsiteVerify
import SkelsiteStore

/// `skelsite verify merge SHARD.json... [--json FILE]`: the --json files of every shard of
/// one `verify --shard I/N` run joined into the report an unsharded run writes
/// (site/reference/command-line.md, "verify merge").
///
/// Exit codes: 0 every frame matches; 1 a frame is below the run's minimum; 2 a file
/// that cannot be read, is not a shard's, or does not fit with the others.
struct VerifyMergeCommand {
    /// The shards' verify --json files.
    var files: [String]
    /// Where to write the merged results.
    var json: String?

    func run() throws {
        if let json {
            do { try UserFile.checkReplaceable(json) } catch { throw UsageError(message: error.description) }
        }
        var read: [(path: String, bytes: [UInt8])] = []
        for path in files {
            if let kind = UserFile.unreadableKind(path) { throw UsageError(message: "cannot read \(path): \(kind)") }
            do {
                read.append((path, [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))))
            } catch {
                throw UsageError(message: "cannot read \(path): \(FileErrorText.describe(error, path: path))")
            }
        }
        let merged: VerifyMerge.Merged
        switch VerifyMerge.merge(read) {
        case .success(let value): merged = value
        case .failure(let failure): throw UsageError(failure.lines)
        }
        let minimum = merged.minimum ?? VerifyRun.Options().minimumMatch
        // The lines an unsharded run prints.
        print(VerifyReport.text(merged.results, minimum: minimum, minimumWithAntialiased: merged.minimumWithAntialiased),
              terminator: "")
        let summaries = VerifyReport.summaries(merged.results, minimum: minimum,
                                               minimumWithAntialiased: merged.minimumWithAntialiased)
        for summary in summaries { print(VerifyReport.summaryLine(summary)) }
        let failing = summaries.map(\.failing).reduce(0, +)
        let worst = merged.results.map(\.match).min() ?? 1
        print("\(merged.specs) specs, \(merged.results.count) frames, \(failing) below " + VerifyReport.percent(minimum)
              + " (worst " + VerifyReport.percent(worst) + ")")
        if let json {
            do {
                try UserFile.write(VerifyReport.json(merged.results, minimum: merged.minimum, threshold: merged.threshold,
                                                     minimumWithAntialiased: merged.minimumWithAntialiased), to: json)
            } catch {
                throw UsageError(message: error.description)
            }
        }
        if failing > 0 { throw ExitCode(1) }
    }
}
