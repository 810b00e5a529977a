import Foundation

/// What `skelsite serve` allows one client (site/reference/limits.md, "Serve:
/// request limits and timeouts"). A client past a limit gets its 4xx and is
/// disconnected; no client can hold up another's request.
public struct ServeLimits: Sendable, Equatable {
    /// Longest request line (`GET /path HTTP/1.1`), in bytes; longer is 414.
    public var maxRequestLineBytes = 8 * 1024
    /// Longest request head (request line, headers and the blank line), in bytes;
    /// longer is 431.
    public var maxHeadBytes = 16 * 1024
    /// Seconds a client has, from connecting, to send its whole head; then 408.
    public var headTimeout: Double = 10
    /// Seconds a write may wait for a client that does not read before it is dropped.
    public var writeTimeout: Double = 10
    /// Seconds after an error reply during which the rest of the request is read and
    /// discarded (so the client sees the reply, not a reset); at most `maxDrainBytes`.
    public var drainTimeout: Double = 1
    public var maxDrainBytes = 1 << 20
    /// Seconds a persistent connection may sit idle between requests before it is
    /// closed (silently: no request was begun). Once a request's first byte arrives, it
    /// has `headTimeout` for its head.
    public var keepAliveTimeout: Double = 5
    /// Open connections at once (event streams included); beyond it, 503.
    public var maxConnections = 128
    /// Seconds between keep-alive comments on an idle event stream (how a closed page
    /// is noticed).
    public var eventPingInterval: Double = 15

    public init(headTimeout: Double = 10) {
        self.headTimeout = headTimeout
    }
}
