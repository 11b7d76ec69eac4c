/// What an authenticating server made of one request's credentials: the kind of every decision,
/// from the scheme machines to the transcript (`AuthRecord.decision`) and the proxy.
public enum AuthOutcome: String, Sendable, Codable, Hashable, CaseIterable {
    /// No credentials (or none for an offered scheme): the server challenged.
    case challenged
    /// A connection-based handshake continued (an NTLM type 2 went back).
    case continued
    /// Credentials were presented and refused (wrong password, stale nonce, replay …).
    case refused
    /// Credentials were presented and verified.
    case authenticated
    /// The credentials could not be parsed: the server answered 400.
    case malformed
}
