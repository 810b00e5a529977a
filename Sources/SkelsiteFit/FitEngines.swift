import Foundation
import SkelSite
import SkeletonCore
import SkelsiteVerify

/// A browser `fit` measures in (site/guides/fit-the-content.md, "Engines"): it runs
/// FitPage's script on cases of one theme and gives the raw measures, in order.
public protocol FitBrowser: AnyObject {
    var engine: BrowserEngine { get }
    func measure(_ cases: [FitCase]) throws -> [[String: Any]]
    func shutdown()
}

/// Starts the browser of an engine with the programs `verify` would use.
public enum FitBrowsers {
    /// A missing program throws before anything starts, with verify's words
    /// (`cannot start headless Firefox ('firefox-esr'): no such program (install it: …)`).
    public static func make(_ engine: BrowserEngine, executables: BrowserExecutables = BrowserExecutables()) throws
        -> FitBrowser {
        switch engine {
        case .chromium: return try FitChromium(executable: executables.chromium)
        case .firefox: return try FitFirefox(executable: executables.firefox)
        case .webkit:
            return try FitWebKit(driver: executables.webkitDriver, miniBrowser: executables.miniBrowser, xvfb: executables.xvfb)
        }
    }

    /// The script runs for a whole batch of cases; WebDriver's default script timeout
    /// (30 s) is meant for one page's scripts.
    static let scriptTimeout = 300.0

    /// Runs `cases` through a WebDriver-style `evaluate` (a script body whose promise
    /// the driver awaits), a batch at a time, so no single call waits long.
    static func run(_ cases: [FitCase], engine: BrowserEngine, evaluate: (String) throws -> Any?) throws -> [[String: Any]] {
        var out: [[String: Any]] = []
        var start = 0
        while start < cases.count {
            let batch = Array(cases[start..<min(start + 16, cases.count)])
            let answer: Any?
            do {
                answer = try evaluate("return " + FitPage.expression(batch, emulatesScheme: false))
            } catch {
                throw FitFailure(description: "the measuring script failed in \(engine.displayName): \(error)")
            }
            guard let values = answer as? [[String: Any]], values.count == batch.count else {
                throw FitFailure(description: "\(engine.displayName) answered the measuring script with \(String(describing: answer))")
            }
            out += values
            start += batch.count
        }
        return out
    }
}

/// Firefox over Marionette, started as `verify` starts it (FirefoxCamera: a fresh
/// profile, devicePixelRatio 1). It cannot be told a colour scheme per page, so the
/// script rewrites the content's `prefers-color-scheme` media rules to the theme
/// under test (FitPage.script). It has no `layout-shift` entries.
public final class FitFirefox: FitBrowser {
    public let engine = BrowserEngine.firefox
    private let camera: FirefoxCamera
    private var timeoutsSet = false

    public init(executable: String = "firefox-esr") throws {
        camera = try FirefoxCamera(executable: executable)
    }

    public func measure(_ cases: [FitCase]) throws -> [[String: Any]] {
        let client: MarionetteClient
        do {
            client = try camera.browser(scale: 1).client
            if !timeoutsSet {
                try client.call("WebDriver:SetTimeouts", ["script": Int(FitBrowsers.scriptTimeout * 1000)])
                timeoutsSet = true
            }
        } catch {
            throw FitFailure(description: "\(error)")
        }
        return try FitBrowsers.run(cases, engine: engine) { script in
            try client.call("WebDriver:ExecuteScript", ["script": script, "args": []],
                            timeout: FitBrowsers.scriptTimeout + 10)["value"]
        }
    }

    public func shutdown() { camera.shutdown() }
}

/// WebKitGTK over WebKitWebDriver on a private virtual display, started as `verify`
/// starts it (WebKitCamera). Like Firefox, no colour scheme per page and no
/// `layout-shift` entries.
public final class FitWebKit: FitBrowser {
    public let engine = BrowserEngine.webkit
    private let camera: WebKitCamera
    private var timeoutsSet = false

    public init(driver: String = "WebKitWebDriver", miniBrowser: String? = nil, xvfb: String = "Xvfb") throws {
        camera = try WebKitCamera(driver: driver, miniBrowser: miniBrowser, xvfb: xvfb)
    }

    public func measure(_ cases: [FitCase]) throws -> [[String: Any]] {
        let client: WebDriverClient
        let path: String
        do {
            let running = try camera.browser(scale: 1)
            client = running.client
            path = "/session/" + running.session
            if !timeoutsSet {
                try client.call("POST", path + "/timeouts", ["script": Int(FitBrowsers.scriptTimeout * 1000)])
                timeoutsSet = true
            }
        } catch {
            throw FitFailure(description: "\(error)")
        }
        return try FitBrowsers.run(cases, engine: engine) { script in
            try client.call("POST", path + "/execute/sync", ["script": script, "args": []],
                            timeout: FitBrowsers.scriptTimeout + 10)
        }
    }

    public func shutdown() { camera.shutdown() }
}
