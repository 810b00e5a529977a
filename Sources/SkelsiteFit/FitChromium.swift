import Foundation
import SkelSite
import SkelsiteVerify

/// Headless Chromium over the DevTools pipe (the driver `verify` uses): one tab, its
/// viewport as wide as the widest container and `FitMeasure.viewportHeight` tall, the
/// colour scheme emulated per theme so the content's own `prefers-color-scheme` rules apply.
public final class FitChromium: FitBrowser {
    public let engine = BrowserEngine.chromium
    private let pipe: DevToolsPipe
    private let session: String

    public struct Missing: Error, CustomStringConvertible {
        public var description: String
    }

    /// Starts `executable` (default: `chromium` on PATH); a missing program throws `Missing`.
    public init(executable: String = "chromium") throws {
        guard Self.find(executable) else {
            throw Missing(description: "cannot start headless Chromium ('\(executable)'): no such program"
                          + " (install it: apt-get install chromium)")
        }
        do {
            pipe = try DevToolsPipe(executable: executable)
            let target = try pipe.call("Target.createTarget", ["url": "about:blank"])
            guard let targetID = target["targetId"] as? String else {
                throw FitFailure(description: "the browser opened no tab")
            }
            let attached = try pipe.call("Target.attachToTarget", ["targetId": targetID, "flatten": true])
            guard let session = attached["sessionId"] as? String else {
                throw FitFailure(description: "cannot attach to the browser's tab")
            }
            self.session = session
            try pipe.call("Page.enable", session: session)
        } catch let error as Missing {
            throw error
        } catch {
            throw FitFailure(description: "cannot start headless Chromium ('\(executable)'): \(error)")
        }
    }

    /// A path is checked as is; a bare name is looked for on PATH.
    static func find(_ name: String) -> Bool {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: String($0) + "/" + name) }
    }

    public func shutdown() { pipe.shutdown() }

    /// The raw measures of `cases`, all of one theme, in order.
    public func measure(_ cases: [FitCase]) throws -> [[String: Any]] {
        guard let first = cases.first else { return [] }
        let widest = cases.map(\.containerWidth).max() ?? 0
        try pipe.call("Emulation.setDeviceMetricsOverride",
                      ["width": Int(widest.rounded(.up)), "height": Int(FitMeasure.viewportHeight), "deviceScaleFactor": 1,
                       "mobile": false], session: session)
        try pipe.call("Emulation.setEmulatedMedia",
                      ["features": [["name": "prefers-color-scheme", "value": first.theme == .dark ? "dark" : "light"],
                                    ["name": "prefers-reduced-motion", "value": "no-preference"]]], session: session)
        var out: [[String: Any]] = []
        // A few cases per call, so no single call waits long on a slow browser.
        var start = 0
        while start < cases.count {
            let batch = Array(cases[start..<min(start + 16, cases.count)])
            let answer = try pipe.call("Runtime.evaluate", ["expression": FitPage.expression(batch), "awaitPromise": true,
                                                            "returnByValue": true], session: session, timeout: 120)
            if let details = answer["exceptionDetails"] as? [String: Any] {
                let text = ((details["exception"] as? [String: Any])?["description"] as? String) ?? (details["text"] as? String) ?? "?"
                throw FitFailure(description: "the measuring script failed in Chromium: \(text)")
            }
            guard let values = (answer["result"] as? [String: Any])?["value"] as? [[String: Any]], values.count == batch.count else {
                throw FitFailure(description: "Chromium answered the measuring script with \(answer)")
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
