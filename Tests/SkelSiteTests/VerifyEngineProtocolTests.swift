import Foundation
import SkeletonCore
import Testing
@testable import SkelSite
@testable import SkelsiteVerify

/// The wire formats verify speaks to Firefox (Marionette) and WebKit (WebDriver over
/// HTTP), and the pure parts of choosing engines and packing sheets.
@Suite struct VerifyEngineProtocolTests {
    @Test func marionetteCommandIsLengthColonJSON() throws {
        let bytes = try MarionetteFraming.command(id: 7, name: "WebDriver:Navigate", parameters: ["url": "file:///a"])
        let text = String(decoding: bytes, as: UTF8.self)
        let json = String(text.drop { $0 != ":" }.dropFirst())
        #expect(text.hasPrefix("\(json.utf8.count):"))
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any])
        #expect(decoded.count == 4)
        #expect(decoded[0] as? Int == 0 && decoded[1] as? Int == 7 && decoded[2] as? String == "WebDriver:Navigate")
        #expect((decoded[3] as? [String: String]) == ["url": "file:///a"])
    }

    @Test func marionetteMessagesAreTakenWholeFromChunks() throws {
        // A greeting and a reply, arriving split in awkward places.
        let greeting = "{\"applicationType\":\"gecko\",\"marionetteProtocol\":3}"
        let reply = "[1,2,null,{\"a\":1}]"
        let stream = Array("\(greeting.utf8.count):\(greeting)\(reply.utf8.count):\(reply)".utf8)
        var buffer: [UInt8] = []
        var messages: [Any] = []
        var fed = 0
        for cut in [1, 2, 40, 53, 60, stream.count] {
            buffer += stream[fed..<cut]
            fed = cut
            while let message = try MarionetteFraming.next(from: &buffer) { messages.append(message) }
        }
        #expect(buffer.isEmpty)
        #expect(messages.count == 2)
        #expect((messages[0] as? [String: Any])?["marionetteProtocol"] as? Int == 3)
        #expect(try MarionetteFraming.reply(messages[1], id: 2)?["a"] as? Int == 1)
        // Another id is not this command's reply.
        #expect(try MarionetteFraming.reply(messages[1], id: 3) == nil)
    }

    @Test func marionetteErrorsAndBadFramesAreErrors() throws {
        let reply: [Any] = [1, 4, ["error": "no such window", "message": "closed"], NSNull()]
        #expect(throws: MarionetteFraming.ProtocolError.self) { try MarionetteFraming.reply(reply, id: 4) }
        do {
            _ = try MarionetteFraming.reply(reply, id: 4)
        } catch {
            #expect("\(error)" == "no such window: closed")
        }
        var garbage = Array("HTTP/1.1 200 OK\r\n".utf8)
        #expect(throws: MarionetteFraming.ProtocolError.self) { try MarionetteFraming.next(from: &garbage) }
        var incomplete = Array("12:[1,".utf8)
        #expect(try MarionetteFraming.next(from: &incomplete) == nil)
    }

    @Test func webDriverRequestIsHTTP11WithJSONBody() throws {
        let bytes = try WebDriverHTTP.request(method: "POST", path: "/session/s1/url", port: 4444, body: ["url": "about:blank"])
        #expect(String(decoding: bytes, as: UTF8.self) == "POST /session/s1/url HTTP/1.1\r\nHost: 127.0.0.1:4444\r\n"
                + "Connection: close\r\nAccept: application/json\r\nContent-Type: application/json; charset=utf-8\r\n"
                + "Content-Length: 21\r\n\r\n{\"url\":\"about:blank\"}")
        let get = try WebDriverHTTP.request(method: "GET", path: "/status", port: 1, body: nil)
        #expect(String(decoding: get, as: UTF8.self)
                == "GET /status HTTP/1.1\r\nHost: 127.0.0.1:1\r\nConnection: close\r\nAccept: application/json\r\n\r\n")
    }

    @Test func webDriverResponsesWithLengthOrChunks() throws {
        let whole = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 14\r\n\r\n{\"value\":null}".utf8)
        // Incomplete until the last byte is there.
        #expect(try WebDriverHTTP.response(Array(whole.dropLast()), complete: false) == nil)
        let reply = try #require(try WebDriverHTTP.response(whole, complete: false))
        #expect(reply.status == 200 && String(decoding: reply.body, as: UTF8.self) == "{\"value\":null}")
        let chunked = Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"val\r\n9;x=1\r\nue\":[1,2]\r\n1\r\n}\r\n0\r\n\r\n".utf8)
        #expect(try WebDriverHTTP.response(Array(chunked.prefix(60)), complete: false) == nil)
        let body = try #require(try WebDriverHTTP.response(chunked, complete: false)).body
        #expect(String(decoding: body, as: UTF8.self) == "{\"value\":[1,2]}")
        #expect(try WebDriverHTTP.value(status: 200, body: body) as? [Int] == [1, 2])
        // Cut short and closed: an error, not a hang.
        #expect(throws: WebDriverHTTP.ProtocolError.self) {
            try WebDriverHTTP.response(Array(whole.dropLast()), complete: true)
        }
    }

    @Test func webDriverErrorsCarryTheirMessage() throws {
        let body = Array("{\"value\":{\"error\":\"invalid session id\",\"message\":\"gone\",\"stacktrace\":\"\"}}".utf8)
        do {
            _ = try WebDriverHTTP.value(status: 404, body: body)
            Issue.record("an error reply was taken as a value")
        } catch {
            #expect("\(error)" == "invalid session id: gone")
        }
        #expect(throws: WebDriverHTTP.ProtocolError.self) { try WebDriverHTTP.value(status: 200, body: Array("<html>".utf8)) }
    }

    @Test func engineListsParse() {
        #expect(BrowserEngine.parseList(["all"]) == [.chromium, .firefox, .webkit])
        #expect(BrowserEngine.parseList(["webkit,chromium", "webkit"]) == [.chromium, .webkit])
        #expect(BrowserEngine.parseList(["Firefox"]) == [.firefox])
        #expect(BrowserEngine.parseList(["safari"]) == nil)
        #expect(BrowserEngine.parseList(["chromium,"]) == nil)
        #expect(BrowserEngine.parseList([]) == nil)
    }

    /// `verify.browsers`: engines, or (the old meaning) a Chromium executable.
    @Test func projectFileBrowsersAreEnginesOrAChromiumExecutable() {
        let engines = VerifyBrowserChoice.fromProjectFile(["webkit", "firefox"])
        #expect(engines.engines == [.firefox, .webkit])
        #expect(engines.executables.chromium == "chromium")
        let old = VerifyBrowserChoice.fromProjectFile(["/opt/chrome/chrome", "google-chrome"])
        #expect(old.engines == [.chromium])
        #expect(old.executables.chromium == "/opt/chrome/chrome")
        #expect(VerifyBrowserChoice.fromProjectFile(["all"]).engines == BrowserEngine.allCases)
    }

    @Test func viewportCheckNamesWhatIsWrong() throws {
        try ViewportCheck.check([800, 600, 2, false] as [Any], engine: .webkit, width: 800, height: 600, scale: 2)
        func message(_ answer: Any?) -> String {
            do {
                try ViewportCheck.check(answer, engine: .firefox, width: 800, height: 600, scale: 2)
                return ""
            } catch {
                return "\(error)"
            }
        }
        #expect(message([800, 600, 1, false] as [Any]) == "Firefox runs at devicePixelRatio 1, not 2")
        #expect(message([800, 599, 2, false] as [Any])
                == "Firefox's viewport is 800×599 CSS pixels, smaller than the 800×600 asked for")
        #expect(message([800, 600, 2, true] as [Any]) == "Firefox prefers reduced motion, so its components would not animate")
        #expect(message(nil) == "Firefox answered the viewport check with nil")
    }

    @Test func firefoxProfilePinsScaleMotionAndColour() {
        let prefs = FirefoxCamera.preferences(scale: 2)
        for line in ["user_pref(\"layout.css.devPixelsPerPx\", \"2.0\");", "user_pref(\"ui.prefersReducedMotion\", 0);",
                     "user_pref(\"gfx.color_management.mode\", 0);", "user_pref(\"marionette.port\", 0);",
                     "user_pref(\"app.update.disabledForTesting\", true);",
                     "user_pref(\"toolkit.telemetry.enabled\", false);"] {
            #expect(prefs.contains(line + "\n"), "\(line)")
        }
    }

    /// Frames on shelves, tallest first, a new sheet when no open one has room.
    @Test func sheetsPackFramesInRows() {
        let sizes = [VerifySheets.Size(width: 300, height: 100), VerifySheets.Size(width: 200, height: 400)]
        let times: [[Double]] = [[0, 0.25, 0.5, 0.75], [0, 0, 0, 0]]
        let sheets = VerifySheets.pack(sizes: sizes, times: times, scale: 1, maxWidth: 1000, maxHeight: 960)
        // Spec 1 (400 tall) first: five 200-wide cells per 1000-wide shelf; spec 0's cells
        // follow on the shelf that has room, then on shelves below, until 960 is passed.
        #expect(sheets.count == 2)
        #expect(sheets[0].cells.prefix(8).map(\.spec) == Array(repeating: 1, count: 8))
        #expect(sheets[0].cells[4].x == 800 && sheets[0].cells[5].x == 0 && sheets[0].cells[5].y == 400)
        #expect(sheets[0].cells[8].spec == 0 && sheets[0].cells[8].x == 600 && sheets[0].cells[8].y == 400)
        #expect(sheets[0].cells[8].theme == .light && sheets[0].cells[8].time == 0)
        #expect(sheets[0].cells[9].x == 0 && sheets[0].cells[9].y == 800)
        #expect(sheets[0].cells.count == 12 && sheets[0].width == 1000 && sheets[0].height == 900)
        #expect(sheets[1].cells.map(\.x) == [0, 300, 600, 0] && sheets[1].cells.map(\.y) == [0, 0, 0, 100])
        #expect(sheets[1].cells.map(\.theme) == [.dark, .dark, .dark, .dark])
        #expect(sheets[1].width == 900 && sheets[1].height == 200)
        // Frames are numbered spec by spec (then theme, then time), none tiled.
        #expect(sheets.flatMap(\.cells).map(\.frame) == Array(8..<16) + Array(0..<8))
        #expect(sheets.flatMap(\.cells).allSatisfy { !$0.isTiled && $0.completesFrame })
        // At 2x the same frames take twice the device pixels: half the CSS side.
        let twice = VerifySheets.pack(sizes: sizes, times: times, scale: 2, maxWidth: 1000, maxHeight: 1000)
        #expect(twice.allSatisfy { $0.width <= 500 && $0.height <= 500 })
        #expect(twice.map(\.cells.count).reduce(0, +) == 16)
    }

    /// WebKitGTK's short band starts 1000 *device* pixels from the page origin, across
    /// and down: its sheets are at most 960 device pixels a side; other engines' are wider.
    @Test func sheetSidesAreBoundedInDevicePixels() {
        #expect(VerifySheets.limits(for: .webkit) == (960, 960))
        #expect(VerifySheets.limits(for: .chromium) == (2048, 2048) && VerifySheets.limits(for: .firefox) == (2048, 2048))
        let sizes = [VerifySheets.Size(width: 400, height: 300)]
        let times: [[Double]] = [[0, 0, 0, 0]]
        let once = VerifySheets.pack(sizes: sizes, times: times, scale: 1, maxWidth: 960, maxHeight: 960)
        #expect(once.map(\.height) == [900, 300] && once.map(\.width) == [800, 800])
        // At 2x two 300-point frames (1200 device pixels) never stand one above the other.
        let twice = VerifySheets.pack(sizes: sizes, times: times, scale: 2, maxWidth: 960, maxHeight: 960)
        #expect(twice.count == 8 && twice.allSatisfy { $0.width == 400 && $0.height == 300 })
    }
}
