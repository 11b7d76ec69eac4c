import MockAuthScenario
import MockAuthTranscript
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import MockAuthServer

/// An origin server "MUST accept the absolute-form in requests" (RFC 9112 §3.2.2): the same route,
/// the same gate and the same transcript path as for the origin-form, the target recorded as sent.
@Suite("An origin answers an absolute-form request-target as its origin-form, on EmbeddedChannel")
struct AbsoluteFormTargetTests {
    static let origin = ServerSpec(
        id: "origin", routes: [RouteSpec(path: "/hello", body: "hello\n")], auth: Fixtures.basicAuth)
    static let credentials = "Authorization: Basic YWxpY2U6c2VjcmV0\r\n"  // alice:secret

    @Test("GET http://host:port/hello?x=1 is routed to /hello, challenged, then authenticated")
    func routed() throws {
        let connection = try ServedConnection(Self.origin)
        let challenged = try connection.respond(
            to: "GET http://intranet.test:8443/hello?x=1 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(challenged.status == 401)
        let answered = try connection.respond(
            to: "GET http://intranet.test:8443/hello?x=1 HTTP/1.1\r\nHost: x\r\n\(Self.credentials)\r\n")
        #expect(answered.status == 200)
        #expect(answered.body == "hello\n")
        #expect(
            connection.requests.map(\.target) == [
                "http://intranet.test:8443/hello?x=1", "http://intranet.test:8443/hello?x=1",
            ])
        #expect(connection.requests.map(\.path) == ["/hello", "/hello"])
    }

    @Test("a path no route has is 404 in either form; a query holding a URL stays origin-form")
    func notFound() throws {
        let connection = try ServedConnection(Self.origin)
        let absolute = try connection.respond(to: "GET http://intranet.test/nowhere HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(absolute.status == 404)
        let query = try connection.respond(
            to: "GET /hello?next=http://elsewhere.test/nowhere HTTP/1.1\r\nHost: x\r\n\(Self.credentials)\r\n")
        #expect(query.status == 200)
    }
}
