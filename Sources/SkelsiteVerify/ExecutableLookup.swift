import SkelSite
import Foundation

/// Finds programs the way a shell does, so a missing one is reported before anything starts.
enum ExecutableLookup {
    /// The full path of `name` (a path is checked as is, a bare name searched on PATH).
    static func find(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if name.contains("/") {
            return FileManager.default.isExecutableFile(atPath: name) ? name : nil
        }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// WebKitGTK's MiniBrowser, which the library package (libwebkit2gtk-4.1-0 or
    /// -4.0-37, 6.0) installs in its private folder under /usr/lib/<triplet>/.
    static func miniBrowser(libraryRoots: [String] = ["/usr/lib", "/usr/libexec", "/usr/local/lib"]) -> String? {
        let manager = FileManager.default
        for root in libraryRoots {
            var folders = [root]
            if let entries = try? manager.contentsOfDirectory(atPath: root) {
                folders += entries.sorted().map { root + "/" + $0 }
            }
            for folder in folders {
                for flavour in ["webkit2gtk-4.1", "webkitgtk-6.0", "webkit2gtk-4.0"] {
                    let candidate = folder + "/" + flavour + "/MiniBrowser"
                    if manager.isExecutableFile(atPath: candidate) { return candidate }
                }
            }
        }
        return nil
    }
}
