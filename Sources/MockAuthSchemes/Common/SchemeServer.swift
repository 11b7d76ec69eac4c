import Foundation
import MockAuthVocabulary

/// The internal interface every scheme's state machine offers to the composite and to its own `receive`.
protocol SchemeServer: Sendable {
    /// The scheme this machine answers for.
    var schemeName: HTTPAuthScheme { get }
    /// Challenge values to offer a client that has not started (Digest mints a nonce here).
    mutating func freshChallengeValues(now: Date) -> [String]
    /// Handles credentials of this machine's scheme.
    mutating func outcome(for credentials: AuthCredentialsValue, request: AuthRequest, now: Date) -> AuthDecision
    /// Credentials that stay valid on this connection without a new `Authorization` (NTLM/Negotiate).
    func persistedCredentials(connectionID: UInt64) -> PresentedCredentials?
    /// Forgets per-connection state.
    mutating func connectionClosed(_ connectionID: UInt64)
}

extension SchemeServer {
    func persistedCredentials(connectionID: UInt64) -> PresentedCredentials? { nil }

    mutating func connectionClosed(_ connectionID: UInt64) {}

}

/// Picks the credentials to act on from the `Authorization` values of a request.
enum CredentialSelection: Equatable {
    /// No `Authorization` value at all.
    case none
    /// Values were present but none used an accepted scheme; carries the schemes used.
    case otherSchemes([String])
    /// A value could not be parsed.
    case unparsable(reason: String)
    /// The first value with an accepted scheme.
    case found(AuthCredentialsValue)

    static func select(from values: [String], accepting: (HTTPAuthScheme) -> Bool) -> CredentialSelection {
        guard !values.isEmpty else { return .none }
        var used: [String] = []
        for value in values {
            let credentials: AuthCredentialsValue
            do {
                credentials = try AuthParameterParser.parseCredentials(value)
            } catch {
                return .unparsable(reason: "unparsable Authorization value: \(error)")
            }
            if let scheme = credentials.schemeName, accepting(scheme) { return .found(credentials) }
            used.append(credentials.scheme)
        }
        return .otherSchemes(used)
    }
}
