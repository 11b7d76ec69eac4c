import Foundation
import MockAuthScenario
import MockAuthSchemes
import MockAuthTranscript
import Synchronization

/// One protection space of a server: its scheme machines, shared by every connection, behind a lock.
///
/// The gate turns a request's credentials into an ``AuthVerdict``: pass, or answer 401/407/400 with
/// these headers. It knows nothing of NIO; handlers translate its answer.
final class AuthGate: Sendable {
    let spec: AuthSpec
    let isProxy: Bool
    private let authenticator: Mutex<OriginAuthenticator>
    private let offered: [String]

    init(spec: AuthSpec, isProxy: Bool) {
        self.spec = spec
        self.isProxy = isProxy
        let authenticator = OriginAuthenticator(schemes: spec.schemeConfigurations(isProxy: isProxy))
        self.authenticator = Mutex(authenticator)
        var offered: [String] = []
        for scheme in spec.schemes.map(\.httpScheme) where !offered.contains(scheme) { offered.append(scheme) }
        self.offered = offered
    }

    /// The request header that carries credentials for this gate.
    var credentialsHeader: String { isProxy ? "Proxy-Authorization" : "Authorization" }

    /// Judges one request's credentials.
    func check(method: String, target: String, credentials: [String], body: [UInt8], connectionID: UInt64)
        -> AuthVerdict
    {
        let request = AuthRequest(
            method: method, target: target, authorization: credentials, body: body, connectionID: connectionID)
        let result = authenticator.withLock { $0.authenticate(request, now: Date()) }
        var record = AuthRecord(
            outcome: .challenged, header: credentialsHeader, realm: spec.realm, offered: offered,
            scheme: result.chosenScheme.map(\.httpToken))
        switch result.decision {
        case .authenticated(let presented, let headers):
            record.outcome = .authenticated
            record.fill(from: presented)
            record.reason = presented.detail
            return AuthVerdict(status: nil, headers: headers.map { ($0.name, $0.value) }, record: record)
        case .challenge(let values, let reason, let presented):
            record.reason = reason
            if let presented { record.fill(from: presented) }
            if result.isHandshakeStep {
                record.outcome = .continued
            } else if result.chosenScheme != nil || !credentials.isEmpty {
                record.outcome = .refused
            }
            return AuthVerdict(status: isProxy ? 407 : 401, headers: challengeHeaders(values), record: record)
        case .malformed(let reason):
            record.outcome = .malformed
            record.reason = reason
            return AuthVerdict(status: 400, headers: [], record: record)
        }
    }

    /// Frees per-connection state (NTLM handshakes).
    func connectionClosed(_ connectionID: UInt64) {
        authenticator.withLock { $0.connectionClosed(connectionID) }
    }

    private func challengeHeaders(_ values: [String]) -> [(String, String)] {
        let name = isProxy ? "Proxy-Authenticate" : "WWW-Authenticate"
        if spec.challengesOnOneLine, values.count > 1 {
            return [(name, OriginAuthenticator.joinedChallengeLine(values))]
        }
        return values.map { (name, $0) }
    }
}

/// A gate's answer: `status == nil` lets the request through (with `headers` added to the response).
struct AuthVerdict: Sendable {
    var status: Int?
    var headers: [(String, String)]
    var record: AuthRecord
}

extension AuthRecord {
    mutating func fill(from presented: PresentedCredentials) {
        scheme = presented.scheme.httpToken
        username = presented.username
        domain = presented.domain
        workstation = presented.workstation
    }
}

extension AuthSchemeName {
    /// The scheme as HTTP spells it (`Digest`, `NTLM` …).
    var httpToken: String {
        switch self {
        case .basic: "Basic"
        case .digest: "Digest"
        case .ntlm: "NTLM"
        case .negotiate: "Negotiate"
        case .bearer: "Bearer"
        default: rawValue
        }
    }
}
