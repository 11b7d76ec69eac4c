extension ScenarioExpectation {
    /// What a correct client does, in a few words ("refuses the certificate of origin"); a
    /// precondition is the stage, not the behaviour: "(given that it sends cookie sid to origin)".
    package var summary: String {
        if precondition { return "(given that it \(rule.summary))" }
        return level == .should ? "should \(rule.summary)" : rule.summary
    }
}

extension ExpectationRule {
    /// What a client that keeps the rule does, in a few words.
    package var summary: String {
        switch self {
        case .rejectsCertificate(let server): "refuses the certificate of \(server)"
        case .requestSucceeds(let server, let path): "gets a 2xx from \(server)\(path.map { " for \($0)" } ?? "")"
        case .presentsClientCertificate(let server): "presents the client certificate to \(server)"
        case .withholdsClientCertificate(let server): "presents no client certificate to \(server)"
        case .authenticates(let server, let path, let afterChallenge):
            "\(afterChallenge ? "answers the challenge of" : "authenticates to") \(server)\(path.map { " for \($0)" } ?? "") and gets a 2xx"
        case .authenticatesAs(let server, let path, let user): "makes \(path) on \(server) as \(user)"
        case .noPreemptiveCredentials(let server): "sends no credentials to \(server) before a challenge"
        case .maxAttempts(let server, let attempts): "stops after at most \(attempts) refused attempts at \(server)"
        case .maxRequests(let server, let requests): "sends at most \(requests) requests to \(server)"
        case .usesScheme(let server, let schemes):
            "answers \(server) with \(schemes.map(\.token).joined(separator: " or "))"
        case .usesDigestAlgorithm(let server, let algorithms):
            "answers \(server)'s Digest challenges with \(algorithms.joined(separator: " or "))"
        case .neverReceives(let server, let header, _, let cookie):
            "never sends \(cookie.map { "cookie \($0)" } ?? header) to \(server)"
        case .receives(let server, let header, let cookie):
            "sends \(cookie.map { "cookie \($0)" } ?? header) to \(server)"
        case .requestBody(let server, let path, let methods, let body):
            "\(methods.map { "\($0)s" }.joined(separator: " or ")) \(body == .given ? "the whole body" : "no body") to \(server)\(path.map { " \($0)" } ?? "")"
        case .handshakeOnOneConnection(let server): "keeps the handshake with \(server) on one connection"
        case .reusesCredentials(let server): "reuses credentials for \(server) without a new challenge"
        case .recoversFromStale(let server): "retries \(server) after stale=true with the new nonce"
        case .refusesRedirect(let server): "does not follow \(server)'s redirect"
        case .sessionResumption(let server, let resumed):
            resumed ? "resumes its TLS session with \(server)" : "never resumes a TLS session with \(server)"
        case .httpVersion(let server, let version): "speaks \(version) to \(server)"
        case .heedsRevocation(let server, let revocation):
            "refuses \(server)'s certificate once \(revocation) says it is not good"
        case .upgradesToHTTPS(let server, let path):
            "requests http://…\(path) over TLS once \(server) sent Strict-Transport-Security, nothing in plain text"
        case .connectsByName(let server): "sends \(server) its CONNECT by name, for the proxy to resolve"
        case .anyOf(let alternatives): alternatives.map(\.summary).joined(separator: ", or ")
        }
    }
}

extension Scenario {
    /// What a correct client does, in a few words: every expectation's summary.
    public var correctClientSummary: String {
        expectations.map(\.summary).joined(separator: "; ")
    }
}
