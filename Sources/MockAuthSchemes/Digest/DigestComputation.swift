/// The RFC 7616 §3.4 computations, usable by servers, clients and tests alike.
package enum DigestComputation {
    /// `userhash`: `H(username ":" realm)` (RFC 7616 §3.4.4).
    package static func userhash(algorithm: DigestAlgorithm, username: String, realm: String) -> String {
        algorithm.hexDigest("\(username):\(realm)")
    }

    /// `H(A1)`; for `-sess` algorithms `H(H(user:realm:password):nonce:cnonce)` (RFC 7616 §3.4.2).
    package static func ha1(
        algorithm: DigestAlgorithm, username: String, realm: String, password: String, nonce: String,
        cnonce: String?
    ) -> String {
        let base = algorithm.hexDigest("\(username):\(realm):\(password)")
        guard algorithm.isSession else { return base }
        return algorithm.hexDigest("\(base):\(nonce):\(cnonce ?? "")")
    }

    /// `H(A2)`: `H(method:uri)`, or `H(method:uri:H(body))` for `auth-int` (RFC 7616 §3.4.3).
    ///
    /// For `rspauth` pass an empty method (A2 then starts with `:`).
    package static func ha2(
        algorithm: DigestAlgorithm, method: String, uri: String, qop: DigestQualityOfProtection?, body: [UInt8]
    ) -> String {
        switch qop {
        case .authInt: return algorithm.hexDigest("\(method):\(uri):\(algorithm.hexDigest(body))")
        case .auth, .none: return algorithm.hexDigest("\(method):\(uri)")
        }
    }

    /// The `response` (or `rspauth`) value; without qop the RFC 2069 form `H(HA1:nonce:HA2)`.
    package static func response(
        algorithm: DigestAlgorithm, ha1: String, ha2: String, nonce: String, nonceCount: String?, cnonce: String?,
        qop: DigestQualityOfProtection?
    ) -> String {
        guard let qop else { return algorithm.hexDigest("\(ha1):\(nonce):\(ha2)") }
        return algorithm.hexDigest("\(ha1):\(nonce):\(nonceCount ?? ""):\(cnonce ?? ""):\(qop.rawValue):\(ha2)")
    }

    /// Convenience: the full client `response` from a password.
    package static func response(
        algorithm: DigestAlgorithm, username: String, realm: String, password: String, method: String, uri: String,
        nonce: String, nonceCount: String?, cnonce: String?, qop: DigestQualityOfProtection?, body: [UInt8] = []
    ) -> String {
        let ha1 = ha1(
            algorithm: algorithm, username: username, realm: realm, password: password, nonce: nonce, cnonce: cnonce)
        let ha2 = ha2(algorithm: algorithm, method: method, uri: uri, qop: qop, body: body)
        return response(
            algorithm: algorithm, ha1: ha1, ha2: ha2, nonce: nonce, nonceCount: nonceCount, cnonce: cnonce, qop: qop)
    }
}
