import MockAuthTranscript

/// What a ``ProxyPolicy`` decided about one request's `Proxy-Authorization`.
struct ProxyAuthorization: Sendable {
    /// Let the request through, challenge it (407) or refuse it as unreadable (400).
    var decision: GateDecision
    /// What the proxy's authentication made of the credentials, for the transcript; `nil` for a
    /// policy that only decides.
    var record: AuthRecord?
    /// Whether the proxy closes the connection once its challenge is written
    /// (``AuthGate/closesConnection(after:)``): the client must answer on a new connection.
    var closesConnection = false
}
