import MockAuthScenario
import MockAuthSchemes

extension AuthSpec {
    /// The challenge fields of a 401 or 407, from the machines' challenge `values`: the written
    /// challenges (``AuthSpec/writtenChallenges``) with the Digest machine's nonce and opaque filled
    /// in; else the machines' own values, on one line with `one-line`. A stale Digest nonce is
    /// answered with the machines' own values, whose `stale=true` the written ones cannot carry.
    func challengeFields(_ values: [String]) -> [String] {
        guard !writtenChallenges.isEmpty else {
            return challengesOnOneLine && values.count > 1
                ? [ProtectionSpaceAuthenticator.joinedChallengeLine(values)] : values
        }
        var minted: [WrittenChallengePlaceholder: String] = [:]
        for value in values {
            // The machines' own values: they parse (a value that did not would be sent as it is).
            guard let challenge = try? AuthParameterParser.parseChallenges(value).first,
                challenge.schemeName == .digest
            else { continue }
            if challenge.parameter("stale")?.lowercased() == "true" { return values }
            minted[.nonce] = challenge.parameter("nonce")
            minted[.opaque] = challenge.parameter("opaque")
            break
        }
        return writtenChallenges.map { WrittenChallengePlaceholder.fill($0, with: minted) }
    }
}
