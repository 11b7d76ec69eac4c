/// The ``ProxyPolicy``'s answer about one request's `Proxy-Authorization`.
enum ProxyAuthorizationDecision: Sendable, Equatable {
    /// Serve the request; add `responseHeaders` (e.g. `Proxy-Authentication-Info`) to the response
    /// the client gets, whatever its status.
    case allow(responseHeaders: [(String, String)])
    /// Answer 407 with one `Proxy-Authenticate` line per value; the connection stays open when
    /// the client asked for keep-alive, so a multi-step scheme (NTLM) can continue on it.
    case challenge(values: [String])
    /// Answer 400 and close the connection: the credentials could not be read.
    case malformed(reason: String)

    static func == (lhs: ProxyAuthorizationDecision, rhs: ProxyAuthorizationDecision) -> Bool {
        switch (lhs, rhs) {
        case (.allow(let left), .allow(let right)):
            left.count == right.count && zip(left, right).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case (.challenge(let left), .challenge(let right)):
            left == right
        case (.malformed(let left), .malformed(let right)):
            left == right
        case (.allow, _), (.challenge, _), (.malformed, _):
            false
        }
    }
}
