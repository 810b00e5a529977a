import SkelSite
import Foundation
import SkeletonCore

/// Chromium driven over the DevTools protocol on a pipe (DevToolsPipe): one headless
/// browser per device scale, each with one tab.
public final class ChromiumCamera: BrowserCamera {
    public let engine = BrowserEngine.chromium
    /// One browser per device scale, started when first needed.
    ///
    /// Why not one browser and `Emulation.setDeviceMetricsOverride`'s
    /// `deviceScaleFactor`: emulated, Chromium snaps box edges to whole CSS pixels and
    /// then scales the picture, so a shape at y = 23.5 points starts at device pixel 48
    /// at 2x; a browser started with `--force-device-scale-factor=2` snaps to device
    /// pixels and draws it at 47, as a real 2x screen does and as the painter does.
    private var browsers: [Int: (pipe: DevToolsPipe, session: String)] = [:]
    /// The page (without its fragment) each scale's tab shows, and the viewport it was sized to.
    private var shown: [Int: (page: String, width: Int, height: Int)] = [:]
    /// Guards `browsers` and `shown`: VerifyRun photographs each scale on its own thread.
    private let lock = NSLock()
    private let executable: String

    /// Checks that the browser starts (default: `chromium` on PATH) with one tab at 1x.
    public init(executable: String = "chromium") throws {
        guard ExecutableLookup.find(executable) != nil else { throw BrowserFailure.missing(executable, engine: .chromium) }
        self.executable = executable
        do {
            _ = try browser(scale: 1)
        } catch {
            throw BrowserFailure("cannot start headless Chromium ('\(executable)'): \(error)")
        }
    }

    private func browser(scale: Int) throws -> (pipe: DevToolsPipe, session: String) {
        try lock.withLock { try startedBrowser(scale: scale) }
    }

    private func startedBrowser(scale: Int) throws -> (pipe: DevToolsPipe, session: String) {
        if let running = browsers[scale] { return running }
        let pipe = try DevToolsPipe(executable: executable, extraArguments: ["--force-device-scale-factor=\(scale)"])
        let target = try pipe.call("Target.createTarget", ["url": "about:blank"])
        guard let targetID = target["targetId"] as? String else {
            throw DevToolsPipe.Failure(description: "the browser opened no tab")
        }
        let attached = try pipe.call("Target.attachToTarget", ["targetId": targetID, "flatten": true])
        guard let session = attached["sessionId"] as? String else {
            throw DevToolsPipe.Failure(description: "cannot attach to the browser's tab")
        }
        try pipe.call("Page.enable", session: session)
        browsers[scale] = (pipe, session)
        return (pipe, session)
    }

    public func twin() throws -> BrowserCamera { try ChromiumCamera(executable: executable) }

    public func shutdown() {
        lock.withLock {
            for (_, running) in browsers { running.pipe.shutdown() }
            browsers = [:]
        }
    }

    public func screenshot(of file: URL, width: Int, height: Int, scale: Int) throws -> RGBAImage {
        let (browser, session) = try self.browser(scale: scale)
        let page = SheetTurn.page(of: file)
        let before = lock.withLock { shown[scale] }
        let loadStarted = Date()
        defer { VerifyTimings.shared.add("chromium load", Date().timeIntervalSince(loadStarted)) }
        // Another sheet of the book already shown: only its fragment changes.
        let sameDocument = before?.page == page && file.fragment != nil
        if !sameDocument || before?.width != width || before?.height != height {
            // deviceScaleFactor 0: keep the browser's own (forced) scale; only size the viewport.
            try browser.call("Emulation.setDeviceMetricsOverride",
                             ["width": width, "height": height, "deviceScaleFactor": 0, "mobile": false],
                             session: session)
        }
        if sameDocument, let fragment = file.fragment {
            // `:target` shows that sheet; wait for a frame, without loading the page again.
            let expression = "location.hash = " + JSONText.string("#" + fragment)
                + "; new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"
            _ = try browser.call("Runtime.evaluate", ["expression": expression, "awaitPromise": true], session: session)
        } else {
            browser.discardEvents()
            let navigation = try browser.call("Page.navigate", ["url": file.absoluteString], session: session)
            if let error = navigation["errorText"] as? String, !error.isEmpty {
                throw DevToolsPipe.Failure(description: "cannot open \(file.path): \(error)")
            }
            try browser.waitForEvent("Page.loadEventFired", session: session)
        }
        lock.withLock { shown[scale] = (page, width, height) }
        let answer = try browser.call("Runtime.evaluate", ["expression": ViewportCheck.expression, "returnByValue": true],
                                      session: session)
        try ViewportCheck.check((answer["result"] as? [String: Any])?["value"], engine: engine, width: width,
                                height: height, scale: scale)
        let shot = try VerifyTimings.shared.measure("chromium capture") { try browser.call("Page.captureScreenshot",
                                    ["format": "png", "captureBeyondViewport": false, "fromSurface": true,
                                     // Lossless either way; only the PNG compression effort drops.
                                     "optimizeForSpeed": true],
                                    session: session, timeout: 60) }
        guard let base64 = shot["data"] as? String, let data = Data(base64Encoded: base64) else {
            throw DevToolsPipe.Failure(description: "the browser returned no screenshot")
        }
        return try Screenshot.image([UInt8](data), engine: engine, width: width, height: height, scale: scale)
    }
}
