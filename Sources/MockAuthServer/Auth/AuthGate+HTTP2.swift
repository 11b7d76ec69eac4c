import MockAuthScenario
import MockAuthSchemes
import MockAuthTranscript
import MockAuthVocabulary

extension AuthGate {
    /// Whether a request on an HTTP/2 stream must be sent again over HTTP/1.1 (`HTTP_1_1_REQUIRED`)
    /// rather than answered: when the protection space offers only connection-based schemes (NTLM,
    /// Negotiate), or the request carries credentials of one. Those schemes authenticate a
    /// connection, and an HTTP/2 connection carries many streams, perhaps of many users.
    func requiresHTTP11(credentials: [String]) -> Bool {
        Self.requiresHTTP11(offered: spec.schemes.map(\.httpScheme), credentials: credentials)
    }

    /// The rule of ``requiresHTTP11(credentials:)``, on the offered schemes and the request's
    /// credentials header values.
    static func requiresHTTP11(offered: [HTTPAuthScheme], credentials: [String]) -> Bool {
        if !offered.isEmpty, offered.allSatisfy(\.isConnectionBased) { return true }
        return credentials.contains { value in
            HTTPAuthScheme(token: schemeToken(of: value))?.isConnectionBased == true
        }
    }

    /// What the transcript says of the credentials of a request whose stream was reset: none when it
    /// carried none (the server sent no challenge either); otherwise credentials the server would not
    /// read, in whatever scheme they came.
    func resetRecord(credentials: [String], reset: StreamReset) -> AuthRecord? {
        guard let first = credentials.first else { return nil }
        return AuthRecord(
            decision: .refused, header: credentialsHeader, realm: spec.realm,
            offered: spec.schemes.map(\.httpScheme).reduce(into: []) { if !$0.contains($1) { $0.append($1) } },
            scheme: Self.schemeToken(of: first),
            reason: "not read: the HTTP/2 stream was reset with \(reset), since \(reset.explanation)")
    }
}
