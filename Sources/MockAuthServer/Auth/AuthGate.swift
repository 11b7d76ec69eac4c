import Foundation
import MockAuthScenario
import MockAuthSchemes
import MockAuthTranscript
import MockAuthVocabulary
import Synchronization

/// One protection space of a server: its scheme machines, shared by every connection, behind a lock.
///
/// The gate turns a request's credentials into a ``GateResult``: let it through, challenge it
/// (401 on an origin, 407 on a proxy), or refuse it as unreadable (400), plus what it made of the
/// credentials for the transcript. It knows nothing of NIO; handlers translate its answer.
final class AuthGate: Sendable {
    let spec: AuthSpec
    /// An origin's gate (401) or a proxy's (407), with the fields of each.
    let side: ChallengeSide
    private let authenticator: Mutex<ProtectionSpaceAuthenticator>
    private let closedAfterChallenge = Atomic<Bool>(false)
    private let offered: [HTTPAuthScheme]
    /// Whether every scheme of the space is stateless (Basic, Bearer): then a decision depends on
    /// the credentials alone, and a connection may reuse the one it got for the same credentials
    /// (``ConnectionGateMemo``) instead of decoding them again.
    let isStateless: Bool
    /// Whether a scheme of the space keeps state per connection (NTLM, Negotiate), which
    /// ``connectionClosed(_:)`` frees; without one, a closing connection takes no lock here.
    let holdsConnectionState: Bool
    /// A stateless gate's last decision and the credentials it was about: every connection of a
    /// client presents the same credentials, and a new connection is answered from it instead of
    /// decoding them again (``ConnectionGateMemo`` does the same within one connection).
    private let lastDecision = Mutex<(credentials: [String], result: GateResult)?>(nil)

    /// - Parameters:
    ///   - kerberos: how the space's Negotiate verifies Kerberos tickets, when the run's realm
    ///     issues them for its server.
    ///   - ledger: the token endpoint's ledger, for a space whose Bearer scheme accepts its tokens
    ///     (``AuthSpec/tokenEndpoint``).
    init(spec: AuthSpec, side: ChallengeSide, kerberos: KerberosVerification? = nil, ledger: TokenLedger? = nil) {
        self.spec = spec
        self.side = side
        let authenticator = ProtectionSpaceAuthenticator(
            schemes: spec.schemeConfigurations(side: side, kerberos: kerberos, ledger: ledger))
        self.authenticator = Mutex(authenticator)
        self.isStateless = authenticator.configurations.allSatisfy(\.isStateless)
        self.holdsConnectionState = authenticator.configurations.contains { configuration in
            switch configuration {
            case .ntlm, .negotiate: true
            case .basic, .digest, .bearer: false
            }
        }
        var offered: [HTTPAuthScheme] = []
        for scheme in spec.schemes.map(\.httpScheme) where !offered.contains(scheme) { offered.append(scheme) }
        self.offered = offered
    }

    /// Whether the connection that was just answered with `result` is to be closed
    /// (``AuthSpec/closesAfterChallenge``): after the first handshake challenge message of a space
    /// with NTLM or Negotiate, after the first challenge of any other; `true` once per gate.
    func closesConnection(after result: GateResult) -> Bool {
        guard spec.closesAfterChallenge else { return false }
        let closing: Bool =
            switch result.record.decision {
            case .continued: holdsConnectionState
            case .challenged, .refused: !holdsConnectionState
            case .authenticated, .malformed: false
            }
        guard closing else { return false }
        return !closedAfterChallenge.exchange(true, ordering: .relaxed)
    }

    /// Whether a decision needs the request body: Digest with `qop=auth-int` hashes it. Otherwise
    /// the gate can decide on the head alone (and answer `Expect: 100-continue` before the body).
    var needsBody: Bool { spec.digestQOP.contains("auth-int") }

    /// The request header that carries credentials for this gate.
    var credentialsHeader: String { side.credentialsField }

    /// The status of a challenge: 407 on a proxy, 401 on an origin.
    var challengeStatus: Int { side.challengeStatus }

    /// Judges one request's credentials (every value of ``credentialsHeader``, in order). A
    /// stateless gate answers credentials identical to the last it judged from that decision: they
    /// were verified then, and nothing else goes into it.
    func check(method: String, target: String, credentials: [String], body: [UInt8], connectionID: UInt64)
        -> GateResult
    {
        guard isStateless else {
            return judge(
                method: method, target: target, credentials: credentials, body: body, connectionID: connectionID)
        }
        if let last = lastDecision.withLock({ $0 }), last.credentials.isByteForByte(credentials) { return last.result }
        let result = judge(
            method: method, target: target, credentials: credentials, body: body, connectionID: connectionID)
        lastDecision.withLock { $0 = (credentials, result) }
        return result
    }

