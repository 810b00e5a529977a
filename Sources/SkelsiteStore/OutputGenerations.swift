import Foundation
import Platform

/// Where a site is published (site/reference/output-folder.md): the output folder is the
/// live generation, and `.NAME.skelsite/work` beside it holds the other one. A build
/// brings the work generation up to date (`GenerationWriter`) and then trades places
/// with the output in one atomic exchange (`renameat2` with `RENAME_EXCHANGE`), so:
///
/// - a reader who opens the output always finds a whole site, old or new; a build
///   killed at any point leaves the old one (the crash test kills a rebuild at every
///   file-system change and checks this);
/// - a failed build never touches the live generation, and the next build repairs the
///   work one (it trusts only files that share the live site's inode and stamp);
/// - a rebuild writes, links and removes only what changed since the work generation
///   was live (two builds' worth), and deletes no old site: the old one becomes the
///   next build's work generation;
/// - the output stays a real folder, so every tool (`find`, `tar`, `cp -r`, `rsync`)
///   reads it as before.
///
/// `.NAME.skelsite/INODE.files` records what the generation whose folder has that inode
/// holds (`GenerationFiles`; why the inode: it moves with the folder in the exchange, and
/// the site's own files stay byte-identical to a clean build's). A record that names the
/// wrong folder (an inode reused) is harmless: every file is checked against its stamp. An output that is a user's link to a folder
/// is followed: the site is published into that folder and the link is kept. Builds
/// into the same output take turns (a lock file in the store).
package final class OutputGenerations: Sendable {
    /// The folder that holds the live site: `--output`, or the folder a link there names.
    package let output: URL
    /// `.NAME.skelsite` beside `output`.
    package let store: URL
    /// The live generation's manifest, when the output holds one.
    package let liveManifest: OutputManifest?
    /// Whether the output exists (a folder, possibly empty).
    package let outputExists: Bool
    private let lockDescriptor: Int32

    package static let workName = "work"
    package static let lockName = "lock"

    /// The folder the live site is in, when there is one.
    package var liveFolder: URL? { outputExists ? output : nil }

    /// The generation this build writes.
    package var workFolder: URL { store.appendingPathComponent(Self.workName) }

    private func recordURL(_ generation: UInt64) -> URL { store.appendingPathComponent("\(generation).files") }

    /// The inode of a real folder, which names its record.
    package static func identity(of folder: URL) -> UInt64? {
        var info = stat()
        guard lstat(folder.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        return UInt64(info.st_ino)
    }

    /// What the live generation holds, when its record is readable.
    package func liveFiles() -> GenerationFiles? {
        guard outputExists, let generation = Self.identity(of: output) else { return nil }
        return BuildMemory.generationFiles.value(at: recordURL(generation).path, decode: GenerationFiles.decode)
    }

    /// Finds the output, takes the store's lock (waiting for another build into the same
    /// output to finish) and sees what is live.
    package static func open(for requested: URL) throws(SiteBuildError) -> OutputGenerations {
        let output = try resolve(requested)
        // Checked before anything is made, and again under the lock.
        _ = try checkOutput(output, requested: requested)
        let store = storeURL(for: output)
        var info = stat()
        if lstat(store.path, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR {
            throw .io("\(store.path) exists and is not a folder; remove it (it only holds the output's other generation)")
        }
        do {
            try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
        } catch {
            throw .io("cannot create \(store.path): \(FileErrorText.describe(error, path: store.path))")
        }
        let lockPath = store.appendingPathComponent(lockName).path
        let descriptor = Platform.open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw .io("cannot open \(lockPath): \(FilePaths.errnoText(errno))") }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let code = errno
                close(descriptor)
                throw .io("cannot lock \(lockPath): \(FilePaths.errnoText(code))")
            }
        }
        let exists: Bool
        do throws(SiteBuildError) { exists = try checkOutput(output, requested: requested) } catch {
            close(descriptor)
            throw error
        }
        return OutputGenerations(output: output, store: store, outputExists: exists, lockDescriptor: descriptor)
    }

    private init(output: URL, store: URL, outputExists: Bool, lockDescriptor: Int32) {
        self.output = output
        self.store = store
        self.outputExists = outputExists
        liveManifest = outputExists ? OutputManifest.read(from: output) : nil
        self.lockDescriptor = lockDescriptor
    }

    deinit { close(lockDescriptor) }

    package static func storeURL(for output: URL) -> URL {
        output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).skelsite")
    }

    /// Follows the user's links to the folder that holds the site.
    package static func resolve(_ requested: URL) throws(SiteBuildError) -> URL {
        let path = requested.standardizedFileURL
        var info = stat()
        guard lstat(path.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return path }
        guard let real = FilePaths.realPath(path) else {
            throw .io("output \(requested.path) is a symbolic link to a missing folder; create the folder or remove the link")
        }
        return URL(fileURLWithPath: real)
    }

    /// Whether the output exists; throws when it is not ours to replace.
    private static func checkOutput(_ output: URL, requested: URL) throws(SiteBuildError) -> Bool {
        var info = stat()
        guard lstat(output.path, &info) == 0 else { return false }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw .io("output \(requested.path) exists and is not a folder") }
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
        guard contents.isEmpty || contents.contains(OutputSwap.markerName) else {
            throw .io("refusing to replace \(requested.path): it is not empty and was not written by skelsite (no \(OutputSwap.markerName))")
        }
        return true
    }

    /// Removes what a killed build left in the store (records of generations that are
    /// gone, temporary files), and makes the work generation a real folder.
    package func prepareWork() throws(SiteBuildError) -> URL {
        OutputSwap.removeDebris(of: output)
        var keep: Set<String> = [Self.workName, Self.lockName]
        if outputExists, let generation = Self.identity(of: output) { keep.insert("\(generation).files") }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: store.path)) ?? [] where !keep.contains(name) {
            CrashPoint.mutation()
            OutputSwap.removeInParallel(store.appendingPathComponent(name))
        }
        let work = workFolder
        var info = stat()
        if lstat(work.path, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR {
            CrashPoint.mutation()
            unlink(work.path)
        }
        if lstat(work.path, &info) != 0 {
            CrashPoint.mutation()
            guard mkdir(work.path, 0o755) == 0 else { throw .io("cannot create \(work.path): \(FilePaths.errnoText(errno))") }
        }
        return work
    }

    /// Records what the work generation holds and writes its marker, then trades places
    /// with the output in one exchange; the old site is left in the work folder for the
    /// next build. The first publish into an output has no old site to leave: it makes
    /// the work generation from links to the files it published (`prefillWork`), and
    /// returns that folder's identity.
    /// `encoded`: `files.encoded()`, when the caller made it already.
    @discardableResult
    package func publish(_ files: GenerationFiles, encoded: [UInt8]? = nil, manifest: OutputManifest, useExchange: Bool = true)
        throws(SiteBuildError) -> UInt64? {
        var prefilled: UInt64?
        let work = workFolder
        guard let generation = Self.identity(of: work) else { throw .io("\(work.path) vanished during the build") }
        let pid = ProcessInfo.processInfo.processIdentifier
        try write(encoded ?? files.encoded(), to: recordURL(generation), through: store.appendingPathComponent(".\(generation).files.tmp-\(pid)"))
        BuildMemory.generationFiles.remember(files, at: recordURL(generation).path)
        let markerPath = work.appendingPathComponent(OutputSwap.markerName)
        CrashPoint.mutation()
        unlink(markerPath.path)
        do {
            CrashPoint.mutation()
            try PlainFileWriter.write(manifest.markerText(), to: markerPath.path)
        } catch {
            throw .io("cannot write \(markerPath.path): \(FilePaths.errnoText(error.code))")
        }
        if !outputExists {
            CrashPoint.mutation()
            guard rename(work.path, output.path) == 0 else {
                throw .io("cannot move the new output into place at \(output.path): \(FilePaths.errnoText(errno))")
            }
            prefilled = prefillWork(files)
        } else if OutputSwap.isMountPoint(output.path) {
            // A mount point cannot be moved: its contents are replaced (site/reference/output-folder.md).
            try publishInPlace(work)
        } else if useExchange, let exchanged = Self.exchange(work.path, output.path), exchanged == 0 {
            // Done: the work folder now holds the old site.
        } else {
            // Without an exchange: aside, then in. A kill between the two leaves no
            // output; the old site stays in the store and the next build starts afresh.
            let aside = store.appendingPathComponent(".old-\(pid)")
            CrashPoint.mutation()
            if rename(output.path, aside.path) == 0 {
                CrashPoint.mutation()
                guard rename(work.path, output.path) == 0 else {
                    let code = errno
                    _ = rename(aside.path, output.path)
                    throw .io("cannot move the new output into place at \(output.path): \(FilePaths.errnoText(code))")
                }
                CrashPoint.mutation()
                _ = rename(aside.path, work.path)
            } else if errno == EBUSY {
                // A bind mount of a folder of the same file system: busy as any mount point.
                try publishInPlace(work)
            } else {
                throw .io("cannot move the old output aside: \(FilePaths.errnoText(errno))")
            }
        }
        // Records of generations no longer live (kept only when the exchange is done).
        for name in (try? FileManager.default.contentsOfDirectory(atPath: store.path)) ?? []
        where name.hasSuffix(".files") && name != "\(generation).files" {
            CrashPoint.mutation()
            unlink(store.appendingPathComponent(name).path)
        }
        return prefilled
    }

    /// Makes the work generation after the first publish into an output: a hard link to
    /// each file just published, in the same folders (site/reference/output-folder.md,
    /// "The first edit"). Why: without it the next build, usually one edit, linked every
    /// file of the site into an empty work folder, and the first edit after a cold build
    /// cost a few times what later ones do. The links share the live files' inodes and
    /// stamps, so the next build keeps them as it keeps any file both generations share.
    /// A kill part way leaves a partial work folder, which the next build repairs as it
    /// repairs any (the live site is already whole). Returns the folder's identity, nil
    /// when it could not be made (the next build then links what it needs).
    private func prefillWork(_ files: GenerationFiles) -> UInt64? {
        let work = workFolder.path, live = output.path
        CrashPoint.mutation()
        guard mkdir(work, 0o755) == 0 else { return nil }
        let paths = files.records.keys.sorted()
        var folders = Set<Substring>()
        for path in paths {
            var end = path.lastIndex(of: "/")
            while let slash = end, folders.insert(path[..<slash]).inserted {
                end = path[..<slash].lastIndex(of: "/")
            }
        }
        // Shorter first: a parent before its children.
        for folder in folders.sorted(by: { $0.count < $1.count || ($0.count == $1.count && $0 < $1) }) {
            CrashPoint.mutation()
            guard mkdir(work + "/" + folder, 0o755) == 0 else { return nil }
        }
        let linked = Parallel.chunks(paths) { path -> Bool in
            CrashPoint.mutation()
            return link(live + "/" + path, work + "/" + path) == 0
        }
        guard linked.allSatisfy({ $0 }) else { return nil }
        return Self.identity(of: workFolder)
    }

    private func publishInPlace(_ work: URL) throws(SiteBuildError) {
        if let problem = OutputSwap.replaceContents(of: output.path, with: work.path) {
            throw .io("cannot replace the contents of \(output.path) (a mount point): \(problem)")
        }
    }

    private static func exchange(_ a: String, _ b: String) -> Int32? {
        CrashPoint.mutation()
        return OutputSwap.exchange(a, b)
    }

    private func write(_ bytes: [UInt8], to final: URL, through temporary: URL) throws(SiteBuildError) {
        do {
            CrashPoint.mutation()
            try PlainFileWriter.write(bytes, to: temporary.path)
        } catch {
            throw .io("cannot write \(temporary.path): \(FilePaths.errnoText(error.code))")
        }
        CrashPoint.mutation()
        guard rename(temporary.path, final.path) == 0 else {
            throw .io("cannot write \(final.path): \(FilePaths.errnoText(errno))")
        }
    }
}
