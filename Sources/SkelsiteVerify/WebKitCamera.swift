import SkelSite
import Foundation
import SkeletonCore
import Platform

/// WebKitGTK driven over W3C WebDriver (WebKitWebDriver, package webkit2gtk-driver):
/// the browser is the MiniBrowser WebKitGTK ships, started with `--automation` on a
/// private virtual display (Xvfb). One driver and browser per device scale.
///
/// What determinism needed (measured; site/guides/verify-css-vs-png.md, "Engines"):
/// `WEBKIT_SKIA_ENABLE_CPU_RENDERING=1` (on the GPU path circle edges moved by up to
/// 10 levels between runs); 2x is `GDK_SCALE=2`, a real 2x screen to GTK, so WebKit
/// snaps to device pixels (CSS zoom would snap to CSS pixels). Element screenshots come
/// back the wrong size, so the viewport is photographed and cropped.
public final class WebKitCamera: BrowserCamera {
    public let engine = BrowserEngine.webkit

    package struct Running {
        var driver: ChildProcess
        package var client: WebDriverClient
        package var session: String
        var chrome: (width: Int, height: Int)
        var viewport: (width: Int, height: Int)
        /// The sheet size the window was last sized for.
        var sizedFor: (width: Int, height: Int)?
        /// The book loaded (`SheetTurn.page`), whose sheets a fragment change shows.
        var page: String?
    }

    private var browsers: [Int: Running] = [:]
    private var display: (process: ChildProcess, name: String)?
    /// Guards `browsers` and `display`: VerifyRun photographs each scale on its own
    /// thread (both scales' browsers share one virtual display).
    private let lock = NSLock()
    private let driver: String
    private let miniBrowser: String
    private let xvfb: String

    /// Checks that the driver, MiniBrowser and Xvfb are there; they start when first needed.
    public init(driver: String = "WebKitWebDriver", miniBrowser: String? = nil, xvfb: String = "Xvfb") throws {
        guard let foundDriver = ExecutableLookup.find(driver) else { throw BrowserFailure.missing(driver, engine: .webkit) }
        guard let foundBrowser = miniBrowser.map({ ExecutableLookup.find($0) }) ?? ExecutableLookup.miniBrowser() else {
            throw BrowserFailure.missing(miniBrowser ?? "MiniBrowser", engine: .webkit, package: "libwebkit2gtk-4.1-0")
        }
        guard let foundXvfb = ExecutableLookup.find(xvfb) else {
            throw BrowserFailure.missing(xvfb, engine: .webkit, package: "xvfb")
        }
        self.driver = foundDriver
        self.miniBrowser = foundBrowser
        self.xvfb = foundXvfb
    }

