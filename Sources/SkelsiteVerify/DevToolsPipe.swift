import SkelSite
import Foundation
import Platform

/// A headless Chromium driven over the DevTools protocol on a pipe
/// (`--remote-debugging-pipe`: the browser reads commands on fd 3 and writes replies
/// and events on fd 4, each message JSON terminated by a NUL byte). One browser serves
/// every screenshot of a run: launching Chromium costs far more than a frame.
///
/// Single-threaded and blocking: `call` writes a command, then reads messages until its
/// reply arrives, queueing events for `waitForEvent`. Every read has a deadline, so a
/// stuck browser is an error, never a hang.
public final class DevToolsPipe {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    private let pid: pid_t
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private var buffer: [UInt8] = []
    /// How much of `buffer` is known to hold no NUL (screenshots arrive in many chunks).
    private var scanned = 0
    private var events: [[String: Any]] = []
    private var nextID = 1
    private let profile: URL
    private var closed = false

    /// Launches `executable` headless with a throwaway profile.
    public init(executable: String, extraArguments: [String] = []) throws {
        profile = FileManager.default.temporaryDirectory
            .appendingPathComponent("skelsite-chromium-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        var toPipe: [Int32] = [0, 0]
        var fromPipe: [Int32] = [0, 0]
        guard pipe(&toPipe) == 0, pipe(&fromPipe) == 0 else {
            throw Failure(description: "cannot create pipes to the browser")
        }
        // Our ends must not leak into the browser (it would never see end-of-file).
        for fd in [toPipe[1], fromPipe[0]] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        // Move the child's ends above fd 4, so dup2 into 3 and 4 cannot clobber one another.
        let childRead = fcntl(toPipe[0], F_DUPFD_CLOEXEC, 10)
        let childWrite = fcntl(fromPipe[1], F_DUPFD_CLOEXEC, 10)
        close(toPipe[0])
        close(fromPipe[1])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, childRead, 3)
        posix_spawn_file_actions_adddup2(&actions, childWrite, 4)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [executable] + Self.flags(profile: profile.path) + extraArguments + ["about:blank"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawnp(&child, executable, &actions, nil, argv, environ)
        close(childRead)
        close(childWrite)
        guard status == 0 else {
            close(toPipe[1])
            close(fromPipe[0])
            try? FileManager.default.removeItem(at: profile)
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        pid = child
        toBrowser = toPipe[1]
        fromBrowser = fromPipe[0]
        // A browser that died must not kill us with SIGPIPE on the next write.
        signal(SIGPIPE, SIG_IGN)
    }

    /// Flags for reproducible pixels: sRGB output (no colour management by a display
    /// profile), no GPU (software raster is the same on every machine), no LCD text,
    /// no scrollbars, nothing running in the background.
    static func flags(profile: String) -> [String] {
        var flags = ["--headless", "--remote-debugging-pipe", "--user-data-dir=" + profile,
                     "--force-color-profile=srgb", "--disable-gpu", "--hide-scrollbars", "--disable-lcd-text",
                     "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--mute-audio",
                     "--disable-background-networking", "--disable-sync", "--disable-component-update",
                     "--allow-file-access-from-files",
                     // Every shimmer shape has a composited layer; a sheet of many components
                     // exceeded the default tile memory, and tiles past it stayed blank
                     // (the same ones every run).
                     "--force-gpu-mem-available-mb=2048"]
        // Chromium refuses to run as root with its sandbox; the pages are our own files.
        if geteuid() == 0 { flags.append("--no-sandbox") }
        return flags
    }

    deinit { shutdown() }

    /// Stops the browser (politely, then by force) and removes its profile.
    public func shutdown() {
        guard !closed else { return }
        closed = true
        _ = try? send(["id": nextID, "method": "Browser.close"])
        close(toBrowser)
        var status: Int32 = 0
        var waited = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if waited >= 50 {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            usleep(100_000)
            waited += 1
        }
        close(fromBrowser)
        try? FileManager.default.removeItem(at: profile)
    }

    /// Sends a command and returns its `result`. A protocol error becomes a Failure.
    @discardableResult
    public func call(_ method: String, _ params: [String: Any] = [:], session: String? = nil,
                     timeout: Double = 30) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        try send(message)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let reply = try receive(until: deadline, waitingFor: method)
            if let replyID = reply["id"] as? Int, replyID == id {
                if let error = reply["error"] as? [String: Any] {
                    throw Failure(description: "\(method) failed: \(error["message"] ?? error)")
                }
                return reply["result"] as? [String: Any] ?? [:]
            }
            if reply["method"] != nil { events.append(reply) }
        }
    }

    /// Waits for an event named `method` (from `session`), consuming it and every
    /// event queued before it.
    @discardableResult
    public func waitForEvent(_ method: String, session: String? = nil, timeout: Double = 30) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            while !events.isEmpty {
                let event = events.removeFirst()
                if event["method"] as? String == method,
                   session == nil || event["sessionId"] as? String == session {
                    return event
                }
            }
            let message = try receive(until: deadline, waitingFor: method)
            if message["method"] != nil { events.append(message) }
        }
    }

    /// Drops queued events (e.g. before navigating again).
    public func discardEvents() {
        events.removeAll()
    }

    private func send(_ message: [String: Any]) throws {
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(toBrowser, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "the browser closed its command pipe")
            }
            offset += written
        }
    }

    private func receive(until deadline: Date, waitingFor what: String) throws -> [String: Any] {
        while true {
            if let end = buffer[scanned...].firstIndex(of: 0) {
                let data = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                scanned = 0
                guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                    throw Failure(description: "unreadable DevTools message")
                }
                return object
            }
            let remaining = deadline.timeIntervalSinceNow
            scanned = buffer.count
            guard remaining > 0 else { throw Failure(description: "the browser did not answer \(what) in time") }
            var poller = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining, 5) * 1000))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { read(fromBrowser, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw Failure(description: "the browser exited while waiting for \(what)") }
            buffer.append(contentsOf: chunk[..<count])
        }
    }
}
