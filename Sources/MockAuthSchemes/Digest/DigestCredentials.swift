/// The parameters of `Authorization: Digest …` (RFC 7616 §3.4), validated for shape but not yet verified.
package struct DigestCredentials: Sendable, Equatable {
    /// The user name: `username`, or `username*` decoded (RFC 8187), or with `userhash=true` the hex hash.
    package var username: String
    /// Whether `username*` (extended notation) carried the name.
    package var usedExtendedUsername: Bool
    /// `userhash=true` was sent: `username` is `H(username:realm)`.
    package var userhash: Bool
    /// The `realm` the client answered.
    package var realm: String
    /// The server nonce the client used.
    package var nonce: String
    /// The `uri` the client hashed; must equal the request-target.
    package var uri: String
    /// The client's `response` (lowercased hex).
    package var response: String
    /// The `algorithm` token as sent, or `nil` when absent (meaning MD5).
    package var algorithmToken: String?
    /// The `cnonce`, if sent.
    package var cnonce: String?
    /// The `opaque`, if sent.
    package var opaque: String?
    /// The `qop` token as sent, if any.
    package var qopToken: String?
    /// The `nc` exactly as sent (8 hex digits), if any.
    package var nonceCountText: String?
    /// The `nc` value, if sent.
    package var nonceCount: UInt32?

    /// The algorithm, `MD5` when absent, `nil` when the token is unknown.
    package var algorithm: DigestAlgorithm? {
        guard let algorithmToken else { return .md5 }
        return DigestAlgorithm(token: algorithmToken)
    }

    /// The qop, `nil` when absent or unknown (see `qopToken`).
    package var qop: DigestQualityOfProtection? {
        qopToken.flatMap(DigestQualityOfProtection.init(token:))
    }

    /// Creates credentials (clients in tests build these to render a header).
    package init(
        username: String, usedExtendedUsername: Bool = false, userhash: Bool = false, realm: String, nonce: String,
        uri: String, response: String, algorithmToken: String? = nil, cnonce: String? = nil, opaque: String? = nil,
        qopToken: String? = nil, nonceCountText: String? = nil
    ) {
        self.username = username
        self.usedExtendedUsername = usedExtendedUsername
        self.userhash = userhash
        self.realm = realm
        self.nonce = nonce
        self.uri = uri
        self.response = response
        self.algorithmToken = algorithmToken
        self.cnonce = cnonce
        self.opaque = opaque
        self.qopToken = qopToken
        self.nonceCountText = nonceCountText
        self.nonceCount = nonceCountText.flatMap { UInt32($0, radix: 16) }
    }

    /// Renders the `Authorization` value a client would send.
    package var headerValue: String {
        var parameters = [AuthParameter(name: "username", value: username)]
        parameters += [
            AuthParameter(name: "realm", value: realm), AuthParameter(name: "uri", value: uri),
        ]
        if let algorithmToken {
            parameters.append(AuthParameter(name: "algorithm", value: algorithmToken, isQuoted: false))
        }
        parameters.append(AuthParameter(name: "nonce", value: nonce))
        if let nonceCountText { parameters.append(AuthParameter(name: "nc", value: nonceCountText, isQuoted: false)) }
        if let cnonce { parameters.append(AuthParameter(name: "cnonce", value: cnonce)) }
        if let qopToken { parameters.append(AuthParameter(name: "qop", value: qopToken, isQuoted: false)) }
        parameters.append(AuthParameter(name: "response", value: response))
        if let opaque { parameters.append(AuthParameter(name: "opaque", value: opaque)) }
        if userhash { parameters.append(AuthParameter(name: "userhash", value: "true", isQuoted: false)) }
        return AuthChallenge(scheme: "Digest", parameters: parameters).description
    }
}

/// Why Digest credentials are malformed.
package struct DigestParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong, in words.
    package var reason: String

    /// The reason.
    package var description: String { reason }
}
