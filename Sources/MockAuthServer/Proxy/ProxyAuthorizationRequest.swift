/// What the proxy asks its ``ProxyPolicy`` about each request's `Proxy-Authorization`.
struct ProxyAuthorizationRequest: Sendable {
    /// The request method (`GET`, `CONNECT` …).
    var method: String
    /// The request-target exactly as sent (`http://127.0.0.1:8080/a?b`, `127.0.0.1:8443`).
    var target: String
    /// Every `Proxy-Authorization` value, in order; empty when the client sent none.
    var proxyAuthorization: [String]
    /// The recorded connection the request came over: schemes that authenticate a connection
    /// (NTLM, Negotiate) keep their state per connection.
    var connectionID: UInt64
}
