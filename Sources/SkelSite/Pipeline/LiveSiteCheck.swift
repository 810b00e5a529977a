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
        let hasReport = scan.entries[kept[1]]?.kind == .file
        for (path, record) in records {
            if hasReport && path.hasPrefix(report) {
                if kept.contains(path) && scan.entries[path]?.kind != .file { return false }
                continue
            }
            guard let entry = scan.entries[path], entry.kind == .file, entry.stamp == record.stamp else { return false }
        }
        for (path, entry) in scan.entries where entry.kind != .folder && path != OutputSwap.markerName {
            if hasReport && path.hasPrefix(report) { continue }
            if records[path] == nil { return false }
        }
        return true
    }
}
