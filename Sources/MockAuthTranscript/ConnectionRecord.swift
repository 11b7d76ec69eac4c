import Foundation

/// One accepted TCP connection and everything that happened on it.
public struct ConnectionRecord: Sendable, Codable, Hashable {
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
    /// The server's time limit that closed the connection, when one did.
    public var closedByLimit: ConnectionLimit?
    /// What the server's HTTP parser refused, when the client sent bytes that are not an HTTP/1.1
    /// request (the server answered 400 and closed the connection).
    public var protocolError: String?
    /// The SOCKS5 negotiation, on a connection to a SOCKS proxy.
    public var socks: SOCKSRecord?
    /// On a connection to a proxy, the local addresses (`127.0.0.1:51234`) of the connections the
    /// proxy opened to origins for it, the first 32: each is the ``remoteAddress`` of a connection
    /// in the origin's transcript, which so came through the proxy, not directly from the client.
    public var dialledFrom: [String]?
    /// How many identical connections (same server, same handshake, no request kept of their own)
    /// closed after this one and were folded into it.
    public var repeats: Int

    package init(
        id: UInt64,
        server: String,
        remoteAddress: String? = nil,
        tls: TLSHandshakeRecord? = nil,
        requests: [RequestRecord] = [],
        closed: Bool = false,
        closedByLimit: ConnectionLimit? = nil,
        protocolError: String? = nil,
        repeats: Int = 0,
        socks: SOCKSRecord? = nil
    ) {
        self.id = id
        self.server = server
        self.remoteAddress = remoteAddress
        self.tls = tls
        self.requests = requests
        self.closed = closed
        self.closedByLimit = closedByLimit
        self.protocolError = protocolError
        self.repeats = repeats
        self.socks = socks
    }

    /// How many connections this record stands for: itself and its ``repeats``.
    public var occurrences: Int { 1 + repeats }

    /// The connection with what tells identical connections apart removed (its id, the client's
    /// port, its requests, the repeats folded into it).
    package var kind: ConnectionRecord {
        ConnectionRecord(
            id: 0, server: server, tls: tls, closed: closed, closedByLimit: closedByLimit, protocolError: protocolError,
            socks: socks)
    }
}
