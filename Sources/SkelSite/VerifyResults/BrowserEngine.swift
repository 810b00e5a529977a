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
