import Foundation
import MockAuthTestSupport
import MockAuthVocabulary
import Synchronization
import Testing

@testable import MockAuthSchemes

/// A ``KerberosAcceptor`` that answers as told and records every token it was handed: the
/// machine's side of acceptance without a keytab (the real one, GSS-API, is exercised by the
/// integration tests against a real KDC).
final class FakeKerberosAcceptor: KerberosAcceptor {
    let answer: KerberosAcceptance
    private let received = Mutex<[[UInt8]]>([])

    init(_ answer: KerberosAcceptance) {
        self.answer = answer
    }

    func accept(_ initialContextToken: [UInt8]) -> KerberosAcceptance {
        received.withLock { $0.append(initialContextToken) }
        return answer
    }

    /// The tokens handed to ``accept(_:)``, in order.
    var tokens: [[UInt8]] { received.withLock { $0 } }
}

@Suite("Negotiate with Kerberos: the machine with a fake acceptor")
struct NegotiateKerberosTests {
    static let client = "alice@\(RealKerberos.realm)"
    let ntlm = NTLMConfiguration(username: "alice", password: "Pa55w0rd!", domain: "CORP")

    static func bytes(_ base64: String) throws -> [UInt8] { try #require(Base64.decode(base64)) }

    static func accepting(delegated: Bool = false, reply: [UInt8]? = nil) -> FakeKerberosAcceptor {
        FakeKerberosAcceptor(.accepted(clientPrincipal: client, delegated: delegated, replyToken: reply))
    }

    func machine(
        _ acceptor: FakeKerberosAcceptor?, servicePrincipal: String = RealKerberos.servicePrincipal,
        reply: KerberosReply = .genuine, side: ChallengeSide = .origin
    ) -> OfferedAlone {
        let verification = acceptor.map {
            KerberosVerification(acceptor: $0, servicePrincipal: servicePrincipal, reply: reply)
        }
        return OfferedAlone(
            .negotiate(NegotiateConfiguration(ntlm: ntlm, side: side, kerberos: verification)), random: .seeded(5))
    }

    func send(_ machine: inout OfferedAlone, _ token: [UInt8], connection: UInt64 = 1) -> AuthDecision {
        machine.receive(
            AuthRequest(authorization: ["Negotiate " + base64(token)], connectionID: connection), now: testNow)
    }

    /// The value of a final `Negotiate <token>` header as a SPNEGO NegTokenResp.
    static func response(_ header: HeaderField?) throws -> SPNEGONegTokenResp? {
        guard let value = header?.value, value.hasPrefix("Negotiate ") else { return nil }
        let token = try #require(Base64.decode(String(value.dropFirst("Negotiate ".count))))
        guard case .response(let response) = try NegotiateToken.parse(token) else { return nil }
        return response
    }

    @Test("SPNEGO with the real AP-REQ: the acceptor gets the mechToken, the answer the AP-REP in accept-completed")
    func spnegoAccepted() throws {
        let reply = try Self.bytes(RealKerberos.apReply)
        let acceptor = Self.accepting(reply: reply)
        var machine = machine(acceptor)
        let wrapped = try Self.bytes(RealKerberos.spnegoInit)
        guard case .initial(let initial) = try NegotiateToken.parse(wrapped) else {
            Issue.record("the fixture is a NegTokenInit")
            return
        }
        guard case .authenticated(let credentials, let headers) = send(&machine, wrapped) else {
            Issue.record("expected authentication")
            return
        }
        #expect(acceptor.tokens == [initial.mechToken].compactMap { $0 })
        #expect(credentials.scheme == .negotiate)
        #expect(credentials.verified)
        #expect(credentials.username == Self.client)
        #expect(
            credentials.detail
                == "Negotiate (Kerberos): \(Self.client)'s ticket for \(RealKerberos.servicePrincipal)")
        let mutual = try KerberosAPRequest.parse(initialContextToken: try #require(initial.mechToken)).mutualRequired
        #expect(
            credentials.kerberos
                == KerberosTicket(
                    servicePrincipal: RealKerberos.servicePrincipal, clientPrincipal: Self.client,
                    mutualRequested: mutual, delegated: false))
        #expect(headers.count == 1)
        #expect(headers.first?.name == "WWW-Authenticate")
        #expect(
            try Self.response(headers.first)
                == SPNEGONegTokenResp(negState: .acceptCompleted, supportedMech: .kerberos5, responseToken: reply))
    }

    @Test("a bare krb5 token (RFC 4559 without SPNEGO): the whole token to the acceptor, the AP-REP bare")
    func bareAccepted() throws {
        let reply = try Self.bytes(RealKerberos.apReply)
        let acceptor = Self.accepting(delegated: true, reply: reply)
        var machine = machine(acceptor)
        let token = try Self.bytes(RealKerberos.delegatingAPRequest)
        guard case .authenticated(let credentials, let headers) = send(&machine, token) else {
            Issue.record("expected authentication")
            return
        }
        #expect(acceptor.tokens == [token])
        #expect(headers == [HeaderField(name: "WWW-Authenticate", value: "Negotiate " + base64(reply))])
        #expect(credentials.kerberos?.delegated == true)
        #expect(credentials.kerberos?.mutualRequested == true)
        #expect(credentials.detail.hasSuffix(", with its ticket-granting ticket forwarded"))
    }

    @Test("without an AP-REP (no mutual authentication): no header bare, accept-completed alone in SPNEGO")
    func noReplyToken() throws {
        var bare = machine(Self.accepting())
        guard
            case .authenticated(let credentials, let headers) = send(&bare, try Self.bytes(RealKerberos.plainAPRequest))
        else {
            Issue.record("expected authentication")
            return
        }
        #expect(headers.isEmpty)
        #expect(credentials.kerberos?.mutualRequested == false)
        var wrapped = machine(Self.accepting())
        let initial = SPNEGONegTokenInit(
            mechTypes: [.kerberos5, .ntlmssp], mechToken: try Self.bytes(RealKerberos.plainAPRequest))
        guard case .authenticated(_, let spnegoHeaders) = send(&wrapped, initial.encoded()) else {
            Issue.record("expected authentication")
            return
        }
        #expect(
            try Self.response(spnegoHeaders.first)
                == SPNEGONegTokenResp(negState: .acceptCompleted, supportedMech: .kerberos5))
    }

    @Test("the supportedMech echoes the client's first OID: Microsoft's Kerberos OID stays Microsoft's")
    func microsoftOID() throws {
        var machine = machine(Self.accepting(reply: [0x60, 0x00]))
        let initial = SPNEGONegTokenInit(
            mechTypes: [.microsoftKerberos5, .kerberos5, .ntlmssp],
            mechToken: try Self.bytes(RealKerberos.mutualAPRequest))
        guard case .authenticated(_, let headers) = send(&machine, initial.encoded()) else {
            Issue.record("expected authentication")
            return
        }
        #expect(try Self.response(headers.first)?.supportedMech == .microsoftKerberos5)
    }

    @Test("a forged reply: the AP-REP with its last byte altered, in the same place")
    func forgedReply() throws {
        let reply = try Self.bytes(RealKerberos.apReply)
        var bare = machine(Self.accepting(reply: reply), reply: .forged)
        guard case .authenticated(_, let headers) = send(&bare, try Self.bytes(RealKerberos.mutualAPRequest)) else {
            Issue.record("expected authentication")
            return
        }
        let forged = KerberosReply.forged.applied(to: reply)
        #expect(headers == [HeaderField(name: "WWW-Authenticate", value: "Negotiate " + base64(forged))])
        var wrapped = machine(Self.accepting(reply: reply), reply: .forged)
        guard case .authenticated(_, let spnegoHeaders) = send(&wrapped, try Self.bytes(RealKerberos.spnegoInit)) else {
            Issue.record("expected authentication")
            return
        }
        #expect(try Self.response(spnegoHeaders.first)?.responseToken == forged)
    }

    @Test("a proxy's machine answers in Proxy-Authenticate")
    func proxySide() throws {
        var machine = machine(Self.accepting(reply: [1, 2, 3]), side: .proxy)
        guard case .authenticated(_, let headers) = send(&machine, try Self.bytes(RealKerberos.mutualAPRequest)) else {
            Issue.record("expected authentication")
            return
        }
        #expect(headers.map(\.name) == ["Proxy-Authenticate"])
    }

    @Test("a ticket the acceptor refuses: refused with its reason; the ticket's names are recorded, no client")
    func rejected() throws {
        let acceptor = FakeKerberosAcceptor(.rejected(reason: "Decrypt integrity check failed"))
        var machine = machine(acceptor)
        let decision = send(&machine, try Self.bytes(RealKerberos.mutualAPRequest))
        guard case .refused(let values, let reason, let credentials) = decision else {
            Issue.record("expected a refusal, got \(decision)")
            return
        }
        #expect(values == ["Negotiate"])
        #expect(
            reason
                == "the Kerberos ticket for \(RealKerberos.servicePrincipal) did not verify: Decrypt integrity check failed"
        )
        #expect(credentials?.verified == false)
        #expect(credentials?.username == nil)
        #expect(
            credentials?.kerberos
                == KerberosTicket(
                    servicePrincipal: RealKerberos.servicePrincipal, clientPrincipal: nil, mutualRequested: true,
                    delegated: false))
        #expect(acceptor.tokens.count == 1)
    }

    @Test("a ticket for another service principal (the port added) is refused by name, without asking the acceptor")
    func wrongServicePrincipal() throws {
        let acceptor = Self.accepting()
        var machine = machine(acceptor, servicePrincipal: "HTTP/www.test@\(RealKerberos.realm)")
        let decision = send(&machine, try Self.bytes(RealKerberos.mutualAPRequest))
        guard case .refused(_, let reason, let credentials) = decision else {
            Issue.record("expected a refusal, got \(decision)")
            return
        }
        #expect(
            reason
                == "the Kerberos ticket is for \(RealKerberos.servicePrincipal), not for this server (HTTP/www.test@\(RealKerberos.realm))"
        )
        #expect(credentials?.kerberos?.servicePrincipal == RealKerberos.servicePrincipal)
        #expect(acceptor.tokens.isEmpty)
        let withPort = APRequestBuilder.token(realm: RealKerberos.realm, components: ["HTTP", "www.test:8443"])
        var other = self.machine(acceptor, servicePrincipal: "HTTP/www.test@\(RealKerberos.realm)")
        guard case .refused(_, let portReason, _) = send(&other, withPort) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(portReason.contains("is for HTTP/www.test:8443@\(RealKerberos.realm), not for this server"))
        var real = self.machine(acceptor)
        guard case .refused(_, let realReason, _) = send(&real, try Self.bytes(RealKerberos.portAPRequest)) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(
            realReason
                == "the Kerberos ticket is for HTTP/intranet.test:4431@\(RealKerberos.realm), not for this server (\(RealKerberos.servicePrincipal))"
        )
        #expect(acceptor.tokens.isEmpty)
    }

    @Test("the same AP-REQ twice is a replay, on the same connection or another; another AP-REQ is accepted")
    func replay() throws {
        let acceptor = Self.accepting()
        var machine = machine(acceptor)
        let token = try Self.bytes(RealKerberos.mutualAPRequest)
        #expect(send(&machine, token, connection: 1).outcome == .authenticated)
        for connection: UInt64 in [1, 2] {
            let decision = send(&machine, token, connection: connection)
            guard case .refused(_, let reason, let credentials) = decision else {
                Issue.record("expected a refusal, got \(decision)")
                return
            }
            #expect(reason == "the Kerberos AP-REQ was sent before (a replay)")
            #expect(credentials?.verified == false)
        }
        #expect(send(&machine, try Self.bytes(RealKerberos.plainAPRequest), connection: 3).outcome == .authenticated)
        // The same AP-REQ inside SPNEGO is the same ticket and authenticator: a replay too.
        let wrapped = SPNEGONegTokenInit(mechTypes: [.kerberos5], mechToken: token)
        #expect(send(&machine, wrapped.encoded(), connection: 4).outcome == .refused)
    }

    @Test("a token the acceptor refused is not remembered: the same token later is judged again")
    func refusedNotRemembered() throws {
        let refusing = FakeKerberosAcceptor(.rejected(reason: "clock skew"))
        var machine = machine(refusing)
        let token = try Self.bytes(RealKerberos.mutualAPRequest)
        _ = send(&machine, token)
        guard case .refused(_, let reason, _) = send(&machine, token) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(reason.hasSuffix("did not verify: clock skew"))
        #expect(refusing.tokens.count == 2)
    }

    @Test("a malformed Kerberos token is malformed, bare or inside SPNEGO, and never reaches the acceptor")
    func malformed() throws {
        let acceptor = Self.accepting()
        var machine = machine(acceptor)
        let truncated = Array(try Self.bytes(RealKerberos.mutualAPRequest).prefix(40))
        let inside = SPNEGONegTokenInit(mechTypes: [.kerberos5], mechToken: truncated)
        for token in [inside.encoded(), APRequestBuilder.initialContextToken([], tokenID: [2, 0])] {
            let decision = send(&machine, token)
            guard case .malformed(let reason) = decision else {
                Issue.record("expected malformed, got \(decision)")
                continue
            }
            #expect(reason.hasPrefix("malformed Kerberos token: "))
        }
        #expect(acceptor.tokens.isEmpty)
    }

    @Test("without a Kerberos key the machine refuses Kerberos as before, bare and in SPNEGO")
    func withoutKerberos() throws {
        var machine = machine(nil)
        for token in [
            try Self.bytes(RealKerberos.mutualAPRequest), try Self.bytes(RealKerberos.spnegoInit),
        ] {
            guard case .refused(_, let reason, _) = send(&machine, token) else {
                Issue.record("expected a refusal")
                continue
            }
            #expect(reason == NegotiateServerStateMachine.kerberosOnlyReason)
        }
    }

    @Test("NTLM inside SPNEGO still works beside Kerberos, and never reaches the acceptor")
    func ntlmBeside() throws {
        let acceptor = Self.accepting()
        var machine = machine(acceptor)
        let client = NTLMTestClient(user: "alice", password: "Pa55w0rd!", domain: "CORP")
        // NTLM first with its token; then Kerberos listed first but without an optimistic token.
        for mechTypes: [SPNEGOMechanism] in [[.ntlmssp, .kerberos5], [.kerberos5, .ntlmssp]] {
            let connection: UInt64 = mechTypes.first == .ntlmssp ? 10 : 11
            var decision: AuthDecision
            if mechTypes.first == .ntlmssp {
                decision = send(
                    &machine, SPNEGONegTokenInit(mechTypes: mechTypes, mechToken: client.negotiateMessage()).encoded(),
                    connection: connection)
            } else {
                decision = send(&machine, SPNEGONegTokenInit(mechTypes: mechTypes).encoded(), connection: connection)
                guard case .continued = decision else {
                    Issue.record("expected NTLM selected, got \(decision)")
                    continue
                }
                decision = send(
                    &machine, SPNEGONegTokenResp(responseToken: client.negotiateMessage()).encoded(),
                    connection: connection)
            }
            guard case .continued(let values, _, _) = decision, let value = values.first,
                let token = value.split(separator: " ").last, let bytes = Base64.decode(String(token)),
                case .response(let response)? = try? NegotiateToken.parse(bytes),
                let inner = response.responseToken, case .challenge(let type2)? = try? NTLMMessage.parse(inner)
            else {
                Issue.record("expected an NTLM challenge, got \(decision)")
                continue
            }
            let type3 = SPNEGONegTokenResp(responseToken: client.authenticateMessage(challenge: type2))
            guard case .authenticated(let credentials, _) = send(&machine, type3.encoded(), connection: connection)
            else {
                Issue.record("expected NTLM authentication")
                continue
            }
            #expect(credentials.username == "alice")
            #expect(credentials.kerberos == nil)
        }
        #expect(acceptor.tokens.isEmpty)
    }
}

