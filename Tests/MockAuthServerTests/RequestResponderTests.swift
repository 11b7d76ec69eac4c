import MockAuthScenario
import MockAuthSchemes
import MockAuthTranscript
import MockAuthVocabulary
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import MockAuthServer

@Suite("RequestResponder: raw requests in, raw responses out, on EmbeddedChannel")
struct RequestResponderTests {
    static let origin = ServerSpec(
        id: "origin",
        routes: [
            RouteSpec(path: "/hello", body: "hello\n", headers: [HeaderField(name: "X-Route", value: "hello")]),
            RouteSpec(path: "/files", matchesSubpaths: true, status: 201, body: "file\n"),
        ])

    static let protected = ServerSpec(
        id: "origin",
        routes: [RouteSpec(path: "/public", auth: .none), .default],
        auth: Fixtures.basicAuth)

    @Test("a route answers with its status, body and headers; the request is recorded")
    func routeAnswers() throws {
        let connection = try ServedConnection(Self.origin)
        let response = try connection.respond(to: "GET /hello?x=1 HTTP/1.1\r\nHost: x\r\nAccept: */*\r\n\r\n")

        #expect(response.statusLine == "HTTP/1.1 200 OK")
        #expect(response.body == "hello\n")
        #expect(response.values(of: "Content-Length") == ["6"])
        #expect(response.values(of: "Content-Type") == ["text/plain; charset=utf-8"])
        #expect(response.values(of: "X-Route") == ["hello"])
        #expect(response.values(of: "Connection").isEmpty)
        #expect(
            connection.requests == [
                RequestRecord(
                    method: "GET", target: "/hello?x=1",
                    headers: [HeaderField(name: "Host", value: "x"), HeaderField(name: "Accept", value: "*/*")],
                    responseStatus: 200, sequence: 1, httpVersion: .http1_1)
            ])
        #expect(connection.channel.isActive)
        #expect(try connection.channel.finish().isClean)
    }

    @Test("a route with matchesSubpaths answers below its path; an unknown path gets 404")
    func subpathsAndNotFound() throws {
        let connection = try ServedConnection(Self.origin)
        let file = try connection.respond(to: "GET /files/a/b HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(file.status == 201)
        #expect(file.body == "file\n")

        let missing = try connection.respond(to: "GET /nope HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(missing.statusLine == "HTTP/1.1 404 Not Found")
        #expect(missing.body == "no route for /nope in this scenario\n")
        #expect(connection.requests.map(\.responseStatus) == [201, 404])
    }

    @Test("keep-alive repeats: answered each time, folded into their first record, kept again after another kind")
    func keepAliveRepeats() throws {
        let connection = try ServedConnection(Self.protected)
        let good = "GET / HTTP/1.1\r\nHost: x\r\nAuthorization: \(Fixtures.basic("alice", "secret"))\r\n\r\n"
        let bad = "GET / HTTP/1.1\r\nHost: x\r\nAuthorization: \(Fixtures.basic("alice", "nope"))\r\n\r\n"
        // The same lines in another order, and a Unicode-equivalent value in other bytes: other
        // requests to the fast path; to the transcript, another kind and the same kind (as before).
        let reordered = "GET / HTTP/1.1\r\nAuthorization: \(Fixtures.basic("alice", "secret"))\r\nHost: x\r\n\r\n"
        let composed = "GET / HTTP/1.1\r\nHost: x\r\nX-Name: caf\u{E9}\r\n\r\n"
        let decomposed = "GET / HTTP/1.1\r\nHost: x\r\nX-Name: cafe\u{301}\r\n\r\n"
        var statuses: [Int] = []
        for request in [good, good, good, bad, bad, good, good, reordered, reordered, composed, decomposed, composed] {
            statuses.append(try connection.respond(to: request).status)
        }
        #expect(statuses == [200, 200, 200, 401, 401, 200, 200, 200, 200, 401, 401, 401])
        let requests = connection.requests
        #expect(requests.map(\.responseStatus) == [200, 401, 200, 200, 401])
        #expect(requests.map(\.occurrences) == [3, 2, 2, 2, 3])
        #expect(requests.map(\.sequence) == [1, 4, 6, 8, 10])
        #expect(requests.map(\.lastSequence) == [3, 5, 7, 9, 12])
        #expect(
            requests.map { $0.auth?.decision } == [
                .authenticated, .refused, .authenticated, .authenticated, .challenged,
            ])
        #expect(requests[3].headers.map(\.name) == ["Authorization", "Host"])
        #expect(requests[4].headers.last?.value.utf8.elementsEqual("caf\u{E9}".utf8) == true)
    }

    @Test("a byte-for-byte repeat behind a stateful gate (Digest) is judged again: the replayed nonce count is refused")
    func statefulRepeatsAreJudgedAgain() throws {
        let spec = ServerSpec(
            id: "origin", routes: [.default],
            auth: AuthSpec(realm: "mockauth", schemes: [.digestMD5], account: Fixtures.alice))
        let connection = try ServedConnection(spec)
        let challenge = try connection.respond(to: "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(challenge.status == 401)
        let field = try #require(challenge.values(of: "WWW-Authenticate").first)
        let parsed = try #require(try AuthParameterParser.parseChallenges(field).first)
        let nonce = try #require(parsed.parameter("nonce"))
        let credentials = DigestCredentials(
            username: "alice", realm: "mockauth", nonce: nonce, uri: "/",
            response: DigestComputation.response(
                algorithm: .md5, username: "alice", realm: "mockauth", password: "secret", method: "GET", uri: "/",
                nonce: nonce, nonceCount: "00000001", cnonce: "0a4f113b", qop: .auth, body: []),
            algorithmToken: "MD5", cnonce: "0a4f113b", opaque: parsed.parameter("opaque"), qopToken: "auth",
            nonceCountText: "00000001"
        ).headerValue
        let answer = "GET / HTTP/1.1\r\nHost: x\r\nAuthorization: \(credentials)\r\n\r\n"
        #expect(try connection.respond(to: answer).status == 200)
        let replay = try connection.respond(to: answer)
        #expect(replay.status == 401, "the same bytes again replay nc=00000001: \(replay.body)")
        #expect(connection.requests.last?.auth?.decision == .refused)
        #expect(connection.requests.last?.auth?.reason.contains("replayed nonce count") == true)
    }

    @Test(
        "a repeated answer is written as a fresh connection would get it, and an answer of another kind is not a repeat"
    )
    func repeatedAnswersAreTheSameBytes() throws {
        let good = "GET / HTTP/1.1\r\nHost: x\r\nAuthorization: \(Fixtures.basic("alice", "secret"))\r\n\r\n"
        let bad = "GET / HTTP/1.1\r\nHost: x\r\nAuthorization: \(Fixtures.basic("alice", "nope"))\r\n\r\n"
        let head = "HEAD / HTTP/1.1\r\nHost: x\r\nAuthorization: \(Fixtures.basic("alice", "secret"))\r\n\r\n"
        let public1 = "GET /public HTTP/1.1\r\nHost: x\r\n\r\n"
        let http10 =
            "GET / HTTP/1.0\r\nConnection: keep-alive\r\nAuthorization: \(Fixtures.basic("alice", "secret"))\r\n\r\n"
        let missing = "GET /public/nope HTTP/1.1\r\nHost: x\r\n\r\n"
        let closing =
            "GET / HTTP/1.1\r\nHost: x\r\nAuthorization: \(Fixtures.basic("alice", "secret"))\r\nConnection: close\r\n\r\n"
        let behavior = ServerBehavior(spec: Self.protected, endpoints: EndpointDirectory())
        let connection = try ServedConnection(behavior: behavior)
        for request in [
            good, good, bad, bad, good, head, good, public1, public1, http10, good, missing, missing, closing,
        ] {
            let fresh = try ServedConnection(behavior: behavior)
            let expected = try fresh.exchange(request)
            #expect(try connection.exchange(request) == expected, "\(request)")
        }
        #expect(!connection.channel.isActive)
    }

    @Test("no credentials: 401 with the Basic challenge, recorded as challenged")
    func basicChallenge() throws {
        let connection = try ServedConnection(Self.protected)
        let response = try connection.respond(to: "GET / HTTP/1.1\r\nHost: x\r\n\r\n")

        #expect(response.statusLine == "HTTP/1.1 401 Unauthorized")
        #expect(response.values(of: "WWW-Authenticate") == [Fixtures.basicChallenge])
        #expect(response.body == "no credentials\n")
        let auth = try #require(connection.requests.first?.auth)
        #expect(
            auth
                == AuthRecord(
                    decision: .challenged, header: "Authorization", realm: "mockauth", offered: [.basic],
                    reason: "no credentials"))
        #expect(!auth.carriedCredentials)
        #expect(connection.requests.first?.responseStatus == 401)
    }

    @Test("the right credentials: 200, recorded as authenticated with the user name")
    func basicAuthenticated() throws {
        let connection = try ServedConnection(Self.protected)
        let response = try connection.respond(
            to: "GET / HTTP/1.1\r\nHost: x\r\nAuthorization: \(Fixtures.basic("alice", "secret"))\r\n\r\n")

        #expect(response.status == 200)
        #expect(response.body == "ok\n")
        #expect(response.values(of: "WWW-Authenticate").isEmpty)
        #expect(
            connection.requests.first?.auth
                == AuthRecord(
                    decision: .authenticated, header: "Authorization", realm: "mockauth", offered: [.basic],
                    scheme: "Basic", username: "alice", reason: "Basic"))
    }

    @Test("a wrong password: 401 again, recorded as refused with the reason")
    func basicWrongPassword() throws {
        let connection = try ServedConnection(Self.protected)
        let response = try connection.respond(
            to: "GET / HTTP/1.1\r\nHost: x\r\nAuthorization: \(Fixtures.basic("alice", "nope"))\r\n\r\n")

        #expect(response.status == 401)
        #expect(response.values(of: "WWW-Authenticate") == [Fixtures.basicChallenge])
        #expect(response.body == "wrong password for user alice\n")
        let auth = try #require(connection.requests.first?.auth)
        #expect(auth.decision == .refused)
        #expect(auth.scheme == "Basic")
        #expect(auth.username == "alice")
        #expect(auth.reason == "wrong password for user alice")
        #expect(auth.carriedCredentials)
    }

    @Test("a public route of a protected server answers without a gate and records no AuthRecord")
    func publicRoute() throws {
        let connection = try ServedConnection(Self.protected)
        let response = try connection.respond(to: "GET /public HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(response.status == 200)
        #expect(connection.requests.first?.auth == nil)
    }

    @Test("Basic credentials to a Digest-only route are recorded as credentials in a scheme not offered")
    func schemeNotOffered() throws {
        let digestOnly = ServerSpec(
            id: "origin", auth: AuthSpec(realm: "mockauth", schemes: [.digestSHA256], account: Fixtures.alice))
        let connection = try ServedConnection(digestOnly)
        let response = try connection.respond(
            to: "GET / HTTP/1.1\r\nHost: x\r\nAuthorization: \(Fixtures.basic("alice", "secret"))\r\n\r\n")

        #expect(response.status == 401)
        let challenges = response.values(of: "WWW-Authenticate")
        #expect(challenges.count == 1)
        #expect(challenges.allSatisfy { $0.hasPrefix("Digest ") && $0.contains("algorithm=SHA-256") }, "\(challenges)")
        let auth = try #require(connection.requests.first?.auth)
        #expect(auth.carriedCredentials)
        #expect(auth.scheme == "Basic")
        #expect(auth.decision == .refused)
        #expect(auth.offered == [.digest])
        #expect(auth.username == nil)
        #expect(auth.reason == "client used Basic, which this server does not offer; it offers Digest")
    }

    @Test("a redirect route answers 302 with a Location on the other server, recorded")
    func redirect() throws {
        let directory = EndpointDirectory()
        directory.register(
            ServerEndpoint(server: "other", host: .localhost, port: 4321, scheme: "https", listensOnIPv6: false))
        let spec = ServerSpec(
            id: "origin", routes: [RouteSpec(path: "/go", redirect: RedirectSpec(server: "other", path: "/landing"))])
        let connection = try ServedConnection(spec, endpoints: directory)
        let response = try connection.respond(to: "GET /go HTTP/1.1\r\nHost: x\r\n\r\n")

        #expect(response.statusLine == "HTTP/1.1 302 Found")
        #expect(response.values(of: "Location") == ["https://localhost:4321/landing"])
        #expect(response.body == "redirecting to https://localhost:4321/landing\n")
        #expect(connection.requests.first?.redirectedTo == "https://localhost:4321/landing")
        #expect(connection.requests.first?.responseStatus == 302)
    }

    @Test("a redirect behind authentication redirects only once the request is authenticated")
    func redirectBehindAuth() throws {
        let directory = EndpointDirectory()
        directory.register(
            ServerEndpoint(server: "other", host: .ipv4Loopback, port: 4321, scheme: "http", listensOnIPv6: false))
        let spec = ServerSpec(
            id: "origin", routes: [RouteSpec(path: "/", redirect: RedirectSpec(server: "other", status: 307))],
            auth: Fixtures.basicAuth)
        let connection = try ServedConnection(spec, endpoints: directory)

        let challenged = try connection.respond(to: "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(challenged.status == 401)
        #expect(challenged.values(of: "Location").isEmpty)
        let redirected = try connection.respond(
            to: "GET / HTTP/1.1\r\nHost: x\r\nAuthorization: \(Fixtures.basic("alice", "secret"))\r\n\r\n")
        #expect(redirected.status == 307)
        #expect(redirected.values(of: "Location") == ["http://127.0.0.1:4321/"])
        #expect(connection.requests.map(\.redirectedTo) == [nil, "http://127.0.0.1:4321/"])
        #expect(connection.requests.map { $0.auth?.decision } == [.challenged, .authenticated])
    }

    @Test(
        "a body at the limit is served; one over it gets 413 as soon as its Content-Length says so, with Connection: close, and the connection closes"
    )
    func bodyLimit() throws {
        let connection = try ServedConnection(Self.origin)
        let limit = RequestResponder.maximumBodySize
        let atLimit = try connection.respond(
            to: "POST /hello HTTP/1.1\r\nHost: x\r\nContent-Length: \(limit)\r\n\r\n"
                + String(repeating: "a", count: limit))
        #expect(atLimit.status == 200)

        // The head alone: the answer does not wait for the body. Only the first answer: an
        // EmbeddedChannel keeps what is written after its close (NIO's 400 for the body cut off),
        // where a socket refuses it.
        let tooLarge = try #require(
            try WireResponse.parseAll(
                connection.exchange("POST /hello HTTP/1.1\r\nHost: x\r\nContent-Length: \(limit + 1)\r\n\r\n")
            ).first)
        #expect(tooLarge.statusLine == "HTTP/1.1 413 Payload Too Large")
        #expect(tooLarge.values(of: "Connection") == ["close"])
        #expect(tooLarge.body == "a body of more than 1048576 bytes (the server reads at most 1048576)\n")
        #expect(!connection.channel.isActive)
        #expect(connection.requests.map(\.responseStatus) == [200, 413])
        #expect(connection.requests.map(\.refusal?.limit) == [nil, .body])
        #expect(
            connection.recorder.record.protocolError == nil, "the body cut off is no protocol error of the client's")
    }

    @Test("Connection: close (and HTTP/1.0 without keep-alive) closes the channel after the response")
    func connectionClose() throws {
        for request in [
            "GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", "GET /hello HTTP/1.0\r\n\r\n",
        ] {
            let connection = try ServedConnection(Self.origin)
            let response = try connection.respond(to: request)
            #expect(response.status == 200)
            #expect(response.body == "hello\n")
            #expect(response.values(of: "Connection") == ["close"])
            #expect(!connection.channel.isActive, "\(request)")
            #expect(connection.recorder.isClosed)
        }

        let keptAlive = try ServedConnection(Self.origin)
        let response = try keptAlive.respond(to: "GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(response.statusLine == "HTTP/1.0 200 OK")
        #expect(keptAlive.channel.isActive)
        #expect(!keptAlive.recorder.isClosed)
    }

    @Test("malformed credentials get a 400 and a close; the next connection is served")
    func malformedCredentialsClose() throws {
        let behavior = ServerBehavior(spec: Self.protected, endpoints: EndpointDirectory())
        let connection = try ServedConnection(behavior: behavior)
        let hostile = "Digest " + (1...8_000).map { "p\($0)=v" }.joined(separator: ", ")
        let response = try connection.respond(
            to: "GET /private HTTP/1.1\r\nHost: x\r\nAuthorization: \(hostile)\r\n\r\n")
        #expect(response.status == 400)
        #expect(response.values(of: "Connection") == ["close"])
        #expect(!connection.channel.isActive)
        #expect(
            connection.requests.first?.auth?.reason.contains("8000 auth parameters, more than the 64 a server reads")
                == true,
            "\(connection.requests)")

        let next = try ServedConnection(behavior: behavior)
        #expect(try next.respond(to: "GET /public HTTP/1.1\r\nHost: x\r\n\r\n").status == 200)
    }

    @Test("a malformed request line gets NIO's 400 and a close; nothing is recorded; the server goes on")
    func malformedRequestLine() throws {
        let behavior = ServerBehavior(spec: Self.protected, endpoints: EndpointDirectory())
        let connection = try ServedConnection(behavior: behavior)
        // The responder closes the connection that NIO's 400 promised to close (the parser error
        // ends there, instead of reaching the end of the pipeline).
        try connection.channel.writeInbound(text: "GARBAGE\u{1} / HTTP/9\r\n\r\n")
        let answer = try connection.channel.readOutboundText()
        let response = try WireResponse.parse(answer)
        #expect(response.statusLine == "HTTP/1.1 400 Bad Request")
        #expect(response.values(of: "Connection") == ["close"])
        #expect(!connection.channel.isActive)
        #expect(connection.recorder.isClosed)
        #expect(connection.requests.isEmpty)
        #expect(connection.recorder.record.protocolError?.hasPrefix("HTTP parser: ") == true)

        let next = try ServedConnection(behavior: behavior)
        let served = try next.respond(to: "GET /public HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(served.status == 200)
        #expect(next.requests.count == 1)
    }

    @Test(
        "a head over the limits gets 431 and a close before any authentication; the refusal is recorded",
        arguments: [
            (
                String(repeating: "X-Filler: 1\r\n", count: 150),
                RequestRefusal(limit: .headerCount, actual: 151, allowed: 100)
            ),
            (
                "X-Big: " + String(repeating: "a", count: 9_000) + "\r\n",
                RequestRefusal(limit: .headerLine, actual: 9_007, allowed: 8_190)
            ),
        ])
    func headLimits(_ extra: String, _ expected: RequestRefusal) throws {
        let behavior = ServerBehavior(spec: Self.protected, endpoints: EndpointDirectory())
        let connection = try ServedConnection(behavior: behavior)
        let credentials = Fixtures.basic("alice", "secret")
        let response = try connection.respond(
            to: "GET / HTTP/1.1\r\nAuthorization: \(credentials)\r\n\(extra)\r\n")
        #expect(response.status == 431)
        #expect(response.values(of: "Connection") == ["close"])
        #expect(response.body == "\(expected)\n")
        #expect(!connection.channel.isActive)
        let record = try #require(connection.requests.first)
        #expect(record.refusal == expected && record.responseStatus == 431)
        #expect(record.auth == nil, "the gate never saw the credentials")
        #expect(record.headers.count <= RequestHeadLimits.maximumFieldCount, "what is kept of the head is bounded")

        // Exactly at the limits: served as usual.
        let within = try ServedConnection(behavior: behavior)
        let fillers = String(repeating: "X-Filler: 1\r\n", count: 98)
        let line = "X-Big: " + String(repeating: "a", count: 8_190 - 7) + "\r\n"
        let served = try within.respond(
            to: "GET / HTTP/1.1\r\nAuthorization: \(credentials)\r\n\(fillers)\(line)\r\n")
        #expect(served.status == 200)
        #expect(within.requests.first?.refusal == nil)

        // Credentials are exempt from the line limit (a Negotiate token can be tens of kilobytes):
        // a 20 KB Authorization reaches the gate, which judges it.
        let token = String(repeating: "A", count: 20_000)
        let large = try ServedConnection(behavior: behavior)
        let judged = try large.respond(to: "GET / HTTP/1.1\r\nAuthorization: Basic \(token)\r\n\r\n")
        #expect(judged.status != 431)
        #expect(large.requests.first?.refusal == nil && large.requests.first?.auth != nil)
    }

    @Test("HEAD gets the head of the response, with its Content-Length, and no body")
    func head() throws {
        let connection = try ServedConnection(Self.origin)
        let answer = try connection.exchange("HEAD /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(answer.hasSuffix("\r\n\r\n"), "\(answer)")
        let response = try WireResponse.parse(answer, bodiless: true)
        #expect(response.status == 200)
        #expect(response.values(of: "Content-Length") == ["6"])
        #expect(response.body.isEmpty)
        #expect(connection.requests.map(\.summary) == ["HEAD /hello"])

        // The next response starts right after the head: no stray body bytes in between.
        let next = try connection.respond(to: "GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(next.body == "hello\n")
    }

    @Test("pipelined requests in one read are answered in order and recorded in order")
    func pipelined() throws {
        let connection = try ServedConnection(Self.origin)
        let answer = try connection.exchange(
            "GET /hello HTTP/1.1\r\nHost: x\r\n\r\n" + "HEAD /hello HTTP/1.1\r\nHost: x\r\n\r\n"
                + "GET /nope HTTP/1.1\r\nHost: x\r\n\r\n"
                + "POST /files/1 HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc")
        let responses = try WireResponse.parseAll(answer, bodiless: [1])
        #expect(responses.map(\.status) == [200, 200, 404, 201])
        #expect(responses.map(\.body) == ["hello\n", "", "no route for /nope in this scenario\n", "file\n"])
        #expect(connection.requests.map(\.summary) == ["GET /hello", "HEAD /hello", "GET /nope", "POST /files/1"])
        #expect(connection.requests.map(\.sequence) == [1, 2, 3, 4])
        #expect(connection.channel.isActive)
    }
}
