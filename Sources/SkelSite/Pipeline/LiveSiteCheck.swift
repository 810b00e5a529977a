import SkelsiteStore

extension GenerationFiles {
    /// Whether `scan` (of the live generation) still holds exactly these files as the
    /// build left them: no file missing, changed, replaced or added, besides the marker.
    ///
    /// A `diff/` folder holding `DiffReportFolder.marker` is the build's placeholder or the
    /// report `skelsite diff` put in its place: only that its `index.html` and marker are
    /// there counts, so a report does not make the next build rebuild (the PNGs it
    /// describes are unchanged), while a missing page does.
    func matches(_ scan: FolderScan) -> Bool {
        let report = DiffReportFolder.siteFolderName + "/"
        let kept = [report + "index.html", report + DiffReportFolder.marker]
        let hasReport = scan.entry(kept[1])?.kind == .file
        var recorded = 0
        for (path, record) in records where path != OutputSwap.markerName {
            if hasReport && path.hasPrefix(report) {
                if kept.contains(path) && scan.entry(path)?.kind != .file { return false }
                continue
            }
            guard let entry = scan.entry(path), entry.kind == .file, entry.stamp == record.stamp else { return false }
            recorded += 1
        }
        // Every recorded file was found; so nothing was added exactly when the scan holds
        // as many (why count, not look each up: a second lookup per file of a big site).
        var listed = 0
        scan.forEachFolder { prefix, folder in
            if hasReport && prefix.hasPrefix(report) { return }
            for (name, entry) in zip(folder.names, folder.entries) where entry.kind != .folder {
                if prefix.isEmpty && name == OutputSwap.markerName { continue }
                listed += 1
            }
        }
        return listed == recorded
    }
}
