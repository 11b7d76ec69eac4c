import Foundation
import MockAuthPKI
import MockAuthScenario
import MockAuthVocabulary
import NIOCore
import NIOHTTP1
import Testing

@testable import MockAuthServer

/// What a server decides for a request, apart from any channel: an origin's routes behind their
/// gates (``OriginRoutes``), and the revocation server's responder (``RevocationResponder``).
@Suite("Deciding a request: the decision as a value, before anything is written")
struct ResponseDecisionTests {
    static let spec = ServerSpec(
        id: "origin",
        routes: [
            RouteSpec(path: "/", headers: [HeaderField(name: "X-Route", value: "home")], cookies: ["sid=1"]),
            RouteSpec(path: "/away", redirect: RedirectSpec(server: "other", path: "/landing")),
            RouteSpec(path: "/open", auth: .none),
        ], auth: Fixtures.basicAuth)

    static func head(_ path: String, authorization: String? = nil, version: HTTPVersion = .http1_1) -> HTTPRequestHead {
        var head = HTTPRequestHead(version: version, method: .GET, uri: path)
        if let authorization { head.headers.add(name: "Authorization", value: authorization) }
        return head
    }

    /// The decision of `spec`'s server on `head`, its gates checked as a connection would.
    static func decide(_ head: HTTPRequestHead, spec: ServerSpec = spec, revocation: RevocationAuthority? = nil)
        -> ResponseDecision
    {
        let behavior = ServerBehavior(spec: spec, endpoints: EndpointDirectory(), revocation: revocation)
        return behavior.decider.decide(head, body: []) { gate in
            let result = gate.check(
                method: head.method.rawValue, target: head.uri, credentials: head.headers[gate.credentialsHeader],
                body: [], connectionID: 1)
            return (result, false)
        }
    }

    @Test("no credentials: 401 with the gate's challenge and the route's fields, no body of the route's")
    func challenged() {
        let decision = Self.decide(Self.head("/"))
        #expect(decision.action == .answer)
        #expect(decision.status == .unauthorized)
        #expect(decision.fields["WWW-Authenticate"] == [Fixtures.basicChallenge])
        #expect(decision.fields["X-Route"] == ["home"])
        #expect(decision.auth?.decision == .challenged)
        #expect(decision.answersRepeatsAlike)
    }

    @Test("the right credentials: the route's answer, its headers then its cookies")
    func passed() {
        let decision = Self.decide(Self.head("/", authorization: Fixtures.basic("alice", "secret")))
        #expect(decision.status == .ok)
        #expect(decision.fields.map(\.name) == ["X-Route", "Set-Cookie"])
        #expect(decision.auth?.decision == .authenticated)
    }

    @Test("a redirecting route redirects only once the request got through its gate")
    func redirect() {
        let refused = Self.decide(Self.head("/away"))
        #expect(refused.status == .unauthorized)
        #expect(refused.location == nil)
        let passed = Self.decide(Self.head("/away", authorization: Fixtures.basic("alice", "secret")))
        #expect(passed.status == .found)
        #expect(passed.location == "/landing")  // `other` is not bound here: the path alone
        #expect(passed.fields["Location"] == ["/landing"])
    }

    @Test("a path no route matches is 404; a route with auth: none has no gate")
    func unrouted() {
        let missing = Self.decide(Self.head("/nowhere", authorization: Fixtures.basic("alice", "secret")))
        #expect(missing.status == .notFound)
        #expect(missing.auth == nil)
        let open = Self.decide(Self.head("/open"))
        #expect(open.status == .ok)
        #expect(open.auth == nil)
        #expect(open.remembered)
    }

    @Test("over HTTP/2, a request an NTLM gate must see over HTTP/1.1 resets its stream instead of an answer")
    func http2Reset() {
        let spec = ServerSpec(id: "origin", auth: AuthSpec(realm: "r", schemes: [.ntlm], account: Fixtures.alice))
        let decision = Self.decide(Self.head("/", version: HTTPVersion(major: 2, minor: 0)), spec: spec)
        #expect(decision.action == .resetStream(.http11Required))
        #expect(!decision.answersRepeatsAlike)
    }

    @Test("the revocation server decides from its authority, never from routes, and never as a repeat")
    func revocation() throws {
        let authority = RevocationAuthority(pki: try Fixtures.pki())
        let spec = ServerSpec(id: "revocation", role: .revocation)
        let crl = Self.decide(Self.head(ServerSpec.crlPath), spec: spec, revocation: authority)
        #expect(crl.status == .ok)
        #expect(crl.contentType == "application/pkix-crl")
        #expect(!crl.answersRepeatsAlike)
        #expect(Self.decide(Self.head("/"), spec: spec, revocation: authority).status == .notFound)
        // Without an authority, the role alone answers from none: it decides as an origin, whose
        // default route answers every path.
        #expect(Self.decide(Self.head("/nowhere"), spec: spec).status == .ok)
    }

    @Test("a body over the limit is 413, refused as the body limit, and never stands for a repeat")
    func tooLarge() {
        let decision = ResponseDecision.bodyTooLarge(2_000_000, allowed: RequestResponder.maximumBodySize)
        #expect(decision.status == .payloadTooLarge)
        #expect(decision.refusal?.limit == .body)
        #expect(!decision.answersRepeatsAlike)
    }
}
