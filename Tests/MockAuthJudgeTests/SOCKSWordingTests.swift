import MockAuthScenario
import MockAuthTranscript
import MockAuthVerdict
import Testing

@testable import MockAuthJudge

/// Verdicts about SOCKS5 proxies say what happened in RFC 1928's and RFC 1929's terms, read from the
/// connections' `socks` records: never "used plain HTTP", never an error type's description.
@Suite("Judge: SOCKS5 connections in SOCKS terms")
struct SOCKSWordingTests {
    static let proxy = EndpointRecord(server: "proxy", url: "socks5://127.0.0.1:1080")

    func verdict(_ expectation: any ScenarioRule, _ connections: [ConnectionRecord]) -> Verdict {
        Judge.verdict(
            for: Scenario(
                name: "socks5-example", summary: "",
                servers: [
                    ServerSpec(id: "proxy", role: .socks5(account: nil)),
                    ServerSpec(id: "origin", tls: TLSSpec(profile: .valid)),
                ],
                client: ClientSpec(requests: [RequestSpec(server: "origin")], proxy: ProxyClientSpec(server: "proxy")),
                expectations: [ScenarioExpectation(expectation)]),
            transcript: Transcript(endpoints: [Self.proxy], connections: connections))
    }

    func connection(
        _ socks: SOCKSRecord, repeats: Int = 0, requests: [RequestRecord] = [], protocolError: String? = nil
    ) -> ConnectionRecord {
        ConnectionRecord(
            id: 1, server: "proxy", requests: requests, closed: true, protocolError: protocolError, repeats: repeats,
            socks: socks)
    }

    static let succeeds = RequestSucceeds(server: "proxy", path: nil)

    @Test("curl offering no-authentication and GSS-API to a proxy that demands a password: its greeting, the 0xFF")
    func noAcceptableMethod() {
        let judged = verdict(
            Self.succeeds,
            [
                connection(
                    SOCKSRecord(methodsOffered: ["no-authentication", "gssapi"], methodChosen: "no-acceptable-methods"))
            ])
        #expect(judged.result == .fail)
        #expect(
            judged.violations.first?.reason
                == "a request never reached proxy (socks5://127.0.0.1:1080): the client greeted the SOCKS5 proxy offering no-authentication, gssapi, none of which the proxy accepts (it answered no-acceptable-methods)"
        )
        #expect(judged.violations.first?.reason.contains("plain HTTP") == false)
    }

    @Test("an HTTP CONNECT sent to the SOCKS port reads as one, with its target; not SOCKS5 InvalidProtocolVersion")
    func httpOnTheSOCKSPort() {
        let judged = verdict(
            Self.succeeds, [connection(SOCKSRecord(firstByte: 0x43, httpRequest: "CONNECT 127.0.0.1:4433"))])
        #expect(
            judged.violations.first?.reason
                == "a request never reached proxy (socks5://127.0.0.1:1080): the client sent an HTTP request (CONNECT 127.0.0.1:4433) where a SOCKS5 greeting was expected"
        )
    }

    @Test("bytes that are not SOCKS5 nor HTTP are named by their first byte")
    func notSOCKS() {
        #expect(
            SOCKSRecord(firstByte: 0x43).summary(protocolError: nil)
                == "sent bytes that are not SOCKS5 (first byte 0x43 'C')")
        #expect(
            SOCKSRecord(firstByte: 0x16).summary(protocolError: nil)
                == "sent bytes that are not SOCKS5 (first byte 0x16, a TLS handshake record: it spoke TLS to the proxy)"
        )
        #expect(
            SOCKSRecord(firstByte: 0x04).summary(protocolError: nil)
                == "sent bytes that are not SOCKS5 (first byte 0x04: SOCKS4)")
        #expect(SOCKSRecord().summary(protocolError: nil) == "closed the connection without a SOCKS5 greeting")
    }

    @Test("a whole negotiation: the methods, the method chosen, RFC 1929, the CONNECT's address type, target and reply")
    func negotiation() {
        let record = SOCKSRecord(
            methodsOffered: ["no-authentication", "gssapi", "username-password"], methodChosen: "username-password",
            username: "socks-user", authenticated: true, addressType: .domainName, target: "api.remote.test:4433",
            reply: "connection-not-allowed")
        #expect(
            record.summary(protocolError: nil)
                == "greeted the SOCKS5 proxy offering no-authentication, gssapi, username-password; the proxy chose username-password; then the client authenticated (RFC 1929) for user socks-user; then the client sent CONNECT api.remote.test:4433 by domain name, answered connection-not-allowed"
        )
        let broken = SOCKSRecord(methodsOffered: ["no-authentication"], methodChosen: "no-authentication")
        #expect(
            broken.summary(protocolError: "a request of address type 0x07 (RFC 1928 has 0x01, 0x03 and 0x04)")
                == "greeted the SOCKS5 proxy offering no-authentication; the proxy chose no-authentication; then the client sent a request of address type 0x07 (RFC 1928 has 0x01, 0x03 and 0x04)"
        )
    }

    static let maxAttempts = MaxAttempts(server: "proxy", attempts: 3)

    static func emptyPassword() -> SOCKSRecord {
        SOCKSRecord(
            methodsOffered: ["no-authentication", "username-password"], methodChosen: "username-password",
            username: "root", malformedStep: "an empty password, where RFC 1929 wants 1 to 255 bytes")
    }

    @Test("max-attempts counts a step with an empty password as an attempt (the JDK's, six times), and says so")
    func emptyPasswordSteps() {
        let judged = verdict(Self.maxAttempts, [connection(Self.emptyPassword(), repeats: 5)])
        #expect(judged.result == .fail)
        #expect(
            judged.violations.first?.reason
                == "the client took a SOCKS5 username/password step the proxy did not accept 6 times (at most 3 allowed; last: a step for user root the proxy could not read: an empty password, where RFC 1929 wants 1 to 255 bytes)"
        )
        let once = verdict(Self.maxAttempts, [connection(Self.emptyPassword())])
        #expect(once.result == .pass)
        #expect(once.met.first?.reason == "the client stopped after 1 refused attempt")
    }

    @Test("max-attempts: a refused step counts as before; an accepted one exercises the rule without counting")
    func refusedSteps() {
        let refused = SOCKSRecord(
            methodsOffered: ["username-password"], methodChosen: "username-password", username: "socks-user",
            authenticated: false)
        let judged = verdict(Self.maxAttempts, [connection(refused, repeats: 4)])
        #expect(
            judged.violations.first?.reason
                == "the client took a SOCKS5 username/password step the proxy did not accept 5 times (at most 3 allowed; last: a wrong SOCKS5 password for user socks-user)"
        )
        var accepted = refused
        accepted.authenticated = true
        #expect(
            verdict(Self.maxAttempts, [connection(accepted)]).met.first?.reason
                == "the client stopped after 0 refused attempts")
        #expect(verdict(Self.maxAttempts, [connection(SOCKSRecord())]).result == .inconclusive)
    }
}
