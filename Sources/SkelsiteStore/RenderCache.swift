import Foundation
import Platform

/// A content-addressed store of rendered components, kept outside the output so a
/// failed build cannot touch it and a swap cannot lose it.
///
/// Layout: one flat file per entry, `<directory>/<key>.entry`: meta lines, then the
/// HTML, the CSS and the PNGs one after another (`CacheEntryFile`). One file, not one
/// per PNG as well (why: on ext4 each new inode costs 0.1 to 0.3 ms of kernel time, far
/// more when many were deleted in the last half minute; a file per PNG made 6.6 inodes
/// a component, 33,000 on the 5000-spec corpus, and creating files was the largest
/// single cost of a cold build). A new entry is written in place, and one that replaces
/// a damaged file under a temporary name, then renamed; a reader that finds a short file
/// (a build killed while writing it) finds a damaged entry, a miss. The output never links to it:
/// its PNGs are written from the entry's bytes (`RenderStep`), so editing the
/// output cannot reach the cache. Keys
/// are SHA-256 of the renderer fingerprint and the spec's text (see `key`), so a stale
/// entry is never reused.
///
/// The cache is not trusted: the `.entry` file records the SHA-256 of each PNG and of
/// its own HTML and CSS, and `lookup` checks them all (and that every file is a regular
/// file, not a link), so a truncated, edited or missing file makes the entry a miss and
/// the component is rendered again (site/reference/limits.md, "Files the build reads
/// and writes").
/// `@unchecked Sendable`: its properties never change after `init` (each call works on
/// files of its own key, and two writers of one key write the same bytes).
package final class RenderCache: @unchecked Sendable {
    package let directory: URL
    /// `directory.path`, once (why: a rebuild looks up 5000 entries, and building each
    /// entry's `URL` was a fortieth of a one-spec rebuild).
    private let directoryPath: String
    private let fileManager = FileManager()
    /// The cache folder, open when it was a folder (not a link) as the build began, for
    /// `indexedEntry`'s `stat`s; else -1, and each goes by its path (why: by path, each of a
    /// big site's 5000 `stat`s walked every folder above the cache again).
    private let folder: Int32

    package init(directory: URL) {
        self.directory = directory
        directoryPath = directory.path
        folder = open(directoryPath, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    }

    deinit {
        if folder >= 0 { close(folder) }
    }

    /// What a key covers: the renderer (version and the running binary's identity, so a
    /// rebuilt tool re-renders), the accessible label and the spec's text. Not where the
    /// spec sits in its file: neither the painter nor the emitter outputs source
    /// positions, so moving a spec does not re-render it.
    package static func key(fingerprint: String, specText: String, label: String, inherited: String = "") -> String {
        // Inherited defaults (front matter, project file) only when there are some, so
        // every other key stays what it was.
        var material = "\(fingerprint)\n\(label)\n\(specText)"
        if !inherited.isEmpty { material += "\n--inherited--\n" + inherited }
        return SHA256.hex(Array(material.utf8))
    }

    /// This process's id, for temporary names (`unused` finds those of dead processes).
    private static let processID = String(getpid())

    private func entryPath(_ key: String) -> String { directoryPath + "/" + key + ".entry" }

    /// The entry's artifacts and the SHA-256 of each PNG (by name), or nil when absent,
    /// unreadable or damaged (a part not matching its recorded digest, or not a regular file).
    /// `checkPNGs` false skips checking the PNGs (why: when the work generation already
    /// holds every one of them, by digest, they are never needed).
    package func lookupEntry(_ key: String, checkPNGs: (CacheEntryFile.Decoded) -> Bool = { _ in true }) -> CacheEntryFile.Decoded? {
        guard let bytes = Self.readRegularFile(entryPath(key)),
              let entry = CacheEntryFile.decode(bytes) else { return nil }
        guard checkPNGs(entry) else { return entry }
        return CacheEntryFile.checkedPNGs(bytes, entry) == nil ? nil : entry
    }

    /// The entry and its PNGs by name, each PNG matching its recorded digest; nil when the
    /// entry is missing or damaged (then it is painted again).
    package func checkedEntry(_ key: String) -> (entry: CacheEntryFile.Decoded, pngs: [String: ArraySlice<UInt8>])? {
        guard let bytes = Self.readRegularFile(entryPath(key)), let entry = CacheEntryFile.decode(bytes),
              let pngs = CacheEntryFile.checkedPNGs(bytes, entry) else { return nil }
        return (entry, pngs)
    }

    /// The entry as `index` recorded it, when its `.entry` file still has the recorded
    /// inode, size and modification time; its HTML and CSS are not read (`Body.unread`).
    package func indexedEntry(_ key: String, _ record: RenderCacheIndex.Record) -> CacheEntryFile.Decoded? {
        let stamp = folder >= 0 ? GenerationFiles.Stamp.of(key + ".entry", in: folder) : GenerationFiles.Stamp.of(entryPath(key))
        guard stamp == record.stamp,
              let decoded = CacheEntryFile.decodeHead(record.head, body: .unread, fileSize: record.stamp.size) else { return nil }
        return decoded
    }

    /// What the index records of an entry just stored or checked: its file's stamp (the
    /// same before and after it is encoded again, else nil: the file changed meanwhile).
    package func indexRecord(_ key: String, _ entry: CacheEntryFile.Decoded) -> RenderCacheIndex.Record? {
        let path = entryPath(key)
        guard let before = GenerationFiles.Stamp.of(path),
              let head = RenderCacheIndex.head(of: CacheEntryFile.encodeHead(entry)),
              GenerationFiles.Stamp.of(path) == before else { return nil }
        return RenderCacheIndex.Record(stamp: before, head: head)
    }

    /// The file's bytes when it is a regular file (a link is not followed).
    package static func readRegularFile(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Platform.read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }  // shrank while read: damaged
            filled += count
        }
        return bytes
    }

    /// Stores a freshly rendered component. Losing a race with another writer of the same
    /// key is fine: both wrote the same bytes.
    /// Returns the entry as stored (its PNGs' digests and sizes) and what the index records
    /// of it: the stamp of the file as written, which a rename keeps (why: stamping and
    /// encoding the head again after the store was a hundredth of a cold build). Should
    /// another writer's rename replace the file, the stamp no longer matches and the next
    /// build reads the entry whole.
    @discardableResult
    package func store(_ key: String, artifacts: ComponentArtifacts, files: [(String, [UInt8])]) throws(SiteBuildError)
        -> (entry: CacheEntryFile.Decoded, record: RenderCacheIndex.Record?) {
        // Paths as strings (why: building Foundation URLs for two paths an entry was a
        // sixth of storing 5000 entries).
        let final = entryPath(key)
        let (entry, bytes) = CacheEntryFile.encode(artifacts, pngs: files)
        do {
            CrashPoint.mutation()
            let written = try GenerationFiles.Stamp(create(bytes, at: final) ?? replace(final, with: bytes, key: key))
            return (entry, RenderCacheIndex.head(of: bytes).map { RenderCacheIndex.Record(stamp: written, head: $0) })
        } catch {
            if let stored = lookupEntry(key) { return (stored, indexRecord(key, stored)) }
            let reason = (error as? SiteBuildError)?.description ?? FileErrorText.describe(error)
            throw .io("cannot write cache entry \(final): \(reason)")
        }
    }

    /// A new entry file at `path`, written in place; nil when something is there already.
    /// Why not under a temporary name and renamed: a cold build stores thousands of
    /// entries, and the second name and the rename in a folder of thousands of files were
    /// a hundredth of its CPU time. A build killed while writing leaves a short file at
    /// the entry's name; every read checks an entry's digests and its recorded size, so
    /// that file is a miss, like any damaged entry, and the next store replaces it.
    private func create(_ bytes: [UInt8], at path: String) throws -> stat? {
        do throws(PlainFileWriter.Failure) {
            return try PlainFileWriter.create(bytes, at: path)
        } catch where error.code == EEXIST {
            return nil
        }
    }

    /// Replaces what is at `path` (a damaged entry, or one another build is writing)
    /// with a whole entry: written under a temporary name and renamed over it.
    private func replace(_ path: String, with bytes: [UInt8], key: String) throws -> stat {
        let temporary = directoryPath + "/." + key + ".entry.tmp-" + Self.processID
        let written = try PlainFileWriter.write(bytes, to: temporary)
        CrashPoint.mutation()
        if rename(temporary, path) != 0 {
            let reason = FilePaths.errnoText(errno)
            unlink(temporary)
            throw SiteBuildError.io("cannot rename \(temporary): \(reason)")
        }
        return written
    }

    /// Creates the folder, with a `.gitignore` that ignores everything in it (why: the
    /// default cache sits inside the docs folder, which is usually under version control).
    package func prepare() throws(SiteBuildError) {
        // Why refused: the default cache sits in the docs folder, and a doc author's
        // `.skelsite-cache` link to another folder would have us write and prune there.
        var info = stat()
        if lstat(directory.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
            throw .io("cache folder \(directory.path) is a symbolic link; refusing to write through it (remove it: the cache is rebuilt)")
        }
        do {
            try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
            let ignore = directory.appendingPathComponent(".gitignore")
            if !fileManager.fileExists(atPath: ignore.path) {
                try Data("# skelsite's render cache: safe to delete.\n*\n".utf8).write(to: ignore)
            }
        } catch {
            throw .io("cannot create cache folder \(directory.path): \(FileErrorText.describe(error, path: directory.path))")
        }
    }

    /// The entries this build did not use, for `remove` to delete, so the cache tracks the
    /// site and does not grow without bound; also folders of the older folder-per-entry
    /// layout, the PNG files of the older file-per-PNG layout, and temporary files a killed
    /// build left (`.NAME.tmp-PID` whose process is gone). Found without changing anything
    /// (why: listing a big site's cache and comparing each name with the keys kept one core
    /// busy at the end of every rebuild; listed beside the last steps, only the removals
    /// follow the publish).
    package func unused(keeping keys: Set<String>) -> [String] {
        var info = stat()
        guard lstat(directoryPath, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return [] }
        let names = OutputSwap.listing(directoryPath)
        var unused: [String] = []
        for name in names where name.hasPrefix(".") {
            guard let dash = name.range(of: ".tmp-", options: .backwards),
                  let pid = pid_t(name[dash.upperBound...]), pid > 0 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unused.append(name) }
        }
        for name in names where name.utf8.count >= 64 && !name.hasPrefix(".") {
            let key = String(decoding: name.utf8.prefix(64), as: UTF8.self)
            guard !keys.contains(key) || name != key + ".entry" else { continue }
            unused.append(name)
        }
        return unused
    }

    /// Removes `names` (from `unused`) from the cache's folder: files, and the folders of
    /// the older layout whole.
    package func remove(_ names: [String]) {
        for name in names {
            CrashPoint.mutation()
            if name.hasPrefix(".") {
                unlink(directory.appendingPathComponent(name).path)
            } else {
                try? fileManager.removeItem(at: directory.appendingPathComponent(name))
            }
        }
    }
}

