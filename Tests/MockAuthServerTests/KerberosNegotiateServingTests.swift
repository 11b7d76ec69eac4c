import Foundation
import MockAuthScenario
import MockAuthSchemes
import MockAuthTranscript
import MockAuthVocabulary
import Synchronization
import Testing

@testable import MockAuthServer

/// An acceptor that accepts every ticket as alice's and answers with a fixed AP-REP: what a server's
/// pipeline does with the decision, without a keytab.
final class AcceptingAcceptor: KerberosAcceptor {
    static let reply: [UInt8] = [0x60, 0x0B, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x12, 0x01, 0x02, 0x02]
    private let count = Mutex(0)
    let delegated: Bool

    init(delegated: Bool = false) {
        self.delegated = delegated
    }

    func accept(_ initialContextToken: [UInt8]) -> KerberosAcceptance {
        count.withLock { $0 += 1 }
        return .accepted(clientPrincipal: "alice@R.TEST", delegated: delegated, replyToken: Self.reply)
    }

    var calls: Int { count.withLock { $0 } }
}

@Suite("An origin answering Negotiate with Kerberos, on EmbeddedChannel")
struct KerberosNegotiateServingTests {
    static let service = "HTTP/intranet.test@R.TEST"

    /// A GSS-API krb5 initial context token with an AP-REQ for `HTTP/<host>@R.TEST`, mutual-required.
    static func apRequest(host: String = "intranet.test", marker: UInt8 = 0x3C) -> [UInt8] {
        func element(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
            precondition(content.count < 0x10000)
            if content.count < 0x80 { return [tag, UInt8(content.count)] + content }
            if content.count < 0x100 { return [tag, 0x81, UInt8(content.count)] + content }
            return [tag, 0x82, UInt8(content.count >> 8), UInt8(content.count & 0xFF)] + content
        }
        let name = element(
            0x30,
            element(0xA0, element(0x02, [0x02]))
                + element(0xA1, element(0x30, element(0x1B, Array("HTTP".utf8)) + element(0x1B, Array(host.utf8)))))
        let ticket = element(
            0x61,
            element(
                0x30,
                element(0xA0, element(0x02, [0x05])) + element(0xA1, element(0x1B, Array("R.TEST".utf8)))
                    + element(0xA2, name) + element(0xA3, element(0x30, element(0xA2, element(0x04, [1, 2, 3]))))))
        let request = element(
            0x6E,
            element(
                0x30,
                element(0xA0, element(0x02, [0x05])) + element(0xA1, element(0x02, [0x0E]))
                    + element(0xA2, element(0x03, [0x00, 0x20, 0x00, 0x00, 0x00])) + element(0xA3, ticket)
                    + element(0xA4, element(0x30, element(0xA2, element(0x04, [marker, marker]))))))
        return element(0x60, element(0x06, SPNEGOMechanism.kerberos5.oidBytes) + [0x01, 0x00] + request)
    }

    static func behavior(_ acceptor: AcceptingAcceptor, reply: KerberosReply = .genuine) -> ServerBehavior {
        let auth = AuthSpec(
            schemes: [.negotiate], account: Account(username: "alice", password: "wonderland-7", domain: "MOCKAUTH"),
            kerberos: KerberosSpec(reply: reply))
        let spec = ServerSpec(id: "origin", host: .named("intranet.test"), auth: auth)
        return ServerBehavior(
            spec: spec, endpoints: EndpointDirectory(),
            kerberos: KerberosVerification(acceptor: acceptor, servicePrincipal: service, reply: reply))
    }

    static func request(_ token: [UInt8]?) -> String {
        let authorization = token.map { "Authorization: Negotiate \(Data($0).base64EncodedString())\r\n" } ?? ""
        return "GET / HTTP/1.1\r\nHost: intranet.test\r\n\(authorization)\r\n"
    }

    @Test("401 Negotiate, then 200 with the AP-REP in WWW-Authenticate; the transcript records the ticket")
    func answersTicket() throws {
        let acceptor = AcceptingAcceptor()
        let connection = try ServedConnection(behavior: Self.behavior(acceptor))
        let challenge = try connection.respond(to: Self.request(nil))
        #expect(challenge.status == 401)
        #expect(challenge.values(of: "WWW-Authenticate") == ["Negotiate"])
        let answer = try connection.respond(to: Self.request(Self.apRequest()))
        #expect(answer.status == 200)
        #expect(
            answer.values(of: "WWW-Authenticate") == [
                "Negotiate " + Data(AcceptingAcceptor.reply).base64EncodedString()
            ])
        #expect(acceptor.calls == 1)
        let auth = try #require(connection.requests.last?.auth)
        #expect(auth.decision == .authenticated)
        #expect(auth.scheme == "Negotiate")
        #expect(auth.username == "alice@R.TEST")
        #expect(
            auth.kerberos
                == KerberosTicket(
                    servicePrincipal: Self.service, clientPrincipal: "alice@R.TEST", mutualRequested: true,
                    delegated: false))
        #expect(connection.requests.first?.auth?.kerberos == nil)
    }

    @Test("a forged reply goes out altered; a delegated ticket is recorded as delegated")
    func forgedAndDelegated() throws {
        let acceptor = AcceptingAcceptor(delegated: true)
        let connection = try ServedConnection(behavior: Self.behavior(acceptor, reply: .forged))
        let answer = try connection.respond(to: Self.request(Self.apRequest()))
        #expect(answer.status == 200)
        let forged = KerberosReply.forged.applied(to: AcceptingAcceptor.reply)
        #expect(answer.values(of: "WWW-Authenticate") == ["Negotiate " + Data(forged).base64EncodedString()])
        #expect(connection.requests.last?.auth?.kerberos?.delegated == true)
    }

    @Test("a ticket for HTTP/host:port is refused with 401 and recorded with the name it carried")
    func wrongPrincipal() throws {
        let acceptor = AcceptingAcceptor()
        let connection = try ServedConnection(behavior: Self.behavior(acceptor))
        let answer = try connection.respond(to: Self.request(Self.apRequest(host: "intranet.test:8443")))
        #expect(answer.status == 401)
        #expect(acceptor.calls == 0)
        let auth = try #require(connection.requests.last?.auth)
        #expect(auth.decision == .refused)
        #expect(auth.kerberos?.servicePrincipal == "HTTP/intranet.test:8443@R.TEST")
        #expect(auth.kerberos?.clientPrincipal == nil)
        #expect(auth.reason.contains("not for this server (\(Self.service))"), "\(auth.reason)")
    }

    @Test("the same AP-REQ on a second connection to the same server is a replay: 401")
    func replayAcrossConnections() throws {
        let acceptor = AcceptingAcceptor()
        let behavior = Self.behavior(acceptor)
        let token = Self.apRequest(marker: 0x77)
        let first = try ServedConnection(behavior: behavior)
        #expect(try first.respond(to: Self.request(token)).status == 200)
        let second = try ServedConnection(behavior: behavior)
        #expect(try second.respond(to: Self.request(token)).status == 401)
        #expect(second.requests.last?.auth?.reason.contains("a replay") == true)
        #expect(try second.respond(to: Self.request(Self.apRequest(marker: 0x78))).status == 200)
    }
}
