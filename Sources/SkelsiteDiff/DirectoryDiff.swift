import SkelSite
import Dispatch
import Foundation
import SkeletonCore
import SkelsiteStore

/// What decides whether a pair changed (site/guides/visual-regression.md).
public enum DiffMeasure: String, Sendable {
    /// Any pixel whose RGBA bytes differ: the default, since skelsite's own PNGs are
    /// deterministic. pixelmatch's count (at `pixel.threshold`) is reported beside it.
    case exact
    /// pixelmatch's count at `pixel.threshold`: for pictures from browsers or other
    /// machines, whose rendering may differ invisibly.
    case pixelmatch
}

/// How `DirectoryDiff` compares and what it writes.
public struct DirectoryDiffOptions: Sendable {
    /// pixelmatch's options: the measure itself under `.pixelmatch`, the count reported
    /// beside it under `.exact`.
    public var pixel: DiffOptions
    public var measure: DiffMeasure = .exact
    public var tolerance: DiffTolerance
    /// Added or removed images do not fail the run.
    public var allowAdded: Bool
    public var allowRemoved: Bool
    /// When true, "changed" means the decoded RGBA differs in any byte and nothing else
    /// is measured (used by `baseline update`, which must not keep a stale baseline);
    /// `pixel` and `measure` are ignored.
    public var exact: Bool
    /// Folder receiving `diff/<path>` pictures and copies under `baseline/` and
    /// `current/` of every image that is not unchanged; nil writes nothing.
    public var reportFolder: String?
    /// Folders (absolute) whose PNGs are not compared: a report written inside the
    /// current folder must not be compared on the next run.
    public var excluded: [String] = []

    /// `exact`, or pixelmatch's name for the threshold: `pixelmatch 0.1`, and
    /// `pixelmatch 0.1 (7.x)` under pixelmatch 7's arithmetic.
    public var pixelmatchLabel: String {
        "pixelmatch \(pixel.threshold)" + (pixel.version == .v7 ? " (7.x)" : "")
    }

    /// The name of the measure that decides, as reports print it.
    public var measureLabel: String { measure == .exact ? "exact" : pixelmatchLabel }

    /// The name of the other measure, reported beside the deciding one.
    public var otherLabel: String { measure == .exact ? pixelmatchLabel : "exact" }

    public init(pixel: DiffOptions = DiffOptions(), tolerance: DiffTolerance = DiffTolerance(),
                allowAdded: Bool = false, allowRemoved: Bool = false, exact: Bool = false,
                reportFolder: String? = nil) {
        self.pixel = pixel
        self.tolerance = tolerance
        self.allowAdded = allowAdded
        self.allowRemoved = allowRemoved
        self.exact = exact
        self.reportFolder = reportFolder
    }
}

public struct DirectoryDiffResult: Sendable {
    /// One per relative path that was compared, sorted by UTF-8 bytes.
    public var images: [ImageComparison]
    /// Unreadable folders or files and undecodable PNGs, in pair order (baseline
    /// before current); when not
    /// empty the run is an I/O error (exit 2) whatever the images say.
    public var errors: [DiffError]
    /// Pairs with an unreadable or undecodable PNG, in pair order; their errors are
    /// also in `errors`.
    public var broken: [BrokenImage] = []
    /// The errors that are not a broken pair's (a folder that cannot be listed, a
    /// report that cannot be written): with any, no report is worth writing.
    public var fatal: [DiffError] = []
    /// Seconds each pair took to read and compare, by relative path.
    public var seconds: [String: Double] = [:]

    public var summary: DiffSummary {
        var summary = DiffSummary(images)
        summary.images += broken.count
        summary.errors = broken.count
        return summary
    }

    /// Compared images and broken pairs merged in path order, as reports list them.
    public var entries: [DiffEntry] {
        var all = images.map(DiffEntry.image) + broken.map(DiffEntry.broken)
        all.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        return all
    }
}

/// One line of a report: a compared pair or one that could not be compared.
public enum DiffEntry: Sendable {
    case image(ImageComparison)
    case broken(BrokenImage)

    public var path: String {
        switch self {
        case .image(let image): return image.path
        case .broken(let broken): return broken.path
        }
    }
}

