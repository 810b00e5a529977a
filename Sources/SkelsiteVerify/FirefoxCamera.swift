import SkelSite
import Foundation
import SkeletonCore

/// Firefox (firefox-esr) driven over Marionette, its built-in automation protocol on a
/// plain TCP socket (MarionetteFraming): one headless browser per device scale, each
/// with a fresh profile whose user.js pins the scale and everything else that moves
/// pixels. Marionette rather than WebDriver BiDi: no websocket, no geckodriver.
public final class FirefoxCamera: BrowserCamera {
    public let engine = BrowserEngine.firefox

    package struct Running {
        var process: ChildProcess
        package var client: MarionetteClient
        var profile: URL
        /// Window size minus viewport size (the browser's own toolbars, even headless).
        var chrome: (width: Int, height: Int)
        var viewport: (width: Int, height: Int)
        /// The sheet size the window was last sized for.
        var sizedFor: (width: Int, height: Int)?
        /// The book loaded (`SheetTurn.page`), whose sheets a fragment change shows.
        var page: String?
    }

    private var browsers: [Int: Running] = [:]
    /// Guards `browsers`: VerifyRun photographs each scale on its own thread.
    private let lock = NSLock()
    private let executable: String

    /// Checks that the program is there; browsers start when first needed.
    public init(executable: String = "firefox-esr") throws {
        guard let found = ExecutableLookup.find(executable) else {
            throw BrowserFailure.missing(executable, engine: .firefox)
        }
        self.executable = found
    }

    /// The user.js of a profile at `scale`: the scale as Firefox's own device pixel
    /// ratio (as a 2x screen has it, not emulated), motion on, no colour management
    /// (pixels in sRGB as the painter writes them), and nothing that runs on first
    /// start, updates, or reports.
    static func preferences(scale: Int, port: Int = 0) -> String {
        let prefs: [(String, String)] = [
            // 0: Firefox picks a free port and writes it to MarionetteActivePort in the profile.
            ("marionette.port", String(port)),
            ("layout.css.devPixelsPerPx", "\"\(scale).0\""),
            ("ui.prefersReducedMotion", "0"),
            ("gfx.color_management.mode", "0"),
            ("browser.shell.checkDefaultBrowser", "false"),
            ("browser.startup.homepage_override.mstone", "\"ignore\""),
            ("browser.startup.page", "0"),
            ("startup.homepage_welcome_url", "\"about:blank\""),
            ("browser.aboutwelcome.enabled", "false"),
            ("trailhead.firstrun.didSeeAboutWelcome", "true"),
            ("app.update.disabledForTesting", "true"),
            ("app.update.auto", "false"),
            ("extensions.update.enabled", "false"),
            ("datareporting.policy.dataSubmissionEnabled", "false"),
            ("datareporting.healthreport.uploadEnabled", "false"),
            ("toolkit.telemetry.enabled", "false"),
            ("toolkit.telemetry.reportingpolicy.firstRun", "false"),
            ("browser.newtabpage.enabled", "false"),
            ("browser.safebrowsing.malware.enabled", "false"),
            ("browser.safebrowsing.phishing.enabled", "false"),
            ("network.captive-portal-service.enabled", "false"),
            ("network.connectivity-service.enabled", "false"),
            ("browser.tabs.warnOnClose", "false"),
        ]
        return prefs.map { "user_pref(\"\($0.0)\", \($0.1));\n" }.joined()
    }

    package func browser(scale: Int) throws -> Running {
        try lock.withLock { try startedBrowser(scale: scale) }
    }

