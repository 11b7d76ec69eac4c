/// Builds the `Authorization: Digest …` value answering a ``DigestChallenge`` (RFC 7616 section 3.4).
struct DigestAuthorization: Sendable {
    var challenge: DigestChallenge
    var credential: Credential
    var method: String
    /// The request-target, exactly as on the request line.
    var uri: String
    var body: [UInt8]
    /// The nonce count: 1 for the first use of a nonce, then 2, 3 …
    var nonceCount: Int
    /// The client nonce; random unless a test fixes it.
    var clientNonce: String

    /// The field value.
    var value: String {
        let algorithm = challenge.algorithm
        let nc = formatNonceCount(nonceCount)
        var ha1 = algorithm.hash("\(credential.user):\(challenge.realm):\(credential.password)")
        if algorithm.isSession {
            ha1 = algorithm.hash("\(ha1):\(challenge.nonce):\(clientNonce)")
        }
        let response: String
        var fields: [(String, String, quoted: Bool)] = [
            ("username", userField, true), ("realm", challenge.realm, true), ("uri", uri, true),
            ("algorithm", algorithm.token, false), ("nonce", challenge.nonce, true),
        ]
        switch challenge.qop {
        case .none:
            let ha2 = algorithm.hash("\(method):\(uri)")
            response = algorithm.hash("\(ha1):\(challenge.nonce):\(ha2)")
        case .auth, .authInt:
            let qop = challenge.qop == .auth ? "auth" : "auth-int"
            let ha2 =
                challenge.qop == .auth
                ? algorithm.hash("\(method):\(uri)") : algorithm.hash("\(method):\(uri):\(algorithm.hash(body))")
            response = algorithm.hash("\(ha1):\(challenge.nonce):\(nc):\(clientNonce):\(qop):\(ha2)")
            fields += [("nc", nc, false), ("cnonce", clientNonce, true), ("qop", qop, false)]
        }
        fields.append(("response", response, true))
        if let opaque = challenge.opaque { fields.append(("opaque", opaque, true)) }
        if challenge.userhash { fields.append(("userhash", "true", false)) }
        let parameters = fields.map { name, value, quoted in quoted ? "\(name)=\(quote(value))" : "\(name)=\(value)" }
        return "Digest " + parameters.joined(separator: ", ")
    }

    /// The user name, or its hash when the server asked for `userhash`.
    private var userField: String {
        challenge.userhash ? challenge.algorithm.hash("\(credential.user):\(challenge.realm)") : credential.user
    }

    /// A fresh random client nonce: 16 bytes, hex.
    static func randomClientNonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in
            let digits = String(UInt8.random(in: 0...255, using: &generator), radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
}

/// `nc` is eight hex digits.
private func formatNonceCount(_ count: Int) -> String {
    let digits = String(count, radix: 16)
    return String(repeating: "0", count: max(0, 8 - digits.count)) + digits
}

/// A quoted-string, escaping `"` and `\`.
func quote(_ value: String) -> String {
    var escaped = ""
    for character in value {
        if character == "\"" || character == "\\" { escaped.append("\\") }
        escaped.append(character)
    }
    return "\"\(escaped)\""
}
