import MockAuthVocabulary
import NIOCore
import NIOSOCKS
import Testing

@testable import MockAuthServer

/// The SOCKS5 proxy's decisions as values, with no channel: what each message of the client leads
/// to, in RFC 1928's and RFC 1929's terms.
@Suite("SOCKSProxyStateMachine: the SOCKS5 proxy's decisions, apart from the channel")
struct SOCKSProxyStateMachineTests {
    static let open = SOCKSPolicy(
        allowedTargets: [SOCKSConnection.origin], aliases: [SOCKSConnection.named: SOCKSConnection.origin])
    static let guarded = SOCKSPolicy(
        allowedTargets: [SOCKSConnection.origin], aliases: [SOCKSConnection.named: SOCKSConnection.origin],
        account: SOCKSConnection.account)

    static func connect(_ host: String, _ port: Int = 8080, command: SOCKSCommand = .connect) -> SOCKSRequest {
        SOCKSRequest(command: command, addressType: .domain(host, port: port))
    }

    static func step(_ user: String, _ password: String) -> ByteBufferView {
        ByteBuffer(bytes: SOCKSConnection.step(user, password)).readableBytesView
    }

    @Test("no authentication: the method, the CONNECT recorded and dialled by its alias, then the tunnel")
    func tunnel() {
        var machine = SOCKSProxyStateMachine(policy: Self.open)
        #expect(
            machine.greeted(ClientGreeting(methods: [.noneRequired, .gssapi]))
                == .chooseMethod(offered: [.noneRequired, .gssapi], chosen: .noneRequired, then: .read(.request)))
        #expect(
            machine.requested(Self.connect("api.mockauth.test")) == [
                .recordRequest(addressType: .domainName, target: SOCKSConnection.named), .dial(SOCKSConnection.origin),
            ])
        #expect(machine.dialled(true) == .establishTunnel)
        #expect(machine.state == .tunnelled)
    }

    @Test("a proxy with an account takes only username/password: 0xFF to a greeting without it, and a close")
    func noAcceptableMethod() {
        var machine = SOCKSProxyStateMachine(policy: Self.guarded)
        #expect(
            machine.greeted(ClientGreeting(methods: [.noneRequired]))
                == .chooseMethod(offered: [.noneRequired], chosen: .noneAcceptable, then: .close))
        #expect(machine.state == .closed)
    }

    @Test("RFC 1929's step in two pieces: nothing until it is whole, then status 0 and the CONNECT read")
    func stepAccepted() {
        var machine = SOCKSProxyStateMachine(policy: Self.guarded)
        _ = machine.greeted(ClientGreeting(methods: [.usernamePassword]))
        let whole = Array(Self.step("socks-user", "tunnel-7"))
        #expect(machine.stepBytes(ByteBuffer(bytes: whole.prefix(5)).readableBytesView) == .wait)
        #expect(
            machine.stepBytes(ByteBuffer(bytes: whole.dropFirst(5)).readableBytesView)
                == .answerStep(username: Array("socks-user".utf8), accepted: true, then: .read(.request)))
        #expect(machine.state == .awaitingRequest)
    }

    @Test("a wrong password is status 1 and a close; an unreadable step a close without an answer")
    func stepRefused() {
        var wrong = SOCKSProxyStateMachine(policy: Self.guarded)
        _ = wrong.greeted(ClientGreeting(methods: [.usernamePassword]))
        #expect(
            wrong.stepBytes(Self.step("socks-user", "wrong"))
                == .answerStep(username: Array("socks-user".utf8), accepted: false, then: .close))
        #expect(wrong.requested(Self.connect("api.mockauth.test")) == [])

        var malformed = SOCKSProxyStateMachine(policy: Self.guarded)
        _ = malformed.greeted(ClientGreeting(methods: [.usernamePassword]))
        guard case .refuseStep = malformed.stepBytes(ByteBuffer(bytes: [2, 1, 0x61]).readableBytesView) else {
            Issue.record("a step of version 2 was not refused")
            return
        }
        #expect(malformed.state == .closed)
    }

    @Test("step bytes the proxy did not ask for, and a CONNECT before the step, close the connection")
    func outOfOrder() {
        var open = SOCKSProxyStateMachine(policy: Self.open)
        _ = open.greeted(ClientGreeting(methods: [.noneRequired]))
        #expect(
            open.stepBytes(Self.step("a", "b")) == .refuse("bytes of an authentication step the proxy did not choose"))

        var guarded = SOCKSProxyStateMachine(policy: Self.guarded)
        _ = guarded.greeted(ClientGreeting(methods: [.usernamePassword]))
        #expect(
            guarded.requested(Self.connect("api.mockauth.test"))
                == [.refuse("a CONNECT before the username/password step")])
    }

    @Test("BIND, a target that is not the scenario's, and a failed dial each get their RFC 1928 reply")
    func replies() {
        var bind = SOCKSProxyStateMachine(policy: Self.open)
        _ = bind.greeted(ClientGreeting(methods: [.noneRequired]))
        #expect(
            bind.requested(Self.connect("api.mockauth.test", command: .bind)) == [
                .recordRequest(addressType: .domainName, target: SOCKSConnection.named), .reply(.commandUnsupported),
            ])

        var elsewhere = SOCKSProxyStateMachine(policy: Self.open)
        _ = elsewhere.greeted(ClientGreeting(methods: [.noneRequired]))
        let outside = ProxyTarget(host: "example.com", port: 443)
        #expect(
            elsewhere.requested(Self.connect("example.com", 443)) == [
                .recordRequest(addressType: .domainName, target: outside), .reply(.notAllowed),
            ])

        var unreachable = SOCKSProxyStateMachine(policy: Self.open)
        _ = unreachable.greeted(ClientGreeting(methods: [.noneRequired]))
        _ = unreachable.requested(Self.connect("api.mockauth.test"))
        #expect(unreachable.dialled(false) == .reply(.hostUnreachable))
        #expect(unreachable.state == .closed)
    }

    @Test("one CONNECT per connection: a second one while the first is dialled is not acted on")
    func oneRequest() {
        var machine = SOCKSProxyStateMachine(policy: Self.open)
        _ = machine.greeted(ClientGreeting(methods: [.noneRequired]))
        _ = machine.requested(Self.connect("api.mockauth.test"))
        #expect(machine.requested(Self.connect("api.mockauth.test")) == [])
    }
}