    private func startedBrowser(scale: Int) throws -> Running {
        if let running = browsers[scale] { return running }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("skelsite-firefox-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        do {
            try Data(Self.preferences(scale: scale).utf8).write(to: profile.appendingPathComponent("user.js"))
            let process = try ChildProcess(executable, arguments: ["--headless", "--marionette", "--no-remote",
                                                                   "-profile", profile.path, "about:blank"],
                                           environment: ["MOZ_HEADLESS": "1"])
            do {
                let port = try Self.waitForPort(profile: profile, process: process)
                let client = try MarionetteClient(port: port)
                try client.call("WebDriver:NewSession", ["capabilities": ["alwaysMatch": ["pageLoadStrategy": "normal"]]])
                let window = try client.call("WebDriver:GetWindowRect")
                let inner = try viewport(client)
                let chrome = ((window["width"] as? Int ?? inner.width) - inner.width,
                              (window["height"] as? Int ?? inner.height) - inner.height)
                let running = Running(process: process, client: client, profile: profile, chrome: chrome, viewport: inner)
                browsers[scale] = running
                return running
            } catch {
                process.stop()
                throw error
            }
        } catch {
            try? FileManager.default.removeItem(at: profile)
            throw BrowserFailure("cannot start headless Firefox ('\(executable)') at scale \(scale): \(error)")
        }
    }

    /// Marionette's port, from the file Firefox writes once it listens.
    private static func waitForPort(profile: URL, process: ChildProcess, timeout: Double = 60) throws -> Int {
        let file = profile.appendingPathComponent("MarionetteActivePort")
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let text = try? String(contentsOf: file, encoding: .utf8),
               let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), port > 0,
               LoopbackSocket.accepts(port: port) {
                return port
            }
            guard process.isRunning else { throw BrowserFailure("it exited while starting") }
            usleep(50_000)
        }
        throw BrowserFailure("Marionette did not start listening in \(Int(timeout)) s")
    }

    private func viewport(_ client: MarionetteClient) throws -> (width: Int, height: Int) {
        let answer = try client.call("WebDriver:ExecuteScript", ["script": "return [innerWidth, innerHeight]", "args": []])
        guard let values = answer["value"] as? [Any], values.count == 2,
              let width = values[0] as? Int, let height = values[1] as? Int else {
            throw BrowserFailure("Firefox did not tell its viewport size")
        }
        return (width, height)
    }

    public func twin() throws -> BrowserCamera { try FirefoxCamera(executable: executable) }

    public func shutdown() {
        lock.withLock {
            for (_, running) in browsers {
                _ = try? running.client.call("Marionette:Quit", ["flags": ["eForceQuit"]], timeout: 5)
                running.client.close()
                running.process.stop()
                try? FileManager.default.removeItem(at: running.profile)
            }
            browsers = [:]
        }
    }

    deinit { shutdown() }

    public func screenshot(of file: URL, width: Int, height: Int, scale: Int) throws -> RGBAImage {
        var running = try browser(scale: scale)
        // Resized only when the sheet does not fit (sheets are mostly one size); a
        // headless window has a minimum width, so the viewport may be wider than asked.
        // Sized to each sheet: a larger viewport would be rasterised, encoded and decoded for nothing.
        if running.sizedFor.map({ $0 != (width, height) }) ?? true {
            try running.client.call("WebDriver:SetWindowRect", ["width": width + running.chrome.width,
                                                                 "height": height + running.chrome.height])
            running.viewport = try viewport(running.client)
            running.sizedFor = (width, height)
            lock.withLock { browsers[scale] = running }
        }
        let client = running.client, before = running.page
        let answer = try SheetTurn.show(file, loaded: &running.page,
                                        run: { try client.call("WebDriver:ExecuteScript", ["script": $0, "args": []])["value"] },
                                        load: { try client.call("WebDriver:Navigate", ["url": $0]) })
        if running.page != before { lock.withLock { browsers[scale] = running } }
        try ViewportCheck.check(answer, engine: engine, width: width, height: height, scale: scale)
        let shot = try running.client.call("WebDriver:TakeScreenshot", ["full": false, "hash": false, "scroll": false])
        guard let base64 = shot["value"] as? String, let data = Data(base64Encoded: base64) else {
            throw BrowserFailure("Firefox returned no screenshot")
        }
        return try Screenshot.image([UInt8](data), engine: engine, width: width, height: height, scale: scale)
    }
}
