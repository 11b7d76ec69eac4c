import Foundation

/// A Digest challenge this client can answer: a known algorithm, and `qop` absent or offering
/// `auth` or `auth-int`.
struct DigestChallenge: Sendable, Equatable {
    enum QualityOfProtection: Sendable, Equatable {
        /// The RFC 2069 form: no `qop`, `nc` or `cnonce`.
        case none
        case auth
        /// The response also covers the request body.
        case authInt
    }

    var realm: String
    var nonce: String
    var opaque: String?
    var algorithm: DigestAlgorithm
    var qop: QualityOfProtection
    /// The server found the previous answer valid but its nonce expired.
    var stale: Bool
    /// The server asks for the user name hashed (RFC 7616 section 3.4.4).
    var userhash: Bool

    /// The challenge's Digest form, or `nil` when this client cannot answer it.
    init?(_ challenge: AuthChallenge) {
        guard challenge.isScheme("Digest"), let realm = challenge.realm, let nonce = challenge.parameters["nonce"],
            let algorithm = DigestAlgorithm(token: challenge.parameters["algorithm"])
        else { return nil }
        if let offered = challenge.parameters["qop"] {
            let options = offered.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            if options.contains("auth") {
                qop = .auth
            } else if options.contains("auth-int") {
                qop = .authInt
            } else {
                return nil
            }
        } else {
            qop = .none
        }
        self.realm = realm
        self.nonce = nonce
        self.algorithm = algorithm
        opaque = challenge.parameters["opaque"]
        stale = challenge.parameters["stale"]?.lowercased() == "true"
        userhash = challenge.parameters["userhash"]?.lowercased() == "true"
    }
}