    /// A virtual screen for every scale's browser: Xvfb picks a free display number
    /// itself and writes it to a pipe (`-displayfd`), so parallel runs cannot collide.
    private func virtualDisplay() throws -> String {
        if let display { return display.name }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw BrowserFailure("cannot create a pipe for Xvfb") }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        let process: ChildProcess
        do {
            process = try ChildProcess(xvfb, arguments: ["-displayfd", String(ends[1]), "-screen", "0", "4096x4096x24",
                                                         "-nolisten", "tcp", "-nolisten", "unix", "-noreset"],
                                       inherit: ends[1])
        } catch {
            close(ends[0])
            close(ends[1])
            throw error
        }
        close(ends[1])
        defer { close(ends[0]) }
        var text = ""
        let deadline = Date().addingTimeInterval(30)
        while !text.hasSuffix("\n") {
            guard Date() < deadline, process.isRunning else {
                process.stop()
                throw BrowserFailure("Xvfb did not start")
            }
            var poller = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            var byte: UInt8 = 0
            if read(ends[0], &byte, 1) == 1 { text.append(Character(UnicodeScalar(byte))) }
        }
        let name = ":" + text.trimmingCharacters(in: .whitespacesAndNewlines)
        display = (process, name)
        return name
    }

    package func browser(scale: Int) throws -> Running {
        try lock.withLock { try startedBrowser(scale: scale) }
    }

    private func startedBrowser(scale: Int) throws -> Running {
        if let running = browsers[scale] { return running }
        do {
            let display = try virtualDisplay()
            let port = try LoopbackSocket.freePort()
            let driver = try ChildProcess(self.driver, arguments: ["--port=\(port)"], environment: [
                "DISPLAY": display, "WAYLAND_DISPLAY": nil,
                "GDK_BACKEND": "x11", "GDK_SCALE": String(scale), "GDK_DPI_SCALE": "1",
                "WEBKIT_SKIA_ENABLE_CPU_RENDERING": "1",
            ])
            do {
                let deadline = Date().addingTimeInterval(30)
                while !LoopbackSocket.accepts(port: port) {
                    guard Date() < deadline, driver.isRunning else { throw BrowserFailure("WebKitWebDriver did not start") }
                    usleep(20_000)
                }
                let client = WebDriverClient(port: port)
                let capabilities: [String: Any] = ["alwaysMatch": [
                    "webkitgtk:browserOptions": ["binary": miniBrowser, "args": ["--automation"]],
                    "pageLoadStrategy": "normal",
                ]]
                let created = try client.call("POST", "/session", ["capabilities": capabilities])
                guard let session = (created as? [String: Any])?["sessionId"] as? String else {
                    throw BrowserFailure("WebKitWebDriver created no session")
                }
                let window = try client.call("GET", "/session/\(session)/window/rect") as? [String: Any] ?? [:]
                let inner = try viewport(client, session: session)
                let chrome = ((window["width"] as? Int ?? inner.width) - inner.width,
                              (window["height"] as? Int ?? inner.height) - inner.height)
                let running = Running(driver: driver, client: client, session: session, chrome: chrome, viewport: inner)
                browsers[scale] = running
                return running
            } catch {
                driver.stop()
                throw error
            }
        } catch {
            throw BrowserFailure("cannot start WebKit ('\(driver)', '\(miniBrowser)') at scale \(scale): \(error)")
        }
    }

    private func viewport(_ client: WebDriverClient, session: String) throws -> (width: Int, height: Int) {
        let answer = try client.call("POST", "/session/\(session)/execute/sync",
                                     ["script": "return [innerWidth, innerHeight]", "args": []])
        guard let values = answer as? [Any], values.count == 2, let width = values[0] as? Int, let height = values[1] as? Int
        else { throw BrowserFailure("WebKit did not tell its viewport size") }
        return (width, height)
    }

    /// Its own driver, browsers and virtual display.
    public func twin() throws -> BrowserCamera {
        try WebKitCamera(driver: driver, miniBrowser: miniBrowser, xvfb: xvfb)
    }

    public func shutdown() {
        lock.withLock {
            for (_, running) in browsers {
                _ = try? running.client.call("DELETE", "/session/\(running.session)", timeout: 5)
                running.driver.stop()
            }
            browsers = [:]
            display?.process.stop()
            display = nil
        }
    }

    deinit { shutdown() }

    public func screenshot(of file: URL, width: Int, height: Int, scale: Int) throws -> RGBAImage {
        try Screenshot.image(screenshotPNG(of: file, width: width, height: height, scale: scale),
                             engine: engine, width: width, height: height, scale: scale)
    }

    /// The browser's PNG of its viewport, as it sent it.
    func screenshotPNG(of file: URL, width: Int, height: Int, scale: Int) throws -> [UInt8] {
        var running = try browser(scale: scale)
        let path = "/session/" + running.session
        // Only ever enlarged: resizing the window costs WebKit more than the blank
        // viewport below a smaller sheet does (sheets come tallest first).
        if running.sizedFor.map({ width > $0.width || height > $0.height }) ?? true {
            let size = (width: max(width, running.sizedFor?.width ?? 0), height: max(height, running.sizedFor?.height ?? 0))
            try running.client.call("POST", path + "/window/rect", ["width": size.width + running.chrome.width,
                                                                    "height": size.height + running.chrome.height])
            running.viewport = try viewport(running.client, session: running.session)
            running.sizedFor = size
            lock.withLock { browsers[scale] = running }
        }
        let client = running.client, before = running.page
        let answer = try SheetTurn.show(file, loaded: &running.page,
                                        run: { try client.call("POST", path + "/execute/sync", ["script": $0, "args": []]) },
                                        load: { try client.call("POST", path + "/url", ["url": $0]) })
        if running.page != before { lock.withLock { browsers[scale] = running } }
        try ViewportCheck.check(answer, engine: engine, width: width, height: height, scale: scale)
        guard let base64 = try running.client.call("GET", path + "/screenshot") as? String,
              let data = Data(base64Encoded: base64) else {
            throw BrowserFailure("WebKit returned no screenshot")
        }
        return [UInt8](data)
    }
}
