import Foundation

/// One tab of a headless Chromium over the DevTools pipe, attached in flat mode: what
/// `fit` and `capture` drive their page scripts in (verify's camera has its own, as it
/// also shoots screenshots). A missing program is `Missing` before anything starts, so
/// the commands report it as a usage error (site/reference/command-line.md).
public final class ChromiumTab {
    private let pipe: DevToolsPipe
    private let session: String

    public struct Missing: Error, CustomStringConvertible {
        public var description: String
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Starts `executable` (a path, or a name looked for on PATH) with one blank tab.
    public init(executable: String = "chromium") throws {
        guard ExecutableLookup.find(executable) != nil else {
            throw Missing(description: "cannot start headless Chromium ('\(executable)'): no such program"
                          + " (install it: apt-get install chromium)")
        }
        func failure(_ reason: String) -> Failure {
            Failure(description: "cannot start headless Chromium ('\(executable)'): \(reason)")
        }
        do {
            pipe = try DevToolsPipe(executable: executable)
        } catch {
            throw failure("\(error)")
        }
        do {
            let target = try pipe.call("Target.createTarget", ["url": "about:blank"])
            guard let targetID = target["targetId"] as? String else { throw failure("the browser opened no tab") }
            let attached = try pipe.call("Target.attachToTarget", ["targetId": targetID, "flatten": true])
            guard let session = attached["sessionId"] as? String else { throw failure("cannot attach to the browser's tab") }
            self.session = session
            try pipe.call("Page.enable", session: session)
        } catch {
            pipe.shutdown()
            throw error as? Failure ?? failure("\(error)")
        }
    }

    /// A DevTools command to the tab.
    @discardableResult
    public func call(_ method: String, _ params: [String: Any] = [:], timeout: Double = 30) throws -> [String: Any] {
        try pipe.call(method, params, session: session, timeout: timeout)
    }

    /// The value `expression` (a promise is awaited) evaluates to, returned by value; a
    /// script that throws is a `Failure` naming `what` and the browser's message.
    public func evaluate(_ expression: String, what: String, timeout: Double) throws -> Any? {
        let answer = try call("Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true],
                              timeout: timeout)
        if let details = answer["exceptionDetails"] as? [String: Any] {
            let text = ((details["exception"] as? [String: Any])?["description"] as? String) ?? (details["text"] as? String) ?? "?"
            throw Failure(description: "the \(what) script failed in Chromium: \(text)")
        }
        return (answer["result"] as? [String: Any])?["value"]
    }

    public func shutdown() { pipe.shutdown() }
}
