/// A time limit of the server that ended a connection (the client was too slow, or stalled).
public enum ConnectionLimit: String, Sendable, Codable, Hashable, CaseIterable, CustomStringConvertible {
    /// The TLS handshake did not complete in time (e.g. a truncated ClientHello).
    case tlsHandshake = "tls-handshake"
    /// No complete request head arrived in time, on a new connection or after the previous response
    /// (slowloris, a stalled keep-alive connection).
    case requestHead = "request-head"
    /// A request's body did not arrive in time after its head (a stalled or dribbled upload).
    case requestBody = "request-body"
    /// The connection outlived the server's bound on any one connection.
    case connection

    public var description: String {
        switch self {
        case .tlsHandshake: "the TLS handshake did not complete in time"
        case .requestHead: "no complete request head arrived in time"
        case .requestBody: "the request's body did not arrive in time"
        case .connection: "the connection lasted longer than the server allows"
        }
    }
}