/// What one pair's worker found.
enum PairOutcome: Sendable {
    case compared(ImageComparison)
    /// A PNG of the pair could not be read or decoded.
    case broken(BrokenImage)
    /// Anything else: the report folder could not be written.
    case failed([DiffError])
}

/// Compares the PNGs of a baseline folder with those of a current folder, all pairs in
/// parallel over every core.
public enum DirectoryDiff {
    public static func run(baseline: String, current: String, options: DirectoryDiffOptions) -> DirectoryDiffResult {
        let baselineList: [String], currentList: [String]
        do {
            baselineList = try PNGPairing.listPNGs(in: baseline, excluding: options.excluded)
            currentList = try PNGPairing.listPNGs(in: current, excluding: options.excluded)
        } catch {
            return DirectoryDiffResult(images: [], errors: [error], fatal: [error])
        }
        let pairs = PNGPairing.pair(baseline: baselineList, current: currentList)
        let slots = ResultSlots(count: pairs.count)
        DispatchQueue.concurrentPerform(iterations: pairs.count) { index in
            let start = DispatchTime.now().uptimeNanoseconds
            let outcome = compare(pairs[index], baseline: baseline, current: current, options: options)
            slots.set(index, outcome, seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        var result = DirectoryDiffResult(images: [], errors: [])
        for (index, (outcome, seconds)) in slots.values.enumerated() {
            switch outcome {
            case .compared(let image)?: result.images.append(image)
            case .broken(let broken)?:
                result.broken.append(broken)
                result.errors += broken.errors
            case .failed(let errors)?:
                result.errors += errors
                result.fatal += errors
            case nil: continue
            }
            result.seconds[pairs[index].path] = seconds
        }
        return result
    }

    static func join(_ folder: String, _ path: String) -> String {
        (folder as NSString).appendingPathComponent(path)
    }

    /// Reads and decodes one PNG; errors name the file as the user gave it.
    static func load(_ file: String) -> Result<([UInt8], RGBAImage), DiffError> {
        // Only a regular file (or a link to one) is read: reading a FIFO named `x.png`
        // would wait for a writer for ever (site/reference/limits.md, "Baselines").
        var status = stat()
        if stat(file, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            return .failure(DiffError(path: file, message: "not a regular file (a FIFO, device or socket is never read)"))
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            return .failure(DiffError(path: file, message: "cannot read file"))
        }
        let bytes = [UInt8](data)
        do {
            return .success((bytes, try PNGDecoder.decode(bytes)))
        } catch {
            return .failure(DiffError(path: file, message: error.message))
        }
    }

    static func compare(_ pair: PNGPair, baseline: String, current: String,
                        options: DirectoryDiffOptions) -> PairOutcome {
        let baselineFile = join(baseline, pair.path)
        let currentFile = join(current, pair.path)
        var old: ([UInt8], RGBAImage)?
        var new: ([UInt8], RGBAImage)?
        var problems: [DiffError] = []
        if pair.inBaseline {
            switch load(baselineFile) {
            case .success(let loaded): old = loaded
            case .failure(let error): problems.append(error)
            }
        }
        if pair.inCurrent {
            switch load(currentFile) {
            case .success(let loaded): new = loaded
            case .failure(let error): problems.append(error)
            }
        }
        // Both files are read first so that both problems are reported at once.
        if !problems.isEmpty { return .broken(BrokenImage(path: pair.path, errors: problems)) }
        let oldSize = old.map { PixelSize(width: $0.1.width, height: $0.1.height) }
        let newSize = new.map { PixelSize(width: $0.1.width, height: $0.1.height) }
        var result = ImageComparison(path: pair.path, status: .unchanged, baselineSize: oldSize,
                                     currentSize: newSize, mismatchedPixels: nil, antialiasedPixels: nil,
                                     failed: false, diffImage: nil)
        var picture: RGBAImage?
        switch (old, new) {
        case (nil, _):
            result.status = .added
            result.failed = !options.allowAdded
        case (_, nil):
            result.status = .removed
            result.failed = !options.allowRemoved
        case (.some, .some) where oldSize != newSize:
            result.status = .resized
            result.failed = true
        case let (old?, new?):
            if old.0 == new.0 {
                // Byte-identical files: no need to look at the pixels.
                result.mismatchedPixels = 0
                result.antialiasedPixels = 0
                result.exactPixels = 0
                result.pixelmatchPixels = options.exact ? nil : 0
            } else if options.exact {
                result.mismatchedPixels = differingPixels(old.1, new.1)
                result.antialiasedPixels = 0
                result.exactPixels = result.mismatchedPixels
            } else if options.measure == .exact {
                var none: RGBAImage?
                if options.reportFolder != nil { picture = RGBAImage(width: new.1.width, height: new.1.height) }
                let exact = options.reportFolder != nil
                    ? PixelDiff.exact(old.1, new.1, options: options.pixel, output: &picture)
                    : differingPixels(old.1, new.1)
                // The same pixels encoded differently: pixelmatch finds nothing either.
                let found = exact == 0 ? DiffResult(mismatchedPixels: 0, antialiasedPixels: 0, identical: true)
                    : PixelDiff.diff(old.1, new.1, options: options.pixel, output: &none)
                result.mismatchedPixels = exact
                result.antialiasedPixels = found.antialiasedPixels
                result.exactPixels = exact
                result.pixelmatchPixels = found.mismatchedPixels
            } else {
                let found = comparePixels(old.1, new.1, options: options, picture: &picture)
                result.mismatchedPixels = found.mismatchedPixels
                result.antialiasedPixels = found.antialiasedPixels
                result.exactPixels = differingPixels(old.1, new.1)
                result.pixelmatchPixels = found.mismatchedPixels
            }
            if !options.exact {
                result.measure = options.measureLabel
                result.besideMeasure = options.otherLabel
            }
            if let mismatched = result.mismatchedPixels, mismatched > 0 {
                result.status = .changed
                result.failed = options.tolerance.exceeded(mismatched: mismatched, totalPixels: result.totalPixels)
            }
        }
        if let folder = options.reportFolder, result.status != .unchanged {
            do {
                if pair.inBaseline { try copy(baselineFile, to: join(join(folder, "baseline"), pair.path)) }
                if pair.inCurrent { try copy(currentFile, to: join(join(folder, "current"), pair.path)) }
                if let picture, result.status == .changed {
                    let relative = "diff/" + pair.path
                    try write(PNGEncoder.encode(picture), to: join(folder, relative))
                    result.diffImage = relative
                }
            } catch {
                return .failed([DiffError(path: folder, message: "cannot write report: \(FileErrorText.describe(error, path: folder))")])
            }
        }
        return .compared(result)
    }

    /// The pixel comparison of two decoded images of one size, exactly as `diff` runs it
    /// (public so that SkeletonBench times this very path): pixelmatch's semantics in
    /// `options.pixel`, drawing the diff picture into `picture` when a report is
    /// written (`options.reportFolder` set), else leaving it nil.
    public static func comparePixels(_ old: RGBAImage, _ new: RGBAImage, options: DirectoryDiffOptions,
                                     picture: inout RGBAImage?) -> DiffResult {
        if options.reportFolder != nil {
            if picture?.width != new.width || picture?.height != new.height {
                picture = RGBAImage(width: new.width, height: new.height)
            }
        } else {
            picture = nil
        }
        return PixelDiff.diff(old, new, options: options.pixel, output: &picture)
    }

    /// Pixels whose four bytes differ.
    static func differingPixels(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        var count = 0
        a.pixels.withUnsafeBytes { pa in
            b.pixels.withUnsafeBytes { pb in
                for i in 0..<(a.width * a.height)
                where pa.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
                    != pb.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self) {
                    count += 1
                }
            }
        }
        return count
    }

    static func copy(_ source: String, to destination: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: source))
        try write([UInt8](data), to: destination)
    }

    static func write(_ bytes: [UInt8], to file: String) throws {
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try UserFile.write(bytes, to: file)
    }
}

/// Per-index results (and the seconds each took) filled from concurrent workers.
private final class ResultSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [(PairOutcome?, Double)]
    init(count: Int) { slots = Array(repeating: (nil, 0), count: count) }
    func set(_ index: Int, _ value: PairOutcome, seconds: Double) {
        lock.lock()
        slots[index] = (value, seconds)
        lock.unlock()
    }
    var values: [(PairOutcome?, Double)] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
