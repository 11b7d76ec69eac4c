/// One thing a correct client does, checked by the judge against the transcript.
package struct ScenarioExpectation: Sendable, Equatable {
    /// What is expected.
    package var rule: ExpectationRule
    /// Whether a violation fails the scenario (`must`) or is only reported (`should`).
    package var level: ExpectationLevel
    /// Why a violation matters, in words that finish "…: " in the verdict
    /// (e.g. "it accepted an expired certificate"); for a precondition, what is not known when it is
    /// not met, finishing "…, so " (e.g. "whether it keeps sid to its host is not known").
    package var because: String?
    /// Whether the rule only sets the stage for the behaviour under test (`precondition: true`):
    /// the client kept the cookie and sent it back, the first hop succeeded. A precondition not met
    /// makes the verdict INCONCLUSIVE, never FAIL: the client declined an earlier step and never
    /// reached the behaviour the scenario is named for. Always a `must`.
    package var precondition: Bool

    package init(
        _ rule: ExpectationRule, level: ExpectationLevel = .must, because: String? = nil, precondition: Bool = false
    ) {
        self.rule = rule
        self.level = level
        self.because = because
        self.precondition = precondition
    }
}

/// The rules a scenario can state. Each has its own evaluator in the judge.
package enum ExpectationRule: Sendable, Equatable {
    /// No HTTP request arrives over the server's TLS connections: the client refused the certificate.
    case rejectsCertificate(server: String)
    /// The client's request reaches the server and is answered 2xx.
    case requestSucceeds(server: String, path: String?)
    /// Every request to the server arrives over a handshake in which the client presented the
    /// harness client identity, and at least one arrives.
    case presentsClientCertificate(server: String)
    /// The client presented no certificate to the server, which asks for one it was not given (its
    /// request names another CA, or the client holds no identity for it), and it connected.
    case withholdsClientCertificate(server: String)
    /// A request (for `path`, if given) carried credentials the server verified and was answered 2xx.
    /// With `afterChallenge`, only credentials sent after the server had challenged count: a client
    /// that sent them unasked never read the challenge, and how it reads one is not exercised (the
    /// scenarios that test challenge parsing).
    case authenticates(server: String, path: String?, afterChallenge: Bool = false)
    /// Every request for `path` that the server served was authenticated as `user`, and one was.
    case authenticatesAs(server: String, path: String, user: String)
    /// No request carried credentials before the server had challenged the client.
    case noPreemptiveCredentials(server: String)
    /// At most `attempts` requests carried credentials the server refused; then the client stopped.
    case maxAttempts(server: String, attempts: Int)
    /// At most `requests` requests reached the server: the client ended a redirect loop.
    case maxRequests(server: String, requests: Int)
    /// Every request with credentials used one of `schemes`.
    case usesScheme(server: String, schemes: [HTTPAuthScheme])
    /// Every Digest answer used one of `algorithms` (RFC 7616 tokens, compared case-insensitively):
    /// a client that skips a challenge of an algorithm it does not know answers the strongest it
    /// knows, not the first or the last.
    case usesDigestAlgorithm(server: String, algorithms: [String])
    /// The server never received `header` (any field: `Authorization`, `Cookie`, `X-Api-Key` …),
    /// on any path or on the paths given. `Authorization` and `Proxy-Authorization` count in any
    /// scheme, offered or not. With `cookie`, the field is `Cookie` and only a cookie of that name
    /// counts (other cookies may come).
    case neverReceives(server: String, header: String, paths: [String], cookie: String? = nil)
    /// The server received `header` at least once: the client sent a header it was told to send
    /// (`client.headers`), so whether it leaks it elsewhere can be judged. With `cookie`, a `Cookie`
    /// field carrying a cookie of that name: the client kept a cookie a server set and sent it back.
    case receives(server: String, header: String, cookie: String? = nil)
    /// Every request to the server (for `path`, when given) that was answered 2xx used one of
    /// `methods` and carried the body the client was given, or none: the body resent whole after a
    /// challenge, kept on a 307, dropped on a 303 (by a GET or a HEAD: RFC 9110 §15.4.4 allows both).
    case requestBody(server: String, path: String?, methods: [String], body: ExpectedBody)
    /// Connection-based handshakes (NTLM, Negotiate) stayed on one connection.
    case handshakeOnOneConnection(server: String)
    /// After a valid answer on an expired Digest nonce (401 `stale=true`), the client retried the same
    /// request with the fresh nonce and was accepted.
    case recoversFromStale(server: String)
    /// After authenticating once, the client sent credentials for a later request in the same
    /// protection space without waiting for a new challenge.
    case reusesCredentials(server: String)
    /// The server answered with a redirect and the client did not follow it: no request reached the
    /// redirect's target afterwards (a client that refuses an https → http downgrade, say).
    case refusesRedirect(server: String)
    /// With `resumed` true, a TLS connection to the server resumed a session the server had issued
    /// (the client keeps its sessions); with `resumed` false, none did (the client must not resume,
    /// e.g. after its identity or credentials changed).
    case sessionResumption(server: String, resumed: Bool)
    /// Every request to the server arrived over HTTP `version` (HTTP/2 when the server offers it),
    /// and at least one arrived.
    case httpVersion(server: String, version: HTTPProtocolVersion)
    /// A client that looked up the revocation status of the server's certificate (it fetched the
    /// CRL from, or asked the OCSP responder of, the revocation server `revocation`) sent no request
    /// over that certificate: it heeded a `revoked` or `unknown` answer. A client that never looked
    /// holds it (whether it should have looked is a `rejects-certificate` of its own).
    case heedsRevocation(server: String, revocation: String)
    /// Once the server (a TLS server whose route sends Strict-Transport-Security) has answered a
    /// request 2xx, the client, given an `http://` URL for `path` on that host and port, requests it
    /// over TLS and sends nothing there in plain text (RFC 6797 §8.3).
    case upgradesToHTTPS(server: String, path: String)
    /// Every CONNECT the SOCKS5 proxy `server` received named its target by domain name (address
    /// type 3), and one arrived: the client let the proxy resolve the name (`socks5h`) rather than
    /// resolving it itself and sending an address.
    case connectsByName(server: String)
    /// At least one of these holds: for scenarios where more than one behaviour is correct ("drops
    /// the credentials or refuses the downgrade").
    indirect case anyOf([ExpectationRule])

    /// The rule's name as written in scenario files.
    package var name: RuleName {
        switch self {
        case .rejectsCertificate: .rejectsCertificate
        case .requestSucceeds: .requestSucceeds
        case .presentsClientCertificate: .presentsClientCertificate
        case .withholdsClientCertificate: .withholdsClientCertificate
        case .authenticates: .authenticates
        case .authenticatesAs: .authenticatesAs
        case .noPreemptiveCredentials: .noPreemptiveCredentials
        case .maxAttempts: .maxAttempts
        case .maxRequests: .maxRequests
        case .usesScheme: .usesScheme
        case .usesDigestAlgorithm: .usesDigestAlgorithm
        case .neverReceives: .neverReceives
        case .receives: .receives
        case .requestBody: .requestBody
        case .handshakeOnOneConnection: .handshakeOnOneConnection
        case .reusesCredentials: .reusesCredentials
        case .recoversFromStale: .recoversFromStale
        case .refusesRedirect: .refusesRedirect
        case .sessionResumption: .sessionResumption
        case .httpVersion: .httpVersion
        case .heedsRevocation: .heedsRevocation
        case .upgradesToHTTPS: .upgradesToHTTPS
        case .connectsByName: .connectsByName
        case .anyOf: .anyOf
        }
    }

    /// The server the rule is about; `nil` for ``anyOf(_:)``, whose alternatives each name one.
    package var server: String? {
        switch self {
        case .rejectsCertificate(let server), .requestSucceeds(let server, _), .presentsClientCertificate(let server),
            .withholdsClientCertificate(let server),
            .authenticates(let server, _, _), .authenticatesAs(let server, _, _), .noPreemptiveCredentials(let server),
            .maxAttempts(let server, _),
            .maxRequests(let server, _),
            .usesScheme(let server, _), .usesDigestAlgorithm(let server, _), .neverReceives(let server, _, _, _),
            .receives(let server, _, _),
            .requestBody(let server, _, _, _), .handshakeOnOneConnection(let server),
            .reusesCredentials(let server), .recoversFromStale(let server), .refusesRedirect(let server),
            .sessionResumption(let server, _), .httpVersion(let server, _), .heedsRevocation(let server, _),
            .upgradesToHTTPS(let server, _), .connectsByName(let server):
            server
        case .anyOf:
            nil
        }
    }

    /// The rule itself, or the alternatives of ``anyOf(_:)`` (each, recursively).
    package var leaves: [ExpectationRule] {
        switch self {
        case .anyOf(let alternatives): alternatives.flatMap(\.leaves)
        case .rejectsCertificate, .requestSucceeds, .presentsClientCertificate, .withholdsClientCertificate,
            .authenticates, .authenticatesAs, .noPreemptiveCredentials, .maxAttempts, .maxRequests, .usesScheme,
            .usesDigestAlgorithm, .neverReceives, .receives,
            .requestBody, .handshakeOnOneConnection, .reusesCredentials, .recoversFromStale, .refusesRedirect,
            .sessionResumption, .httpVersion, .heedsRevocation, .upgradesToHTTPS, .connectsByName:
            [self]
        }
    }
}

/// The body a `request-body` rule expects.
package enum ExpectedBody: String, Sendable, Equatable, CaseIterable {
    /// The body the client was given (`client.body`), byte for byte.
    case given
    /// No body at all.
    case none
}
