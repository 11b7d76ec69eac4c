/// The parts of an HTTP request that authentication schemes look at.
package struct AuthRequest: Sendable, Equatable {
    /// The request method, e.g. `"GET"`.
    package var method: String
    /// The request-target exactly as sent, e.g. `"/dir/index.html?x=1"`; a Digest `uri` must equal it.
    package var target: String
    /// Every value of the `Authorization` (or `Proxy-Authorization`) header lines, in order; empty if none.
    package var authorization: [String]
    /// The entity body, hashed by Digest `auth-int`.
    package var body: [UInt8]
    /// Identifies the transport connection; NTLM and Negotiate handshakes must stay on one connection.
    package var connectionID: UInt64

    /// Creates a request description.
    package init(
        method: String = "GET",
        target: String = "/",
        authorization: [String] = [],
        body: [UInt8] = [],
        connectionID: UInt64 = 0
    ) {
        self.method = method
        self.target = target
        self.authorization = authorization
        self.body = body
        self.connectionID = connectionID
    }
}
