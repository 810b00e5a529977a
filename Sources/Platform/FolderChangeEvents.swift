#if os(Linux)
/// Linux inotify over a set of folders: wakes a waiting watcher when a file in one of
/// them is closed after writing, moved in or out, deleted or touched. Not on creation
/// (why: a new file is created empty, and its close after writing follows; a file in a
/// folder made since its last scan is found by the next poll, and the folder watched).
/// nil where inotify is unavailable, and on macOS, whose path is kqueue (the watcher
/// then only polls; site/reference/platforms.md).
/// `@unchecked Sendable`: the descriptors never change after `init`; `watch` and `wait`
/// (and `watched`) belong to the one watcher thread, `wake` only writes to the pipe.
public final class FolderChangeEvents: @unchecked Sendable {
    private let descriptor: Int32
    /// A pipe: `wake` writes to it so that a waiting thread returns at once.
    private let waker: (read: Int32, write: Int32)
    private var watched: Set<String> = []

    public init?() {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if descriptor < 0 { return nil }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            Platform.close(descriptor)
            return nil
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        waker = (ends[0], ends[1])
    }

    public func wake() {
        var byte: UInt8 = 1
        _ = Platform.write(waker.write, &byte, 1)
    }

    /// Adds a watch for each folder not watched yet (a folder removed drops its own).
    public func watch(_ folders: [String]) {
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_ATTRIB)
        let current = Set(folders)
        for folder in folders where !watched.contains(folder) {
            _ = inotify_add_watch(descriptor, folder, mask)
        }
        watched = current
    }

    /// Waits up to `seconds` for an event (all pending ones are read); true when one came.
    @discardableResult
    public func wait(seconds: Double) -> Bool {
        var requests = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                        pollfd(fd: waker.read, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&requests, 2, Int32(seconds * 1000))
        guard ready > 0, requests[0].revents != 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 16384)
        while read(descriptor, &buffer, buffer.count) > 0 {}
        return true
    }

    public func close() {
        Platform.close(descriptor)
        Platform.close(waker.read)
        Platform.close(waker.write)
    }
}
#else
/// `@unchecked Sendable`: it holds nothing.
public final class FolderChangeEvents: @unchecked Sendable {
    public init?() { return nil }
    public func wake() {}
    public func watch(_ folders: [String]) {}
    @discardableResult
    public func wait(seconds: Double) -> Bool { false }
    public func close() {}
}
#endif