    /// Runs the scheme machines on one request's credentials.
    private func judge(method: String, target: String, credentials: [String], body: [UInt8], connectionID: UInt64)
        -> GateResult
    {
        let request = AuthRequest(
            method: method, target: target, authorization: credentials, body: body, connectionID: connectionID)
        let result = authenticator.withLock { $0.authenticate(request, now: Date()) }
        // Any credentials header counts as credentials, in whatever scheme, offered or not.
        var record = AuthRecord(
            decision: result.decision.outcome, header: credentialsHeader, realm: spec.realm, offered: offered,
            scheme: result.chosenScheme?.token ?? credentials.first.map(Self.schemeToken(of:)),
            reason: result.decision.reason)
        if let presented = result.decision.credentials { record.fill(from: presented) }
        return GateResult(decision: GateDecision(result.decision, spec: spec), record: record)
    }

    /// Frees per-connection state (NTLM handshakes).
    func connectionClosed(_ connectionID: UInt64) {
        guard holdsConnectionState else { return }
        authenticator.withLock { $0.connectionClosed(connectionID) }
    }

    /// The header that carries this gate's challenges.
    var challengeHeader: String { side.challengeField }

    /// The scheme token a credentials value starts with (`Basic` of `Basic YWxp…`).
    static func schemeToken(of value: String) -> String {
        let token = value.drop { $0 == " " }.prefix { $0 != " " && $0 != "\t" }
        return token.isEmpty ? "(empty)" : String(token)
    }
}

/// One connection's last decision of a stateless gate: a keep-alive client repeats the same
/// credentials on every request, and a stateless gate (Basic, Bearer) decides them the same way
/// each time, so the connection answers from its memo when they are byte for byte the same. The
/// credentials were verified when first seen; nothing is accepted that was not.
struct ConnectionGateMemo {
    private var credentials: [String]?
    private var result: GateResult?
    /// Whether the last ``check(_:method:target:credentials:body:connectionID:)`` answered from the
    /// memo: then its result is the one the check before it returned, record and all.
    private(set) var lastCheckRemembered = false

    /// The gate's decision on `credentials`, from the memo when the gate is stateless and the
    /// credentials are those of the last request on this connection.
    mutating func check(
        _ gate: AuthGate, method: String, target: String, credentials: [String], body: [UInt8], connectionID: UInt64
    ) -> GateResult {
        lastCheckRemembered = false
        if gate.isStateless, let result, self.credentials?.isByteForByte(credentials) == true {
            lastCheckRemembered = true
            return result
        }
        let fresh = gate.check(
            method: method, target: target, credentials: credentials, body: body, connectionID: connectionID)
        if gate.isStateless {
            self.credentials = credentials
            self.result = fresh
        }
        return fresh
    }
}

extension [String] {
    /// Whether these credential fields are `other`'s byte for byte. Not `==`: Swift compares strings
    /// by canonical equivalence, so `K` and KELVIN SIGN (U+212A) would be one token, while the
    /// schemes verify bytes.
    func isByteForByte(_ other: [String]) -> Bool {
        count == other.count && zip(self, other).allSatisfy { $0.hasSameUTF8(as: $1) }
    }
}

/// What a gate decided about one request, and the record of it for the transcript.
struct GateResult: Sendable {
    var decision: GateDecision
    var record: AuthRecord
}

/// What a gate tells the handler (an origin's responder, a forward proxy) to do with a request: the
/// scheme's ``AuthDecision``, as HTTP.
enum GateDecision: Sendable, Equatable {
    /// Serve it; add these headers (e.g. `Authentication-Info`) to the response.
    case pass(responseHeaders: [HeaderField])
    /// Answer with the gate's ``AuthGate/challengeStatus``, one ``AuthGate/challengeHeader`` line
    /// per value.
    case challenge(values: [String])
    /// Answer 400: the credentials could not be read.
    case badRequest(reason: String)

    /// `decision` as HTTP, its challenges written as `spec` says (``AuthSpec/challengeFields(_:)``:
    /// as the machines write them, on one line, or as the scenario writes them). A handshake's
    /// continuation (one NTLM type 2) is the machine's own, as it writes it.
    init(_ decision: AuthDecision, spec: AuthSpec) {
        switch decision {
        case .authenticated(_, let headers):
            self = .pass(responseHeaders: headers)
        case .challenged(let values, _), .refused(let values, _, _):
            self = .challenge(values: spec.challengeFields(values))
        case .continued(let values, _, _):
            self = .challenge(values: values)
        case .malformed(let reason):
            self = .badRequest(reason: reason)
        }
    }
}

extension AuthRecord {
    mutating func fill(from presented: PresentedCredentials) {
        scheme = presented.scheme.token
        username = presented.username
        domain = presented.domain
        workstation = presented.workstation
        algorithm = presented.algorithm
        digestNonce = presented.digestNonce
        kerberos = presented.kerberos
    }
}
