import MockAuthScenario
import MockAuthTranscript
import NIOCore
import NIOEmbedded
import Testing

@testable import MockAuthServer

@Suite("ForwardProxyHandler: a 407 that closes its connection (close-after-challenge), on EmbeddedChannel")
struct ForwardProxyClosingChallengeTests {
    static let connect = "CONNECT 127.0.0.1:8080 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n"

    /// A Basic proxy gate whose first challenge closes its connection.
    static func closingGate() -> AuthGate {
        var spec = AuthSpec(realm: "proxy", schemes: [.basic], account: ProxyConnection.account)
        spec.closesAfterChallenge = true
        return AuthGate(spec: spec, side: .proxy)
    }

    @Test("the first 407 says Connection: close and closes; the answer on a new connection opens the tunnel")
    func closesThenTunnels() throws {
        let gate = Self.closingGate()
        let first = try ProxyConnection(gate: gate)
        let response = try WireResponse.parse(first.send(Self.connect))
        #expect(response.status == 407)
        #expect(response.values(of: "Proxy-Authenticate") == [ProxyConnection.challenge])
        #expect(response.values(of: "Connection") == ["close"])
        #expect(!first.channel.isActive)
        #expect(first.recorder.isClosed)
        #expect(first.dialer.dials.isEmpty)
        #expect(first.requests.map(\.responseStatus) == [407])
        #expect(first.requests.map(\.closedConnection) == [true])
        #expect(first.requests.map { $0.auth?.decision } == [.challenged])

        let second = try ProxyConnection(gate: gate)
        #expect(try second.send(ProxyConnection.authorized("CONNECT 127.0.0.1:8080 HTTP/1.1")).isEmpty)
        _ = try second.dialer.connect()
        second.channel.embeddedEventLoop.run()
        #expect(try second.channel.readOutboundText() == "HTTP/1.1 200 Connection Established\r\n\r\n")
        #expect(second.requests.map(\.responseStatus) == [200])
        #expect(second.requests.map(\.closedConnection) == [nil])
        #expect(second.requests.map { $0.auth?.decision } == [.authenticated])
        #expect(second.channel.isActive)
    }

    @Test("an answer pipelined behind the closing 407, on the same connection, is never read")
    func pipelinedAnswerUnread() throws {
        for first in [Self.connect, "GET http://127.0.0.1:8080/ HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n"] {
            let proxy = try ProxyConnection(gate: Self.closingGate())
            let answer = ProxyConnection.authorized("CONNECT 127.0.0.1:8080 HTTP/1.1")
            let response = try WireResponse.parse(proxy.send(first + answer))
            #expect(response.status == 407)
            #expect(response.values(of: "Connection") == ["close"])
            #expect(!proxy.channel.isActive)
            #expect(proxy.dialer.dials.isEmpty, "\(first)")
            #expect(proxy.requests.map(\.responseStatus) == [407], "\(first)")
        }
    }

    @Test("once per run: a later 407 keeps its connection, as every 407 of a proxy without the key does")
    func closesOnce() throws {
        let gate = Self.closingGate()
        let first = try ProxyConnection(gate: gate)
        _ = try first.send(Self.connect)
        #expect(!first.channel.isActive)

        let later = try ProxyConnection(gate: gate)
        let response = try WireResponse.parse(later.send(Self.connect))
        #expect(response.status == 407)
        #expect(response.values(of: "Connection").isEmpty)
        #expect(later.channel.isActive)
        #expect(later.requests.map(\.closedConnection) == [nil])
    }
}
