import Foundation

/// Photographs local HTML files in one headless Chromium tab.
public final class BrowserCamera {
    private let browser: DevToolsPipe
    private let session: String

    /// Starts the browser (default: `chromium` on PATH) and opens one tab.
    public init(executable: String = "chromium") throws {
        browser = try DevToolsPipe(executable: executable)
        let target = try browser.call("Target.createTarget", ["url": "about:blank"])
        guard let targetID = target["targetId"] as? String else {
            throw DevToolsPipe.Failure(description: "the browser opened no tab")
        }
        let attached = try browser.call("Target.attachToTarget", ["targetId": targetID, "flatten": true])
        guard let session = attached["sessionId"] as? String else {
            throw DevToolsPipe.Failure(description: "cannot attach to the browser's tab")
        }
        self.session = session
        try browser.call("Page.enable", session: session)
    }

    public func shutdown() {
        browser.shutdown()
    }

    /// A PNG of `file` in a `width` × `height` CSS-pixel viewport at `scale` device
    /// pixels per CSS pixel: exactly (width·scale) × (height·scale) pixels.
    public func screenshot(of file: URL, width: Int, height: Int, scale: Int) throws -> [UInt8] {
        try browser.call("Emulation.setDeviceMetricsOverride",
                         ["width": width, "height": height, "deviceScaleFactor": scale, "mobile": false],
                         session: session)
        browser.discardEvents()
        let navigation = try browser.call("Page.navigate", ["url": file.absoluteString], session: session)
        if let error = navigation["errorText"] as? String, !error.isEmpty {
            throw DevToolsPipe.Failure(description: "cannot open \(file.path): \(error)")
        }
        try browser.waitForEvent("Page.loadEventFired", session: session)
        let shot = try browser.call("Page.captureScreenshot",
                                    ["format": "png", "captureBeyondViewport": false, "fromSurface": true,
                                     // Lossless either way; only the PNG compression effort drops.
                                     "optimizeForSpeed": true],
                                    session: session, timeout: 60)
        guard let base64 = shot["data"] as? String, let data = Data(base64Encoded: base64) else {
            throw DevToolsPipe.Failure(description: "the browser returned no screenshot")
        }
        return [UInt8](data)
    }
}
