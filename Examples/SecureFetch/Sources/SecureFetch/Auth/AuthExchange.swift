/// The authentication of one request to one URL: a value that decides what to do with each 401.
///
/// It answers a challenge at most once, retries once on a Digest `stale=true`, and otherwise hands
/// the 401 back, naming the protection space whose credential the server refused, if any. It does
/// no I/O; ``SecureFetchClient`` sends what it decides.
struct AuthExchange {
    enum Decision: Sendable, Equatable {
        /// Send the request again with these credentials.
        case answer(AuthAttempt)
        /// Give the 401 to the caller. `refused` is the protection space whose credential the
        /// server refused, when credentials were sent.
        case deliver(refused: ProtectionSpace?)
    }

    private var answeredChallenge = false
    private var retriedStale = false

    /// What to do after a 401 carrying `challenges`, when `attempt` (or nothing) was sent.
    mutating func challenged(
        after attempt: AuthAttempt?, by challenges: [AuthChallenge], on target: RequestTarget,
        credentials: (ProtectionSpace) -> Credential?
    ) -> Decision {
        if let attempt {
            let digests = challenges.compactMap(DigestChallenge.init)
            if case .digest = attempt.method, !retriedStale,
                let fresh = digests.first(where: { $0.stale && $0.realm == attempt.space.realm })
            {
                // The answer was right but its nonce expired: same credential, the new nonce.
                retriedStale = true
                var retry = attempt
                retry.method = .digest(fresh)
                retry.nonceCount = 1
                retry.preemptive = false
                return .answer(retry)
            }
            let sameRealm = challenges.contains { $0.realm == attempt.space.realm }
            if sameRealm || !attempt.preemptive {
                return .deliver(refused: attempt.space)
            }
            // Cached credentials of another realm went out for a path of a different protection
            // space; the server did not refuse them, it asks for another realm: answer that below.
        }
        guard !answeredChallenge,
            let answer = ChallengeSelection.choose(challenges, on: target, credentials: credentials)
        else {
            return .deliver(refused: nil)
        }
        answeredChallenge = true
        return .answer(answer)
    }
}
