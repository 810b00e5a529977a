import SkelSite
import Foundation
import Platform
import SkelsiteStore

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
    ///
    /// Everything the real run would refuse is refused here, before anything is written,
    /// so `--dry-run` reports the same plan, or the same errors, as the real run
    /// (site/reference/limits.md, "Baselines"): folders that overlap, any symbolic link
    /// inside BASELINE_DIR, and a target the copy could not replace.
    public static func plan(baseline: String, current: String) -> Result<BaselinePlan, DiffFailures> {
        if let overlap = overlap(baseline: baseline, current: current) {
            return .failure(DiffFailures([overlap]))
        }
        var isFolder: ObjCBool = false
        let baselineExists = FileManager.default.fileExists(atPath: baseline, isDirectory: &isFolder)
        if baselineExists && !isFolder.boolValue {
            return .failure(DiffFailures([DiffError(path: baseline, message: "not a directory")]))
        }
        if baselineExists {
            let refused = refusedEntries(in: baseline)
            if !refused.isEmpty { return .failure(DiffFailures(refused)) }
        } else if let problem = uncreatable(baseline) {
            return .failure(DiffFailures([problem]))
        }
        let found = comparison(baseline: baseline, current: current, baselineExists: baselineExists)
        guard case .success(let plan) = found else { return found }
        let problems = targetProblems(plan, baseline: baseline)
        return problems.isEmpty ? .success(plan) : .failure(DiffFailures(problems))
    }

    /// The plan as the comparison finds it, before the targets are checked.
    static func comparison(baseline: String, current: String, baselineExists: Bool) -> Result<BaselinePlan, DiffFailures> {
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

    /// Refuses BASELINE_DIR and CURRENT_DIR when they are the same folder or one is
    /// inside the other, with links resolved (as `diff` refuses a report folder that
    /// overlaps them: DiffWriteGuard). CURRENT_DIR inside BASELINE_DIR would list the
    /// current images as baselines with no current image and delete them; BASELINE_DIR
    /// inside CURRENT_DIR would copy the baselines into themselves, one level deeper
    /// each run.
    static func overlap(baseline: String, current: String) -> DiffError? {
        let base = DiffWriteGuard.realPath(baseline)
        let now = DiffWriteGuard.realPath(current)
        let separate = "baseline update needs two separate folders"
        if base == now {
            return DiffError(path: current, message: "CURRENT_DIR is the same folder as BASELINE_DIR (\(baseline)); \(separate)")
        }
        if DiffWriteGuard.isInside(now, base) {
            return DiffError(path: current, message: "CURRENT_DIR is inside BASELINE_DIR (\(baseline)); \(separate) "
                             + "(the update would delete the current images)")
        }
        if DiffWriteGuard.isInside(base, now) {
            return DiffError(path: baseline, message: "BASELINE_DIR is inside CURRENT_DIR (\(current)); \(separate) "
                             + "(each update would copy the baselines into themselves)")
        }
        return nil
    }

    /// Every symbolic link inside BASELINE_DIR, and every PNG there that is a FIFO,
    /// device or socket, sorted by path. The listing does not descend into links to
    /// folders while a copy would write through them, and a link named like a PNG
    /// would be read through, so the baseline folder must hold none: then what the
    /// update lists, writes and deletes all lies inside it. (BASELINE_DIR itself may be
    /// a link: that is the folder the user named.)
    static func refusedEntries(in baseline: String) -> [DiffError] {
        guard let entries = try? FileManager.default.subpathsOfDirectory(atPath: baseline) else {
            return []  // the listing reports an unreadable folder
        }
        var refused: [DiffError] = []
        for entry in entries.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let path = DirectoryDiff.join(baseline, entry)
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let kind = info.st_mode & S_IFMT
            let named = entry.lowercased().hasSuffix(".png")
            if kind == S_IFLNK {
                let message = named
                    ? "cannot write: " + (UserFile.refusedKind(info.st_mode) ?? "")
                    : "cannot write: it is a symbolic link inside BASELINE_DIR (baseline update does not follow links in the baseline folder)"
                refused.append(DiffError(path: path, message: message))
            } else if named, kind != S_IFDIR, let reason = UserFile.refusedKind(info.st_mode) {
                refused.append(DiffError(path: path, message: "cannot write: " + reason))
            }
        }
        return refused
    }

    /// Why a missing BASELINE_DIR could not be created, or nil: a link to nothing or a
    /// file in its path is found now rather than after the plan is printed.
    static func uncreatable(_ baseline: String) -> DiffError? {
        var info = stat()
        if lstat(baseline, &info) == 0 {
            return DiffError(path: baseline, message: "cannot create: it is a symbolic link that does not lead to a folder")
        }
        if errno != ENOENT {
            return DiffError(path: baseline, message: "cannot create: \(FilePaths.errnoText(errno))")
        }
        return nil
    }

    /// What would stop a copy: a file (not a folder) where a folder of the target's path
    /// must be, or a target that is not a regular file (say, a folder named `x.png`).
    static func targetProblems(_ plan: BaselinePlan, baseline: String) -> [DiffError] {
        var problems: [DiffError] = []
        var seen: Set<String> = []
        for path in plan.replace + plan.add {
            var folder = baseline
            var blocked = false
            for part in path.split(separator: "/").dropLast() {
                folder = DirectoryDiff.join(folder, String(part))
                var info = stat()
                if lstat(folder, &info) != 0 {
                    if errno == ENOENT { break }  // the copy creates it
                    if seen.insert(folder).inserted {
                        problems.append(DiffError(path: folder, message: "cannot write: \(FilePaths.errnoText(errno))"))
                    }
                    blocked = true
                    break
                }
                if info.st_mode & S_IFMT != S_IFDIR {
                    if seen.insert(folder).inserted {
                        problems.append(DiffError(path: folder, message: "cannot write \(path) under it: it is not a folder"))
                    }
                    blocked = true
                    break
                }
            }
            if blocked { continue }
            let target = DirectoryDiff.join(baseline, path)
            do { try UserFile.checkReplaceable(target) } catch {
                problems.append(DiffError(path: target, message: "cannot write: \(error.reason)"))
            }
        }
        return problems
    }

    /// Carries the plan out. Each copy goes through `UserFile.write` (a temporary file
    /// beside its target, renamed over it), so an interrupted update never leaves a
    /// half-written PNG, and a baseline path that is a link, FIFO or device is refused;
    /// every target is checked before the first is written (again: `plan` checked them
    /// too, so that a dry run sees the same refusals).
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
