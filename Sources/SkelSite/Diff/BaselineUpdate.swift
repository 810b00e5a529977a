import Foundation

/// What `skelsite baseline update` changes: every current PNG whose decoded pixels
/// differ in any byte from its baseline (or whose size differs) replaces it, new ones
/// are added, and baseline PNGs with no current image are deleted. Files whose pixels
/// are identical are left alone even when their bytes differ (say, another encoder), so
/// an update never churns history. Only `*.png` files are touched.
public struct BaselinePlan: Equatable, Sendable {
    public var replace: [String] = []
    public var add: [String] = []
    public var remove: [String] = []
    public var unchanged = 0

    public var isEmpty: Bool { replace.isEmpty && add.isEmpty && remove.isEmpty }
}

public enum BaselineUpdate {
    /// Compares the folders exactly. A baseline folder that does not exist yet counts as
    /// empty, so the first update creates it.
    public static func plan(baseline: String, current: String) -> Result<BaselinePlan, DiffFailures> {
        var isFolder: ObjCBool = false
        let baselineExists = FileManager.default.fileExists(atPath: baseline, isDirectory: &isFolder)
        if baselineExists && !isFolder.boolValue {
            return .failure(DiffFailures([DiffError(path: baseline, message: "not a directory")]))
        }
        var plan = BaselinePlan()
        if !baselineExists {
            do {
                plan.add = try PNGPairing.listPNGs(in: current)
            } catch {
                return .failure(DiffFailures([error]))
            }
            // Still decode them: a broken PNG must not become a baseline.
            for path in plan.add {
                if case .failure(let error) = DirectoryDiff.load(DirectoryDiff.join(current, path)) {
                    return .failure(DiffFailures([error]))
                }
            }
            return .success(plan)
        }
        let result = DirectoryDiff.run(baseline: baseline, current: current,
                                       options: DirectoryDiffOptions(exact: true))
        if !result.errors.isEmpty { return .failure(DiffFailures(result.errors)) }
        for image in result.images {
            switch image.status {
            case .changed, .resized: plan.replace.append(image.path)
            case .added: plan.add.append(image.path)
            case .removed: plan.remove.append(image.path)
            case .unchanged: plan.unchanged += 1
            }
        }
        return .success(plan)
    }

    /// Carries the plan out. Each copy goes through `UserFile.write` (a temporary file
    /// beside its target, renamed over it), so an interrupted update never leaves a
    /// half-written PNG, and a baseline path that is a link, FIFO or device is refused;
    /// every target is checked before the first is written.
    public static func apply(_ plan: BaselinePlan, baseline: String, current: String) throws(DiffError) {
        let fm = FileManager.default
        let copies = plan.replace + plan.add
        for path in copies {
            let target = DirectoryDiff.join(baseline, path)
            do { try UserFile.checkReplaceable(target) } catch {
                throw DiffError(path: target, message: "cannot write: \(error.reason)")
            }
        }
        for path in copies {
            let target = DirectoryDiff.join(baseline, path)
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: DirectoryDiff.join(current, path)))
                try fm.createDirectory(atPath: (target as NSString).deletingLastPathComponent,
                                       withIntermediateDirectories: true)
                try UserFile.write([UInt8](data), to: target)
            } catch let failure as UserFile.Failure {
                throw DiffError(path: target, message: "cannot write: \(failure.reason)")
            } catch {
                throw DiffError(path: target, message: "cannot write: \(FileErrorText.describe(error, path: target))")
            }
        }
        for path in plan.remove {
            let target = DirectoryDiff.join(baseline, path)
            do {
                try fm.removeItem(atPath: target)
            } catch {
                throw DiffError(path: target, message: "cannot delete: \(FileErrorText.describe(error, path: target))")
            }
        }
    }

    /// The lines `baseline update` prints: one per file, then a summary.
    public static func report(_ plan: BaselinePlan, dryRun: Bool) -> [String] {
        var lines: [String] = []
        let verbs = dryRun ? ("would replace", "would add", "would remove") : ("replaced", "added", "removed")
        for path in plan.replace { lines.append("\(verbs.0) \(path)") }
        for path in plan.add { lines.append("\(verbs.1) \(path)") }
        for path in plan.remove { lines.append("\(verbs.2) \(path)") }
        if dryRun {
            lines.append("baseline (dry run, nothing written): \(plan.replace.count) to replace, \(plan.add.count) to add, "
                         + "\(plan.remove.count) to remove, \(plan.unchanged) unchanged")
        } else {
            lines.append("baseline: \(plan.replace.count) replaced, \(plan.add.count) added, \(plan.remove.count) removed, "
                         + "\(plan.unchanged) unchanged")
        }
        return lines
    }
}
