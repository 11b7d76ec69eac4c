import MockAuthScenario
import NIOCore

/// How long a scenario server waits for a client before it closes the connection, so that a slow or
/// stalled client (slowloris, a truncated ClientHello, an idle keep-alive connection) never holds one
/// forever. Each closing is recorded in the transcript (``ConnectionRecord/closedByLimit``).
public struct ConnectionLimits: Sendable, Equatable {
    /// From accepting a TLS connection to the end of its handshake.
    public var tlsHandshake: TimeAmount
    /// For a complete request head: from the connection being ready (accepted, or its handshake
    /// done), and again from each request's end, which the server answers at once (the idle
    /// keep-alive time).
    public var requestHead: TimeAmount
    /// The longest any one connection may stay open.
    public var connection: TimeAmount

    public init(
        tlsHandshake: TimeAmount = .seconds(10), requestHead: TimeAmount = .seconds(30),
        connection: TimeAmount = .seconds(600)
    ) {
        self.tlsHandshake = tlsHandshake
        self.requestHead = requestHead
        self.connection = connection
    }

    /// Limits in whole seconds (as command-line flags give them).
    public static func seconds(tlsHandshake: Int, requestHead: Int, connection: Int) -> ConnectionLimits {
        ConnectionLimits(
            tlsHandshake: .seconds(Int64(tlsHandshake)), requestHead: .seconds(Int64(requestHead)),
            connection: .seconds(Int64(connection)))
    }

    /// These limits with `server`'s own (from its scenario's `limits:`) in their place.
    package func overridden(by server: ServerTimeLimits) -> ConnectionLimits {
        ConnectionLimits(
            tlsHandshake: server.handshakeSeconds.map { .seconds(Int64($0)) } ?? tlsHandshake,
            requestHead: server.requestHeadSeconds.map { .seconds(Int64($0)) } ?? requestHead,
            connection: server.connectionSeconds.map { .seconds(Int64($0)) } ?? connection)
    }

    /// 10 s for a handshake, 30 s for a request head, 10 minutes for a connection.
    public static let `default` = ConnectionLimits()
}