/// `<key>.entry`: the meta lines (`CacheMeta`), one `png-sha256=NAME DIGEST` and one
/// `png-bytes=NAME COUNT` line per PNG, the HTML's and CSS's byte counts and
/// `body-sha256=` of both, an empty line, then the HTML, the CSS and the PNGs in the
/// order of the meta's `png=` lines.
package enum CacheEntryFile {
    package struct Decoded: Equatable {
        package var artifacts: ComponentArtifacts
        /// PNG name -> SHA-256 hex of its bytes.
        package var pngDigests: [String: String]
        /// PNG name -> its byte count in the file.
        package var pngSizes: [String: Int]

        package init(artifacts: ComponentArtifacts, pngDigests: [String: String], pngSizes: [String: Int]) {
            self.artifacts = artifacts
            self.pngDigests = pngDigests
            self.pngSizes = pngSizes
        }
    }

    /// The entry of `artifacts` with `pngs` (name and bytes, in `artifacts.pngNames`
    /// order), and the file's bytes.
    package static func encode(_ artifacts: ComponentArtifacts, pngs: [(String, [UInt8])]) -> (Decoded, [UInt8]) {
        var digests: [String: String] = [:], sizes: [String: Int] = [:]
        for (name, bytes) in pngs {
            digests[name] = SHA256.hex(bytes)
            sizes[name] = bytes.count
        }
        let entry = Decoded(artifacts: artifacts, pngDigests: digests, pngSizes: sizes)
        var file = encodeHead(entry)
        file.reserveCapacity(file.count + sizes.values.reduce(0, +))
        for name in artifacts.pngNames {
            guard let bytes = pngs.first(where: { $0.0 == name })?.1 else { continue }
            file += bytes
        }
        return (entry, file)
    }

    /// The file's bytes up to the PNGs: the head, the HTML and the CSS.
    package static func encodeHead(_ entry: Decoded) -> [UInt8] {
        let artifacts = entry.artifacts
        let html = Array(artifacts.html.utf8), css = Array(artifacts.css.utf8)
        let digests = entry.pngDigests.keys.sorted().map { "png-sha256=\($0) \(entry.pngDigests[$0]!)\n" }.joined()
        let sizes = entry.pngSizes.keys.sorted().map { "png-bytes=\($0) \(entry.pngSizes[$0]!)\n" }.joined()
        let head = CacheMeta.encode(artifacts) + digests + sizes
            + "html-bytes=\(html.count)\ncss-bytes=\(css.count)\nbody-sha256=\(SHA256.hex(html + css))\n\n"
        return Array(head.utf8) + html + css
    }

    /// Each PNG's bytes in `file` (decoded as `entry`), by name.
    package static func pngSlices(_ file: [UInt8], _ entry: Decoded) -> [String: ArraySlice<UInt8>]? {
        var offset = file.count - entry.artifacts.pngNames.reduce(0) { $0 + (entry.pngSizes[$1] ?? 0) }
        var out: [String: ArraySlice<UInt8>] = [:]
        for name in entry.artifacts.pngNames {
            guard let size = entry.pngSizes[name], offset >= 0, offset + size <= file.count else { return nil }
            out[name] = file[offset..<(offset + size)]
            offset += size
        }
        return out
    }

    /// `pngSlices` when every PNG matches its recorded SHA-256, else nil.
    package static func checkedPNGs(_ file: [UInt8], _ entry: Decoded) -> [String: ArraySlice<UInt8>]? {
        guard let slices = pngSlices(file, entry) else { return nil }
        for (name, bytes) in slices {
            guard let digest = entry.pngDigests[name], bytes.withUnsafeBytes({ SHA256.hex($0) }) == digest else { return nil }
        }
        return slices
    }

    /// An entry's head alone (`RenderCacheIndex`): the artifacts with `body` for their
    /// HTML and CSS; nil when malformed or when its counts do not add up to `fileSize`.
    /// Reads the same lines as `decode` and `CacheMeta.decode`, over the bytes: keys are
    /// compared in place and no table of fields is made (why: a rebuild reads one head
    /// per component, 5000 on a big site, and a string per key and a table per head were
    /// a twentieth of a one-spec rebuild). A count or size is plain decimal digits.
    package static func decodeHead(_ head: [UInt8], body: ComponentArtifacts.Body, fileSize: Int) -> Decoded? {
        decodeHead(head[...], body: body, fileSize: fileSize)
    }

    /// The same for a head that lies in a larger buffer (the cache index's, shared by its records).
    package static func decodeHead(_ head: ArraySlice<UInt8>, body: ComponentArtifacts.Body, fileSize: Int) -> Decoded? {
        guard head.count >= 2, head[head.endIndex - 1] == 0x0A, head[head.endIndex - 2] == 0x0A else { return nil }
        return head.withUnsafeBufferPointer { buffer -> Decoded? in
            var lines = HeadLines(buffer: buffer)
            var scope: String?, width: Int?, height: Int?, animated: String?, frames: [Double]?
            var htmlCount: Int?, cssCount: Int?
            var pngs: [String] = []
            var pngDigests: [String: String] = [:], pngSizes: [String: Int] = [:]
            pngs.reserveCapacity(8)
            pngDigests.reserveCapacity(8)
            pngSizes.reserveCapacity(8)
            while let line = lines.next() {
                guard let equals = line.key else { return nil }
                let value = UnsafeBufferPointer(rebasing: buffer[(equals + 1)..<line.end])
                switch HeadKey(buffer, line.start..<equals) {
                case .png: pngs.append(String(decoding: value, as: UTF8.self))
                case .pngSHA256:
                    // NAME DIGEST: one space, neither side empty.
                    guard let space = value.firstIndex(of: 0x20), space > 0, space + 1 < value.count,
                          !value[(space + 1)...].contains(0x20) else { return nil }
                    pngDigests[String(decoding: UnsafeBufferPointer(rebasing: value[..<space]), as: UTF8.self)] =
                        String(decoding: UnsafeBufferPointer(rebasing: value[(space + 1)...]), as: UTF8.self)
                case .pngBytes:
                    guard let space = value.firstIndex(of: 0x20), space > 0,
                          let count = Self.digits(UnsafeBufferPointer(rebasing: value[(space + 1)...])) else { return nil }
                    pngSizes[String(decoding: UnsafeBufferPointer(rebasing: value[..<space]), as: UTF8.self)] = count
                case .htmlBytes: htmlCount = Self.digits(value)
                case .cssBytes: cssCount = Self.digits(value)
                case .scope: scope = String(decoding: value, as: UTF8.self)
                case .width: width = Int(String(decoding: value, as: UTF8.self))
                case .height: height = Int(String(decoding: value, as: UTF8.self))
                case .animated: animated = String(decoding: value, as: UTF8.self)
                case .frames: frames = Self.frameTimes(value)
                case .other: continue
                }
            }
            guard let htmlCount, let cssCount, let scope, let width, let height, let animated, let frames,
                  pngs.allSatisfy({ pngDigests[$0] != nil && pngSizes[$0] != nil }), pngSizes.count == Self.distinctCount(pngs),
                  head.count + htmlCount + cssCount + pngs.reduce(0, { $0 + pngSizes[$1]! }) == fileSize else { return nil }
            let artifacts = ComponentArtifacts(scope: scope, body: body, width: width, height: height, pngNames: pngs,
                                               animated: animated == "true", frameTimes: frames)
            return Decoded(artifacts: artifacts, pngDigests: pngDigests, pngSizes: pngSizes)
        }
    }

    /// The numbers of a `frames=` value, read as `Double(_:)` reads each comma-separated
    /// piece, the pieces it does not read (and empty ones) dropped. Read in
    /// place (why: splitting into strings and parsing each was a fifth of decoding a head,
    /// 5000 on every rebuild of a big site).
    package static func frameTimes(_ bytes: UnsafeBufferPointer<UInt8>) -> [Double] {
        var times: [Double] = []
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x2C { end += 1 }
            let piece = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if !piece.isEmpty, let time = plainDecimal(piece) ?? Double(String(decoding: piece, as: UTF8.self)) {
                times.append(time)
            }
            start = end + 1
        }
        return times
    }

    /// `digits` or `digits.digits`, 15 digits at most, else nil. Exact: the digits as a
    /// whole number and the power of ten are both doubles exactly (below 2^53 and 10^22),
    /// and one division rounds correctly, as the decimal reader does.
    private static func plainDecimal(_ piece: UnsafeBufferPointer<UInt8>) -> Double? {
        var whole: UInt64 = 0, digits = 0, fraction = -1
        for byte in piece {
            if byte == 0x2E {
                guard fraction < 0, digits > 0 else { return nil }
                fraction = 0
                continue
            }
            // More than 15 digits go to `Double(_:)` (and 20 would overflow `whole`).
            guard byte >= 0x30, byte <= 0x39, digits < 15 else { return nil }
            whole = whole * 10 + UInt64(byte - 0x30)
            digits += 1
            if fraction >= 0 { fraction += 1 }
        }
        guard digits > 0, fraction != 0 else { return nil }
        return fraction < 0 ? Double(whole) : Double(whole) / powersOfTen[fraction]
    }

    private static let powersOfTen: [Double] = (0...15).map { power in (0..<power).reduce(1.0) { value, _ in value * 10 } }

    /// How many different names `names` holds (a head names a handful of PNGs: compared
    /// pairwise, not through a set made for each of a rebuild's 5000 heads).
    private static func distinctCount(_ names: [String]) -> Int {
        names.indices.filter { index in !names[..<index].contains(names[index]) }.count
    }

    /// A non-negative count written as decimal digits alone; nil for anything else.
    private static func digits(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// The non-empty lines of a head, each with where its first `=` is (nil: none).
    private struct HeadLines {
        let buffer: UnsafeBufferPointer<UInt8>
        var at = 0

        init(buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

        mutating func next() -> (start: Int, end: Int, key: Int?)? {
            while at < buffer.count {
                let start = at
                var equals: Int?
                while buffer[at] != 0x0A {  // the head ends with a newline
                    if equals == nil && buffer[at] == 0x3D { equals = at }
                    at += 1
                }
                let end = at
                at += 1
                if end > start { return (start, end, equals) }
            }
            return nil
        }
    }

    /// The keys a head's lines have (`CacheMeta` and the digest and count lines).
    private enum HeadKey {
        case png, pngSHA256, pngBytes, htmlBytes, cssBytes, scope, width, height, animated, frames, other

        /// By the key's length, then its bytes (why: a search of a table of names, compared
        /// byte by byte through a generic view, was a third of decoding the 5000 heads a
        /// rebuild of a big site reads).
        init(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
            let key = buffer.baseAddress! + range.lowerBound
            func named(_ name: StaticString) -> Bool {
                name.utf8CodeUnitCount == range.count && memcmp(name.utf8Start, key, range.count) == 0
            }
            switch range.count {
            case 3: self = named("png") ? .png : .other
            case 5: self = named("scope") ? .scope : named("width") ? .width : .other
            case 6: self = named("height") ? .height : named("frames") ? .frames : .other
            case 8: self = named("animated") ? .animated : .other
            case 9: self = named("png-bytes") ? .pngBytes : named("css-bytes") ? .cssBytes : .other
            case 10: self = named("png-sha256") ? .pngSHA256 : named("html-bytes") ? .htmlBytes : .other
            default: self = .other
            }
        }
    }

    /// `NAME COUNT` with a non-negative count.
    private static func namedCount(_ value: String) -> (String, Int)? {
        let parts = value.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, let count = Int(parts[1]), count >= 0 else { return nil }
        return (String(parts[0]), count)
    }

    /// nil when malformed, of an older format (without digests, or with the PNGs in files
    /// of their own), or when the HTML and CSS do not match their digest or the PNGs'
    /// sizes do not add up to the file's.
    package static func decode(_ bytes: [UInt8]) -> Decoded? {
        // The meta ends at the first empty line.
        var end = 0
        while end + 1 < bytes.count && !(bytes[end] == 0x0A && bytes[end + 1] == 0x0A) { end += 1 }
        guard end + 1 < bytes.count else { return nil }
        let meta = String(decoding: bytes[0...end], as: UTF8.self)
        var htmlCount = -1, cssCount = -1, bodyDigest = "", rest: [Substring] = []
        var pngDigests: [String: String] = [:]
        var pngSizes: [String: Int] = [:]
        for line in meta.split(separator: "\n") {
            if line.hasPrefix("html-bytes=") { htmlCount = Int(line.dropFirst(11)) ?? -1 }
            else if line.hasPrefix("css-bytes=") { cssCount = Int(line.dropFirst(10)) ?? -1 }
            else if line.hasPrefix("body-sha256=") { bodyDigest = String(line.dropFirst(12)) }
            else if line.hasPrefix("png-sha256=") {
                let parts = line.dropFirst(11).split(separator: " ")
                guard parts.count == 2 else { return nil }
                pngDigests[String(parts[0])] = String(parts[1])
            }
            else if line.hasPrefix("png-bytes=") {
                guard let (name, size) = namedCount(String(line.dropFirst(10))) else { return nil }
                pngSizes[name] = size
            }
            else { rest.append(line) }
        }
        let body = end + 2
        let pngBytes = pngSizes.values.reduce(0, +)
        guard htmlCount >= 0, cssCount >= 0, bytes.count == body + htmlCount + cssCount + pngBytes,
              SHA256.hex(Array(bytes[body..<(body + htmlCount + cssCount)])) == bodyDigest else { return nil }
        let html = String(decoding: bytes[body..<body + htmlCount], as: UTF8.self)
        let css = String(decoding: bytes[(body + htmlCount)..<(body + htmlCount + cssCount)], as: UTF8.self)
        guard let artifacts = CacheMeta.decode(rest.joined(separator: "\n"), html: html, css: css),
              artifacts.pngNames.allSatisfy({ pngDigests[$0] != nil && pngSizes[$0] != nil }),
              Set(pngSizes.keys) == Set(artifacts.pngNames) else { return nil }
        return Decoded(artifacts: artifacts, pngDigests: pngDigests, pngSizes: pngSizes)
    }
}

/// The meta lines of an entry: one `key=value` per line, fixed order.
package enum CacheMeta {
    package static func encode(_ artifacts: ComponentArtifacts) -> String {
        var lines = [
            "scope=\(artifacts.scope)",
            "width=\(artifacts.width)",
            "height=\(artifacts.height)",
            "animated=\(artifacts.animated)",
            "frames=\(artifacts.frameTimes.map { String($0) }.joined(separator: ","))",
        ]
        lines.append(contentsOf: artifacts.pngNames.map { "png=\($0)" })
        return lines.joined(separator: "\n") + "\n"
    }

    package static func decode(_ text: String, html: String, css: String) -> ComponentArtifacts? {
        var fields: [String: String] = [:]
        var pngs: [String] = []
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { return nil }
            let key = String(line[..<equals]), value = String(line[line.index(after: equals)...])
            if key == "png" { pngs.append(value) } else { fields[key] = value }
        }
        guard let scope = fields["scope"], let width = fields["width"].flatMap({ Int($0) }),
              let height = fields["height"].flatMap({ Int($0) }), let animated = fields["animated"],
              let frames = fields["frames"] else { return nil }
        let times = Array(frames.utf8).withUnsafeBufferPointer(CacheEntryFile.frameTimes)
        return ComponentArtifacts(scope: scope, html: html, css: css, width: width, height: height,
                                  pngNames: pngs, animated: animated == "true", frameTimes: times)
    }
}
