/// Credentials this client sends for one protection space, with the scheme it chose.
struct AuthAttempt: Sendable, Equatable {
    enum Method: Sendable, Equatable {
        case basic
        case digest(DigestChallenge)
    }

    var space: ProtectionSpace
    var method: Method
    var credential: Credential
    /// The Digest nonce count this attempt uses (1 on a fresh nonce).
    var nonceCount: Int = 1
    /// Whether the credentials go out before a challenge of this request (cached from an earlier one).
    var preemptive: Bool = false

    /// The `Authorization` value for a request with `method` on `uri` (the request-target).
    func authorization(
        method requestMethod: String, uri: String, body: [UInt8],
        clientNonce: String = DigestAuthorization.randomClientNonce()
    ) -> String {
        switch method {
        case .basic:
            BasicAuthorization.value(for: credential)
        case .digest(let challenge):
            DigestAuthorization(
                challenge: challenge, credential: credential, method: requestMethod, uri: uri, body: body,
                nonceCount: nonceCount, clientNonce: clientNonce
            ).value
        }
    }
}
