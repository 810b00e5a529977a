import Foundation
import Platform

/// One accepted connection, with every read bounded by a deadline and every write by
/// `ServeLimits.writeTimeout`, so a client that stalls costs a thread for seconds,
/// never for good. Used by one thread at a time (the connection's); Sendable so the
/// accept thread can hand it to that thread (its stored properties are constants).
final class ClientSocket: Sendable {
    let fd: Int32
    private let limits: ServeLimits

    init(fd: Int32, limits: ServeLimits) {
        self.fd = fd
        self.limits = limits
        var timeout = timeval(seconds: limits.writeTimeout)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    enum ReadResult {
        case bytes(Int)
        case closed
        case timedOut
    }

    /// Waits until `deadline` for data and reads what is there into `buffer`.
    func read(into buffer: UnsafeMutableRawBufferPointer, deadline: Date) -> ReadResult {
        while true {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return .timedOut }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 { return .closed }
            if ready == 0 { continue }
            let n = recv(fd, buffer.baseAddress, buffer.count, 0)
            if n > 0 { return .bytes(n) }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            return .closed
        }
    }

    /// Writes everything; false when the client is gone or did not read in time.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = send(fd, raw.baseAddress! + offset, raw.count - offset, noSignalOnSend)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
    }

    /// After an error reply: stops writing, then reads and drops what the client is
    /// still sending for a moment, so it gets to read the reply instead of a reset.
    func finishAfterError() {
        shutdown(fd, Int32(SHUT_WR))
        let deadline = Date().addingTimeInterval(limits.drainTimeout)
        var drained = 0
        var scratch = [UInt8](repeating: 0, count: 16 * 1024)
        while drained < limits.maxDrainBytes {
            let result = scratch.withUnsafeMutableBytes { read(into: $0, deadline: deadline) }
            guard case .bytes(let n) = result else { return }
            drained += n
        }
    }
}

extension timeval {
    init(seconds: Double) {
        let whole = seconds.rounded(.down)
        self.init(tv_sec: Int(whole), tv_usec: Int((seconds - whole) * 1_000_000))
    }
}
