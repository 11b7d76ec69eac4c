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
    /// For a request's body, whole: from its head being complete to its end, on every listener that
    /// reads bodies (a stalled or dribbled upload is closed, ``ConnectionLimit/requestBody``).
    public var requestBody: TimeAmount
    /// The longest any one connection may stay open.
    public var connection: TimeAmount

    public init(
        tlsHandshake: TimeAmount = .seconds(10), requestHead: TimeAmount = .seconds(30),
        requestBody: TimeAmount = .seconds(30), connection: TimeAmount = .seconds(600)
    ) {
        self.tlsHandshake = tlsHandshake
        self.requestHead = requestHead
        self.requestBody = requestBody
        self.connection = connection
    }

    /// Limits in whole seconds (as command-line flags give them), the body's at its default.
    public static func seconds(tlsHandshake: Int, requestHead: Int, connection: Int) -> ConnectionLimits {
        ConnectionLimits(
            tlsHandshake: .seconds(Int64(tlsHandshake)), requestHead: .seconds(Int64(requestHead)),
            connection: .seconds(Int64(connection)))
    }

    /// Limits in whole seconds, the body's too (as `check`, `conform` and `serve`'s flags give them).
    package static func seconds(tlsHandshake: Int, requestHead: Int, requestBody: Int, connection: Int)
        -> ConnectionLimits
    {
        ConnectionLimits(
            tlsHandshake: .seconds(Int64(tlsHandshake)), requestHead: .seconds(Int64(requestHead)),
            requestBody: .seconds(Int64(requestBody)), connection: .seconds(Int64(connection)))
    }

    /// These limits with `server`'s own (from its scenario's `limits:`) in their place.
    package func overridden(by server: ServerTimeLimits) -> ConnectionLimits {
        ConnectionLimits(
            tlsHandshake: server.handshakeSeconds.map { .seconds(Int64($0)) } ?? tlsHandshake,
            requestHead: server.requestHeadSeconds.map { .seconds(Int64($0)) } ?? requestHead, requestBody: requestBody,
            connection: server.connectionSeconds.map { .seconds(Int64($0)) } ?? connection)
    }

    /// 10 s for a handshake, 30 s for a request head, 30 s for a request body, 10 minutes for a connection.
    public static let `default` = ConnectionLimits()
}
