import Foundation

/// A browser engine `skelsite verify` can photograph components in
/// (site/guides/verify-css-vs-png.md, "Engines").
public enum BrowserEngine: String, CaseIterable, Sendable, Comparable {
    case chromium, firefox, webkit

    /// How reports and errors name it.
    public var displayName: String {
        switch self {
        case .chromium: return "Chromium"
        case .firefox: return "Firefox"
        case .webkit: return "WebKit"
        }
    }

    /// The Debian package that provides it (named when it is missing).
    public var package: String {
        switch self {
        case .chromium: return "chromium"
        case .firefox: return "firefox-esr"
        case .webkit: return "webkit2gtk-driver"
        }
    }

    /// Results are listed in this order: chromium, firefox, webkit.
    public static func < (a: BrowserEngine, b: BrowserEngine) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// Parses `--browser` values: each a name or `all`, or a comma list of them.
    /// Duplicates are dropped; the result is in the canonical order. Nil when a name
    /// is unknown or nothing is named.
    public static func parseList(_ values: [String]) -> [BrowserEngine]? {
        var engines: Set<BrowserEngine> = []
        for value in values {
            for part in value.split(separator: ",", omittingEmptySubsequences: false) {
                let name = part.trimmingCharacters(in: .whitespaces).lowercased()
                if name == "all" {
                    engines.formUnion(allCases)
                } else if let engine = BrowserEngine(rawValue: name) {
                    engines.insert(engine)
                } else {
                    return nil
                }
            }
        }
        return engines.isEmpty ? nil : engines.sorted()
    }
}

/// Where each engine's programs are. Defaults are the Debian packages' names.
public struct BrowserExecutables: Sendable, Equatable {
    public var chromium = "chromium"
    public var firefox = "firefox-esr"
    public var webkitDriver = "WebKitWebDriver"
    /// WebKitGTK's MiniBrowser; nil: found where the library package installs it.
    public var miniBrowser: String?
    public var xvfb = "Xvfb"
    public init() {}
}

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
