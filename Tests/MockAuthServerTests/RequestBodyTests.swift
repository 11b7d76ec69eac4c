import MockAuthScenario
import MockAuthSchemes
import MockAuthTranscript
import MockAuthVocabulary
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import MockAuthServer

@Suite("Request bodies and Expect: 100-continue, on EmbeddedChannel")
struct RequestBodyTests {
    static let protected = ServerSpec(id: "origin", auth: Fixtures.basicAuth)
    static let credentials = "Authorization: Basic YWxpY2U6c2VjcmV0\r\n"  // alice:secret

    @Test("a body is recorded by size and SHA-256, never by its bytes; a bodiless request records none")
    func recorded() throws {
        let connection = try ServedConnection(Self.protected)
        let body = String(repeating: "field=value&", count: 100)
        let answer = try connection.respond(
            to: "POST / HTTP/1.1\r\nHost: x\r\n\(Self.credentials)Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
        #expect(answer.status == 200)
        _ = try connection.respond(to: "GET / HTTP/1.1\r\nHost: x\r\n\(Self.credentials)\r\n")
        #expect(connection.requests.map(\.body) == [BodyRecord(of: Array(body.utf8)), nil])
        #expect(connection.requests.first?.body?.bytes == 1200)
        #expect(connection.requests.first?.body?.sha256.count == 64)
    }

    @Test("Expect: 100-continue without credentials: the 401 comes before the body, and the connection closes")
    func challengedBeforeBody() throws {
        let connection = try ServedConnection(Self.protected)
        let bytes = try connection.exchange(
            "POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5000\r\n\r\n")
        // On EmbeddedChannel, NIO's decoder then reports the missing body and its error handler
        // writes a 400 into the closed channel (a socket would refuse it): only the first response
        // is the server's answer.
        let first = bytes.components(separatedBy: "HTTP/1.1 400")[0]
        let early = try WireResponse.parse(first)
        #expect(early.status == 401)
        #expect(early.values(of: "WWW-Authenticate") == [Fixtures.basicChallenge])
        #expect(early.values(of: "Connection") == ["close"])
        // A client that sends the body anyway gets nothing more, and no second record.
        try? connection.channel.writeInbound(text: String(repeating: "a", count: 5000))
        #expect(connection.requests.count == 1)
        #expect(connection.requests.first?.body == nil)
        #expect(connection.requests.first?.auth?.decision == .challenged)
        #expect(!connection.channel.isActive)
        #expect(connection.recorder.record.protocolError == nil)
    }

    @Test("Expect: 100-continue with valid credentials: 100 Continue, then the body, then one 200")
    func continued() throws {
        let connection = try ServedConnection(Self.protected)
        let interim = try connection.exchange(
            "POST / HTTP/1.1\r\nHost: x\r\n\(Self.credentials)Expect: 100-continue\r\nContent-Length: 4\r\n\r\n")
        #expect(interim == "HTTP/1.1 100 Continue\r\n\r\n")
        let final = try connection.respond(to: "data")
        #expect(final.status == 200)
        #expect(connection.requests.count == 1)
        #expect(connection.requests.first?.auth?.decision == .authenticated)
        #expect(connection.requests.first?.body == BodyRecord(of: Array("data".utf8)))
        #expect(connection.channel.isActive)
    }

    @Test("the same request with Expect: 100-continue, byte for byte, gets its 100 Continue every time")
    func continuedRepeats() throws {
        let connection = try ServedConnection(ServerSpec(id: "origin"))
        let request = "PUT / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n"
        for _ in 0..<3 {
            #expect(try connection.exchange(request) == "HTTP/1.1 100 Continue\r\n\r\n")
            #expect(try connection.respond(to: "ok").status == 200)
        }
        #expect(connection.requests.reduce(0) { $0 + 1 + $1.repeats } == 3, "every one recorded, folded or not")
        // Without a body, the keep-alive repeat path: still its 100 Continue first.
        let bodiless = "GET / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n\r\n"
        for _ in 0..<3 {
            let answer = try connection.exchange(bodiless)
            #expect(answer.hasPrefix("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\n"), "\(answer.prefix(60))")
        }
        #expect(connection.requests.reduce(0) { $0 + 1 + $1.repeats } == 6)
        #expect(connection.channel.isActive)
    }

    @Test("a gate that hashes the body (auth-int) cannot answer early: 100 Continue, then its decision")
    func authIntWaitsForBody() throws {
        var digest = Fixtures.basicAuth
        digest.schemes = [.digestSHA256]
        digest.digestQOP = ["auth-int"]
        let connection = try ServedConnection(ServerSpec(id: "origin", auth: digest))
        let interim = try connection.exchange(
            "POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n")
        #expect(interim == "HTTP/1.1 100 Continue\r\n\r\n")
        let final = try connection.respond(to: "data")
        #expect(final.status == 401)
        #expect(connection.requests.first?.body?.bytes == 4)
    }
}

@Suite("close-after-challenge, on EmbeddedChannel")
struct CloseAfterChallengeTests {
    @Test("the first NTLM challenge closes its connection; the next handshake stays open")
    func closesOnce() throws {
        var auth = Fixtures.basicAuth
        auth.schemes = [.ntlm]
        auth.closesAfterChallenge = true
        let behavior = ServerBehavior(spec: ServerSpec(id: "origin", auth: auth), endpoints: EndpointDirectory())
        let request = "GET / HTTP/1.1\r\nHost: x\r\nAuthorization: \(NTLMMessages.negotiate)\r\n\r\n"

        let first = try ServedConnection(behavior: behavior)
        let closed = try first.respond(to: request)
        #expect(closed.status == 401)
        #expect(closed.values(of: "WWW-Authenticate").first?.hasPrefix("NTLM TlRMTVNTUAAC") == true)
        #expect(closed.values(of: "Connection") == ["close"])
        #expect(!first.channel.isActive)

        let second = try ServedConnection(behavior: behavior)
        let kept = try second.respond(to: request)
        #expect(kept.status == 401)
        #expect(kept.values(of: "Connection").isEmpty)
        #expect(second.channel.isActive)
    }
}
