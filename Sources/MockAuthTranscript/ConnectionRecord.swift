import Foundation

/// One accepted TCP connection and everything that happened on it.
public struct ConnectionRecord: Sendable, Codable, Equatable {
    /// Unique within a run; increases in the order connections were accepted.
    public var id: UInt64
    /// The scenario server that accepted it.
    public var server: String
    /// The client's address and port, e.g. `127.0.0.1:51234`.
    public var remoteAddress: String?
    /// The TLS handshake on this connection, or `nil` when the server speaks plain HTTP.
    public var tls: TLSHandshakeRecord?
    /// The HTTP requests that arrived on this connection, in order.
    public var requests: [RequestRecord]
    /// Whether the connection has been closed (by either side).
    public var closed: Bool

    public init(
        id: UInt64,
        server: String,
        remoteAddress: String? = nil,
        tls: TLSHandshakeRecord? = nil,
        requests: [RequestRecord] = [],
        closed: Bool = false
    ) {
        self.id = id
        self.server = server
        self.remoteAddress = remoteAddress
        self.tls = tls
        self.requests = requests
        self.closed = closed
    }
}
