import Foundation
import MockAuthVocabulary

/// Verifies `Authorization: Basic …` against one configured user (RFC 7617).
///
/// Basic has no handshake, so the machine keeps no per-request state: every request is judged on its own.
package struct BasicServerStateMachine: Sendable {
    /// The configuration being enforced.
    package let configuration: BasicConfiguration

    /// Creates a machine.
    package init(configuration: BasicConfiguration) {
        self.configuration = configuration
    }

    /// The challenge value: `Basic realm="…", charset="UTF-8"`.
    package var challengeValue: String {
        var parameters = [AuthParameter(name: "realm", value: configuration.realm)]
        if configuration.announceUTF8Charset {
            parameters.append(AuthParameter(name: "charset", value: "UTF-8"))
        }
        return AuthChallenge(scheme: "Basic", parameters: parameters).description
    }

}

extension BasicServerStateMachine: SchemeServer {
    var schemeName: HTTPAuthScheme { .basic }

    func freshChallengeValues(now: Date) -> [String] { [challengeValue] }

    func outcome(for credentials: AuthCredentialsValue, request: AuthRequest, now: Date) -> AuthDecision {
        guard let token68 = credentials.token68 else {
            return .malformed(reason: "Basic credentials must be a single base64 token68, not auth-params")
        }
        let decoded: BasicCredentials
        switch BasicCredentials.parse(token68: token68) {
        case .failure(let error): return .malformed(reason: error.reason)
        case .success(let value): decoded = value
        }
        let encodingNote = decoded.wasUTF8 ? "" : " (credentials were not UTF-8; read as ISO-8859-1)"
        var presented = PresentedCredentials(
            scheme: .basic, username: decoded.userID, realm: configuration.realm, verified: false,
            detail: "Basic" + encodingNote)
        if configuration.announceUTF8Charset && !decoded.wasUTF8 {
            let reason =
                "credentials are not UTF-8 although charset=\"UTF-8\" was announced"
                + " (read as ISO-8859-1: user \(decoded.userID))"
            return .refused(values: [challengeValue], reason: reason, credentials: presented)
        }
        guard constantTimeEquals(decoded.userID, configuration.username) else {
            return .refused(
                values: [challengeValue], reason: "unknown user \(decoded.userID)" + encodingNote,
                credentials: presented)
        }
        guard constantTimeEquals(decoded.password, configuration.password) else {
            return .refused(
                values: [challengeValue], reason: "wrong password for user \(decoded.userID)" + encodingNote,
                credentials: presented)
        }
        presented.verified = true
        return .authenticated(presented, responseHeaders: [])
    }
}
