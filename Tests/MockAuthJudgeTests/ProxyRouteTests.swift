import MockAuthScenario
import MockAuthTranscript
import MockAuthVerdict
import Testing

@testable import MockAuthJudge

/// `goes-through-proxy` and `bypasses-proxy`: a connection came through the proxy when its client's
/// address is one the proxy dialled from (`dialledFrom` on the proxy's connection).
@Suite("Judge: goes-through-proxy and bypasses-proxy")
struct ProxyRouteTests {
    static let request = RequestRecord(method: "GET", target: "/", responseStatus: 200, sequence: 1)

    func verdict(_ rule: any ScenarioRule, origin from: String?, proxyDialled: [String]?) -> Verdict {
        let proxy = ConnectionRecord(
            id: 1, server: "proxy", remoteAddress: "127.0.0.1:50000",
            requests: [RequestRecord(method: "GET", target: "http://origin.test:8080/", responseStatus: 200)])
        var dialling = proxy
        dialling.dialledFrom = proxyDialled
        var connections = [dialling]
        if let from {
            connections.append(ConnectionRecord(id: 2, server: "origin", remoteAddress: from, requests: [Self.request]))
        }
        return Judge.verdict(
            for: Scenario(
                name: "route", summary: "",
                servers: [ServerSpec(id: "proxy", role: .forwardProxy), ServerSpec(id: "origin")],
                client: ClientSpec(requests: [RequestSpec(server: "origin")]),
                expectations: [ScenarioExpectation(rule)]),
            transcript: Transcript(connections: connections))
    }

    @Test("a connection from an address the proxy dialled from came through it; any other came directly")
    func throughProxy() {
        let through = GoesThroughProxy(server: "origin")
        #expect(verdict(through, origin: "127.0.0.1:40001", proxyDialled: ["127.0.0.1:40001"]).result == .pass)
        let direct = verdict(through, origin: "127.0.0.1:40002", proxyDialled: ["127.0.0.1:40001"])
        #expect(direct.result == .fail)
        #expect(direct.violations.first?.reason.contains("directly from 127.0.0.1:40002, around the proxy") == true)
        #expect(
            verdict(through, origin: "127.0.0.1:40002", proxyDialled: nil).result == .fail,
            "a proxy that dialled nothing")
        #expect(verdict(through, origin: nil, proxyDialled: nil).result == .inconclusive)
    }

    @Test("bypasses-proxy is the converse, and no request is not exercised")
    func bypassesProxy() {
        let around = BypassesProxy(server: "origin")
        #expect(verdict(around, origin: "127.0.0.1:40002", proxyDialled: ["127.0.0.1:40001"]).result == .pass)
        let proxied = verdict(around, origin: "127.0.0.1:40001", proxyDialled: ["127.0.0.1:40001"])
        #expect(proxied.result == .fail)
        #expect(proxied.violations.first?.reason.contains("through the proxy") == true)
        #expect(verdict(around, origin: nil, proxyDialled: ["127.0.0.1:40001"]).result == .inconclusive)
    }
}
