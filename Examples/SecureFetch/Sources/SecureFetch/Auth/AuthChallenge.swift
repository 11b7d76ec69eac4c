/// One challenge of a `WWW-Authenticate` field: a scheme with either a token68 or parameters.
struct AuthChallenge: Sendable, Equatable {
    /// The scheme as the server wrote it (`Digest`, `basic` …).
    var scheme: String
    /// The token68 form (`Negotiate YIIG…`), if the challenge used it.
    var token68: String?
    /// Parameters by lowercased name, unquoted.
    var parameters: [String: String]

    init(scheme: String, token68: String? = nil, parameters: [String: String] = [:]) {
        self.scheme = scheme
        self.token68 = token68
        self.parameters = parameters
    }

    /// Whether the scheme is `name`, ignoring case.
    func isScheme(_ name: String) -> Bool {
        scheme.caseInsensitiveCompare(name) == .orderedSame
    }

    /// The `realm` parameter.
    var realm: String? { parameters["realm"] }
}
