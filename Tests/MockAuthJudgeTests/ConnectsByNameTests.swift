import MockAuthScenario
import MockAuthTranscript
import MockAuthVerdict
import Testing

@testable import MockAuthJudge

@Suite("Judge: connects-by-name, read from the SOCKS5 records' address types")
struct ConnectsByNameTests {
    static let rule = ConnectsByName(server: "proxy")

    func verdict(_ connections: [ConnectionRecord]) -> Verdict {
        Judge.verdict(
            for: Scenario(
                name: "socks5h", summary: "",
                servers: [
                    ServerSpec(id: "proxy", role: .socks5(account: nil)),
                    ServerSpec(id: "origin", tls: TLSSpec(profile: .valid)),
                ],
                client: ClientSpec(requests: [RequestSpec(server: "origin")], proxy: ProxyClientSpec(server: "proxy")),
                expectations: [ScenarioExpectation(Self.rule, because: "only the proxy knows the name")]),
            transcript: Transcript(connections: connections))
    }

    func connection(_ id: UInt64, _ socks: SOCKSRecord?, protocolError: String? = nil) -> ConnectionRecord {
        ConnectionRecord(id: id, server: "proxy", protocolError: protocolError, socks: socks)
    }

    static func connect(_ type: SOCKSRecord.AddressType, _ target: String) -> SOCKSRecord {
        SOCKSRecord(
            methodsOffered: ["no-authentication"], methodChosen: "no-authentication", addressType: type,
            target: target, reply: "succeeded")
    }

    @Test("a CONNECT by domain name holds")
    func byName() {
        let judged = verdict([connection(1, Self.connect(.domainName, "api.remote.test:4433"))])
        #expect(judged.result == .pass)
        #expect(judged.findings.first?.reason == "the client sent proxy CONNECT api.remote.test:4433 by domain name")
    }

    @Test("the CONNECT named is the one the proxy let through, not a refused one before it (a browser's own)")
    func namesTheSucceededOne() {
        var background = Self.connect(.domainName, "clients2.google.com:80")
        background.reply = "connection-not-allowed"
        let judged = verdict([
            connection(1, background), connection(2, Self.connect(.domainName, "api.remote.test:4433")),
        ])
        #expect(judged.result == .pass)
        #expect(
            judged.findings.first?.reason
                == "the client sent proxy CONNECT api.remote.test:4433 by domain name (and 1 more, each by name)")
    }

    @Test("a CONNECT by IPv4 or IPv6 address is violated, even beside one by name")
    func byAddress() {
        let judged = verdict([
            connection(1, Self.connect(.domainName, "api.remote.test:4433")),
            connection(2, Self.connect(.ipv4, "127.0.0.1:4433")),
        ])
        #expect(judged.result == .fail)
        #expect(
            judged.violations.first?.reason
                == "the client sent proxy CONNECT 127.0.0.1:4433 by IPv4 address, not by name: only the proxy knows the name"
        )
        let ipv6 = verdict([connection(1, Self.connect(.ipv6, "[::1]:4433"))])
        #expect(ipv6.violations.first?.reason.contains("CONNECT [::1]:4433 by IPv6 address") == true)
    }

    @Test("no CONNECT is inconclusive, and the reason says what the proxy saw")
    func noConnect() {
        let never = verdict([])
        #expect(never.result == .inconclusive)
        #expect(never.findings.first?.reason == "the client never connected to proxy, so it sent no CONNECT")

        let greeted = verdict([
            connection(1, SOCKSRecord(methodsOffered: ["no-authentication"], methodChosen: "no-authentication"))
        ])
        #expect(greeted.result == .inconclusive)
        #expect(greeted.findings.first?.reason.contains("then closed the connection without a CONNECT") == true)

        let refused = verdict([
            connection(1, SOCKSRecord(methodsOffered: ["gssapi"], methodChosen: "no-acceptable-methods"))
        ])
        #expect(refused.findings.first?.reason.contains("accepted none of the methods") == true)

        let http = verdict([
            connection(1, SOCKSRecord(firstByte: 0x43, httpRequest: "CONNECT api.remote.test:4433"))
        ])
        #expect(
            http.findings.first?.reason
                == "no CONNECT reached proxy: the client sent an HTTP request (CONNECT api.remote.test:4433) where a SOCKS5 greeting was expected"
        )

        let unreadable = verdict([
            connection(
                1,
                SOCKSRecord(
                    methodsOffered: ["username-password"], methodChosen: "username-password", username: "root",
                    malformedStep: "an empty password, where RFC 1929 wants 1 to 255 bytes"))
        ])
        #expect(
            unreadable.findings.first?.reason
                == "proxy could not read the client's username/password step for user root: an empty password, where RFC 1929 wants 1 to 255 bytes; the client sent no CONNECT"
        )
    }
}