@Suite("KerberosReply and KerberosReplayCache")
struct KerberosReplyAndReplayCacheTests {
    @Test("genuine sends the AP-REP as it is; forged alters its last byte alone (the cipher text's end)")
    func forged() throws {
        let reply = try #require(Base64.decode(RealKerberos.apReply))
        #expect(KerberosReply.genuine.applied(to: reply) == reply)
        let forged = KerberosReply.forged.applied(to: reply)
        #expect(forged.count == reply.count)
        #expect(forged.dropLast() == reply.dropLast())
        #expect(forged.last == reply.last.map { $0 ^ 0x5A })
        #expect(forged != reply)
        // Still framed as the AP-REP it was: a client parses it and fails only its decryption.
        #expect(try NegotiateToken.parse(forged) == .otherMechanism(.kerberos5))
        #expect(KerberosReply.forged.applied(to: []) == [])
        #expect(KerberosReply.forged.applied(to: [0x00]) == [0x5A])
        #expect(KerberosReply.allCases.map(\.rawValue) == ["genuine", "forged"])
    }

    @Test("the replay cache refuses a token seen, and forgets the oldest past its capacity")
    func bound() {
        var cache = KerberosReplayCache()
        func admit(_ number: Int) -> Bool {
            cache.admit(withUnsafeBytes(of: UInt32(number).bigEndian) { Array($0) })
        }
        #expect(admit(0))
        #expect(!admit(0))
        for number in 1..<KerberosReplayCache.capacity {
            #expect(admit(number))
        }
        // Exactly at capacity: the first is still remembered.
        #expect(!admit(0))
        #expect(!admit(KerberosReplayCache.capacity - 1))
        // One more evicts the oldest (0), and only it.
        #expect(admit(KerberosReplayCache.capacity))
        #expect(admit(0))
        // Admitting 0 evicted 1, admitting 1 evicted 2: 3 is still remembered.
        #expect(admit(1))
        #expect(!admit(3))
    }

    @Test("a flood of distinct tokens keeps the cache at its capacity and every token admitted once")
    func flood() {
        var cache = KerberosReplayCache()
        var admitted = 0
        for number in 0..<(3 * KerberosReplayCache.capacity) where cache.admit(Array("ticket-\(number)".utf8)) {
            admitted += 1
        }
        #expect(admitted == 3 * KerberosReplayCache.capacity)
        let last = cache.admit(Array("ticket-\(3 * KerberosReplayCache.capacity - 1)".utf8))
        #expect(!last)
    }
}
