import Foundation
import SkelSite
import SkelsiteVerify

/// Headless Chromium over the DevTools pipe (the driver `verify` uses): one tab, its
/// viewport as wide as the widest container and `FitMeasure.viewportHeight` tall, the
/// colour scheme emulated per theme so the content's own `prefers-color-scheme` rules apply.
public final class FitChromium: FitBrowser {
    public let engine = BrowserEngine.chromium
    private let tab: ChromiumTab

    /// Starts `executable` (default: `chromium` on PATH); a missing program throws
    /// `ChromiumTab.Missing`.
    public init(executable: String = "chromium") throws {
        tab = try ChromiumTab(executable: executable)
    }

    public func shutdown() { tab.shutdown() }

    /// The raw measures of `cases`, all of one theme, in order.
    public func measure(_ cases: [FitCase]) throws -> [[String: Any]] {
        guard let first = cases.first else { return [] }
        let widest = cases.map(\.containerWidth).max() ?? 0
        try tab.call("Emulation.setDeviceMetricsOverride",
                      ["width": Int(widest.rounded(.up)), "height": Int(FitMeasure.viewportHeight), "deviceScaleFactor": 1,
                       "mobile": false])
        try tab.call("Emulation.setEmulatedMedia",
                      ["features": [["name": "prefers-color-scheme", "value": first.theme == .dark ? "dark" : "light"],
                                    ["name": "prefers-reduced-motion", "value": "no-preference"]]])
        var out: [[String: Any]] = []
        // A few cases per call, so no single call waits long on a slow browser.
        var start = 0
        while start < cases.count {
            let batch = Array(cases[start..<min(start + 16, cases.count)])
            let value = try tab.evaluate(FitPage.expression(batch), what: "measuring", timeout: 120)
            guard let values = value as? [[String: Any]], values.count == batch.count else {
                throw FitFailure(description: "Chromium answered the measuring script with \(String(describing: value))")
            }
            out += values
            start += batch.count
        }
        return out
    }
}

public struct FitFailure: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
}
