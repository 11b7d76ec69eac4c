/// Picks which challenge of a 401 to answer.
enum ChallengeSelection {
    /// The strongest challenge this client supports and holds a credential for: Digest SHA-256, then
    /// Digest MD5, then Basic. Basic is never chosen when the server offered any Digest challenge,
    /// even one this client cannot compute: the server asked for something better than a cleartext
    /// password. Schemes this client does not implement (NTLM, Negotiate, Bearer …) are passed over.
    ///
    /// - Parameter credentials: the credential stored for a protection space, if any.
    static func choose(
        _ challenges: [AuthChallenge], on target: RequestTarget, credentials: (ProtectionSpace) -> Credential?
    ) -> AuthAttempt? {
        let digestOffered = challenges.contains { $0.isScheme("Digest") }
        var candidates: [(strength: Int, space: ProtectionSpace, method: AuthAttempt.Method)] = []
        for challenge in challenges {
            if let digest = DigestChallenge(challenge) {
                candidates.append(
                    (digest.algorithm.strength, target.protectionSpace(realm: digest.realm), .digest(digest)))
            } else if challenge.isScheme("Basic"), !digestOffered, let realm = challenge.realm {
                candidates.append((1, target.protectionSpace(realm: realm), .basic))
            }
        }
        // Stable: among equals, the server's order (strongest first, as RFC 7616 asks) wins.
        for candidate in candidates.enumerated().sorted(by: {
            ($0.element.strength, -$0.offset) > ($1.element.strength, -$1.offset)
        }) {
            if let credential = credentials(candidate.element.space) {
                return AuthAttempt(
                    space: candidate.element.space, method: candidate.element.method, credential: credential)
            }
        }
        return nil
    }
}
