import SkelSite
import Foundation
import Platform

/// A helper program verify starts (a browser, its driver, a virtual display), in its
/// own process group so that stopping it also stops the processes it started.
final class ChildProcess {
    let pid: pid_t
    private var stopped = false

    /// Starts `executable` with `arguments`, its output discarded, `environment` added to
    /// ours (a nil value removes a variable). `inherit` names a descriptor the child
    /// keeps at the same number (e.g. Xvfb's `-displayfd`).
    init(_ executable: String, arguments: [String], environment: [String: String?] = [:], inherit: Int32? = nil) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        if let inherit {
            // Clears close-on-exec for the child only (dup2 onto itself does that).
            posix_spawn_file_actions_adddup2(&actions, inherit, inherit)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        let environmentLines = merged.keys.sorted().map { $0 + "=" + merged[$0]! }
        var envp: [UnsafeMutablePointer<CChar>?] = environmentLines.map { strdup($0) }
        envp.append(nil)
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv + envp { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawnp(&child, executable, &actions, &attributes, argv, envp)
        guard status == 0 else {
            throw BrowserFailure("cannot start \(executable): \(String(cString: strerror(status)))")
        }
        pid = child
        // A helper that died must not kill us with SIGPIPE on the next write.
        signal(SIGPIPE, SIG_IGN)
    }

    /// Whether it is still running (reaps it when it has exited).
    var isRunning: Bool {
        guard !stopped else { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            stopped = true
            return false
        }
        return true
    }

    /// SIGTERM to its process group, then SIGKILL after `grace` seconds.
    func stop(grace: Double = 3) {
        guard isRunning else { return }
        stopped = true
        kill(-pid, SIGTERM)
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(grace)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() >= deadline {
                kill(-pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            usleep(20_000)
        }
        // Whatever it started and left behind in its group.
        kill(-pid, SIGKILL)
    }

    deinit { stop() }
}
