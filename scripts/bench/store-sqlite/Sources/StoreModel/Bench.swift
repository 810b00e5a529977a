import Foundation

/// Wall and CPU time of one run, in milliseconds.
public struct Timing {
    public var wall: Double
    public var cpu: Double
}

public func measure<T>(_ body: () throws -> T) rethrows -> (T, Timing) {
    func now(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }
    let wall = now(CLOCK_MONOTONIC), cpu = now(CLOCK_PROCESS_CPUTIME_ID)
    let value = try body()
    return (value, Timing(wall: now(CLOCK_MONOTONIC) - wall, cpu: now(CLOCK_PROCESS_CPUTIME_ID) - cpu))
}

/// One row: the median wall and CPU time of the runs, and their range.
public func report(_ design: String, _ what: String, _ runs: [Timing]) {
    let walls = runs.map(\.wall).sorted(), cpus = runs.map(\.cpu).sorted()
    let row = String(format: "%@ | %@ | median %8.3f ms wall, %8.3f ms CPU | wall %.3f..%.3f, %d runs",
                     design as NSString, what as NSString, walls[walls.count / 2], cpus[cpus.count / 2],
                     walls.first!, walls.last!, runs.count)
    print(row)
}

/// The options every executable takes: `--cache DIR` (a built corpus's render cache),
/// `--work DIR` (emptied and used), `--rounds N`, `--sync off|normal`.
public struct Options {
    public var cache = ""
    public var work = ""
    public var rounds = 21
    public var sync = "off"
    public var blobs = 200

    public init(_ arguments: [String]) throws {
        var rest = arguments.dropFirst()
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { throw BenchError("\(flag) needs a value") }
            switch flag {
            case "--cache": cache = value
            case "--work": work = value
            case "--rounds": rounds = Int(value) ?? rounds
            case "--sync": sync = value
            case "--blobs": blobs = Int(value) ?? blobs
            default: throw BenchError("unknown option \(flag)")
            }
        }
        guard !cache.isEmpty, !work.isEmpty else { throw BenchError("usage: --cache DIR --work DIR [--rounds N] [--sync off|normal]") }
    }
}

public func emptyFolder(_ path: String) throws {
    try? FileManager.default.removeItem(atPath: path)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
}

public func folderBytes(_ path: String) -> Int {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return names.reduce(0) { total, name in
        var info = stat()
        return total + (stat(path + "/" + name, &info) == 0 ? Int(info.st_size) : 0)
    }
}

/// The records of a built corpus's cache folder (its index, journal and memo), read
/// with today's decoders.
public func corpusState(_ cache: String) throws -> StoreState {
    try FileStore(directory: cache).load()
}

/// The store benchmark: a first build's whole write, then `rounds` edit cycles, each a
/// rebuild's read of everything at its start and its write of a one-spec edit at its end
/// (every cycle reads what the one before wrote, checked against what it should be).
public func runStoreBench(_ makeStore: (String) throws -> Store, options: Options) throws {
    let state = try corpusState(options.cache)
    var design = ""
    var whole: [Timing] = []
    for _ in 0..<5 {
        try emptyFolder(options.work)
        let store = try makeStore(options.work)
        design = store.name
        whole.append(try measure { try store.writeAll(state) }.1)
    }
    report(design, "first build: write all", whole)
    let store = try makeStore(options.work)
    var expected = state
    var loads: [Timing] = [], writes: [Timing] = [], both: [Timing] = []
    for round in 0..<options.rounds {
        let (loaded, load) = try measure { try store.load() }
        guard loaded == expected else { throw BenchError("\(design): round \(round) read back other records") }
        let next = loaded.editingOneSpec(round)
        let write = try measure { try store.write(next, after: loaded) }.1
        expected = next
        loads.append(load)
        writes.append(write)
        both.append(Timing(wall: load.wall + write.wall, cpu: load.cpu + write.cpu))
    }
    report(design, "rebuild: read index + memos", loads)
    report(design, "rebuild: write a one-spec edit", writes)
    report(design, "rebuild: read + write", both)
    print("\(design): \(state.index.count) index records, \(state.memos.count) memos, \(state.memos.values.reduce(0) { $0 + $1.specs.count }) specs; store files \(folderBytes(options.work)) bytes after \(options.rounds) edits")
}

/// Entry files (HTML, CSS and PNGs of one component): what reading one costs as a file,
/// as the build reads it today, against a blob in SQLite. `put` stores every entry (a
/// cold build's cache writes), `get` reads one back whole.
public protocol BlobStore {
    var name: String { get }
    func putAll(_ entries: [(String, [UInt8])]) throws
    func get(_ key: String) throws -> [UInt8]?
}

public struct EntryFiles: BlobStore {
    public let name = "entry files"
    let directory: String
    public init(directory: String) { self.directory = directory }

    public func putAll(_ entries: [(String, [UInt8])]) throws {
        for (key, bytes) in entries {
            guard FileStore.writeFile(bytes, to: "\(directory)/\(key).entry", exclusive: true) else {
                throw BenchError("cannot create \(directory)/\(key).entry")
            }
        }
    }

    public func get(_ key: String) throws -> [UInt8]? { FileStore.readRegularFile("\(directory)/\(key).entry") }
}

public func runBlobBench(_ makeStore: (String) throws -> BlobStore, options: Options) throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: options.cache).filter { $0.hasSuffix(".entry") }.sorted()
    let entries: [(String, [UInt8])] = try names.map { name in
        guard let bytes = FileStore.readRegularFile(options.cache + "/" + name) else { throw BenchError("cannot read \(name)") }
        return (String(name.dropLast(".entry".count)), bytes)
    }
    let total = entries.reduce(0) { $0 + $1.1.count }
    var design = ""
    var puts: [Timing] = []
    // Each copy into a new folder, none deleted until the end (why: on ext4 without a
    // journal, files created right after thousands were deleted are several times slower
    // to make; see site/reference/output-folder.md, "What a cold build costs").
    try emptyFolder(options.work)
    for copy in 0..<3 {
        let folder = options.work + "/copy-\(copy)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let store = try makeStore(folder)
        design = store.name
        puts.append(try measure { try store.putAll(entries) }.1)
    }
    report(design, "store \(entries.count) entries (\(total / 1_000_000) MB)", puts)
    let store = try makeStore(options.work + "/copy-0")
    var generator = SystemRandomNumberGenerator()
    let picks = (0..<options.blobs).map { _ in entries[Int.random(in: 0..<entries.count, using: &generator)] }
    var reads: [Timing] = []
    for (key, bytes) in picks {
        let (read, time) = try measure { try store.get(key) }
        guard read == bytes else { throw BenchError("\(design): \(key) read back other bytes") }
        reads.append(time)
    }
    report(design, "read one entry whole", reads)
    print("\(design): \(folderBytes(options.work + "/copy-0")) bytes on disk for \(total) bytes of entries")
}
