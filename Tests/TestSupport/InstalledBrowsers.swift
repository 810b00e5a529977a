import Foundation

/// The browsers the browser tests drive, where Debian installs them. A test that needs
/// one is enabled only when it is there, and scripts/lib/test_report.py fails a run
/// with any skipped test, so CI (which installs them all) skips nothing.
public enum InstalledBrowsers {
    public static let chromium = ["/usr/bin/chromium", "/usr/local/bin/chromium"]
        .contains { FileManager.default.isExecutableFile(atPath: $0) }
}
