import Foundation

/// Writes go to a staging folder beside the output; the finished site replaces the
/// old one in three renames-and-deletes, so a failed build never touches the output.
enum OutputSwap {
    /// Marks a folder as ours: only a folder with this file (or an empty one) is ever
    /// replaced (why: `--output ~/Documents` by mistake must not delete anything).
    static let markerName = ".skelsite-output"
    static let markerText = "This folder is written by `skelsite build` and replaced on every build.\n"

    static func makeStaging(for output: URL) throws(SiteBuildError) -> URL {
        let parent = output.deletingLastPathComponent()
        let staging = parent.appendingPathComponent(".\(output.lastPathComponent).staging-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try? FileManager.default.removeItem(at: staging)
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
            try Data(markerText.utf8).write(to: staging.appendingPathComponent(markerName))
        } catch {
            throw .io("cannot create \(staging.path): \(error.localizedDescription)")
        }
        return staging
    }

    static func swap(staging: URL, into output: URL) throws(SiteBuildError) {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        let exists = fileManager.fileExists(atPath: output.path, isDirectory: &isDirectory)
        var aside: URL?
        if exists {
            guard isDirectory.boolValue else { throw .io("output \(output.path) exists and is not a folder") }
            let contents = (try? fileManager.contentsOfDirectory(atPath: output.path)) ?? []
            guard contents.isEmpty || contents.contains(markerName) else {
                throw .io("refusing to replace \(output.path): it is not empty and was not written by skelsite (no \(markerName))")
            }
            let old = output.deletingLastPathComponent()
                .appendingPathComponent(".\(output.lastPathComponent).old-\(ProcessInfo.processInfo.processIdentifier)")
            try? fileManager.removeItem(at: old)
            do {
                try fileManager.moveItem(at: output, to: old)
            } catch {
                throw .io("cannot move the old output aside: \(error.localizedDescription)")
            }
            aside = old
        }
        do {
            try fileManager.moveItem(at: staging, to: output)
        } catch {
            // Put the old output back so the failure leaves things as they were.
            if let aside { try? fileManager.moveItem(at: aside, to: output) }
            throw .io("cannot move the new output into place: \(error.localizedDescription)")
        }
        if let aside { removeInParallel(aside) }
    }

    /// Deletes a folder, its top-level entries in parallel (why: a site holds tens of
    /// thousands of PNGs, and unlinking them is the slow part of a swap).
    static func removeInParallel(_ folder: URL) {
        var entries: [URL] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            let url = folder.appendingPathComponent(name)
            if name == "png", let ids = try? FileManager.default.contentsOfDirectory(atPath: url.path) {
                entries += ids.map { url.appendingPathComponent($0) }
            } else {
                entries.append(url)
            }
        }
        _ = Parallel.map(entries) { url in (try? FileManager.default.removeItem(at: url)) != nil }
        try? FileManager.default.removeItem(at: folder)
    }
}
