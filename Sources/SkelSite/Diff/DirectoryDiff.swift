import Dispatch
import Foundation
import SkeletonCore

/// How `DirectoryDiff` compares and what it writes.
public struct DirectoryDiffOptions: Sendable {
    public var pixel: DiffOptions
    public var tolerance: DiffTolerance
    /// Added or removed images do not fail the run.
    public var allowAdded: Bool
    public var allowRemoved: Bool
    /// When true, "changed" means the decoded RGBA differs in any byte (used by
    /// `baseline update`, which must not keep a stale baseline); `pixel` is ignored.
    public var exact: Bool
    /// Folder receiving `diff/<path>` pictures and copies under `baseline/` and
    /// `current/` of every image that is not unchanged; nil writes nothing.
    public var reportFolder: String?
    /// Folders (absolute) whose PNGs are not compared: a report written inside the
    /// current folder must not be compared on the next run.
    public var excluded: [String] = []

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
    /// One per relative path, sorted by UTF-8 bytes.
    public var images: [ImageComparison]
    /// Unreadable folders or files and undecodable PNGs, in pair order (baseline
    /// before current); when not
    /// empty the run is an I/O error (exit 2) whatever the images say.
    public var errors: [DiffError]
    public var summary: DiffSummary { DiffSummary(images) }
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
            return DirectoryDiffResult(images: [], errors: [error])
        }
        let pairs = PNGPairing.pair(baseline: baselineList, current: currentList)
        let slots = ResultSlots(count: pairs.count)
        DispatchQueue.concurrentPerform(iterations: pairs.count) { index in
            let outcome = compare(pairs[index], baseline: baseline, current: current, options: options)
            slots.set(index, outcome)
        }
        var images: [ImageComparison] = []
        var errors: [DiffError] = []
        for outcome in slots.values {
            switch outcome {
            case .success(let image)?: images.append(image)
            case .failure(let failures)?: errors += failures.errors
            case nil: break
            }
        }
        return DirectoryDiffResult(images: images, errors: errors)
    }

    static func join(_ folder: String, _ path: String) -> String {
        (folder as NSString).appendingPathComponent(path)
    }

    /// Reads and decodes one PNG; errors name the file as the user gave it.
    static func load(_ file: String) -> Result<([UInt8], RGBAImage), DiffError> {
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
                        options: DirectoryDiffOptions) -> Result<ImageComparison, DiffFailures> {
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
        if !problems.isEmpty { return .failure(DiffFailures(problems)) }
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
            } else if options.exact {
                result.mismatchedPixels = differingPixels(old.1, new.1)
                result.antialiasedPixels = 0
            } else {
                let found = comparePixels(old.1, new.1, options: options, picture: &picture)
                result.mismatchedPixels = found.mismatchedPixels
                result.antialiasedPixels = found.antialiasedPixels
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
                return .failure(DiffFailures([DiffError(path: folder, message: "cannot write report: \(FileErrorText.describe(error, path: folder))")]))
            }
        }
        return .success(result)
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

/// Per-index results filled from concurrent workers.
private final class ResultSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<ImageComparison, DiffFailures>?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: Result<ImageComparison, DiffFailures>) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }
    var values: [Result<ImageComparison, DiffFailures>?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
