import MockAuthScenario
import MockAuthTranscript
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import MockAuthServer

@Suite("ForwardProxyHandler: absolute-form and CONNECT on EmbeddedChannel, origins dialled in memory")
struct ForwardProxyHandlerTests {
    static let authenticated = AuthRecord(
        decision: .authenticated, header: "Proxy-Authorization", realm: "proxy", offered: [.basic],
        scheme: "Basic", username: "proxyuser", reason: "Basic")

    @Test("no credentials: 407 with Proxy-Authenticate, nothing dialled, the connection kept")
    func challenge() throws {
        let proxy = try ProxyConnection()
        let response = try WireResponse.parse(
            proxy.send("GET http://127.0.0.1:8080/ HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n"))

        #expect(response.statusLine == "HTTP/1.1 407 Proxy Authentication Required")
        #expect(response.values(of: "Proxy-Authenticate") == [ProxyConnection.challenge])
        #expect(response.values(of: "Connection").isEmpty)
        #expect(response.body == "proxy authentication required\n")
        #expect(proxy.dialer.dials.isEmpty)
        #expect(proxy.channel.isActive)
        #expect(proxy.requests.map(\.summary) == ["GET http://127.0.0.1:8080/"])
        #expect(proxy.requests.map(\.responseStatus) == [407])
        #expect(
            proxy.requests.first?.auth
                == AuthRecord(
                    decision: .challenged, header: "Proxy-Authorization", realm: "proxy", offered: [.basic],
                    reason: "no credentials"))
    }

    @Test("an allowed absolute-form GET goes to the origin in origin-form, without hop-by-hop headers")
    func forward() throws {
        let proxy = try ProxyConnection()
        let early = try proxy.send(
            ProxyConnection.authorized(
                "GET http://127.0.0.1:8080/a?b=1 HTTP/1.1",
                "Proxy-Connection: Keep-Alive\r\nConnection: X-Drop\r\nX-Drop: 1\r\nX-Keep: 2\r\n"))
        #expect(early.isEmpty)
        #expect(proxy.dialer.dials.map(\.target) == [ProxyConnection.origin])
        #expect(proxy.dialer.dials.map(\.purpose) == [.forward])

        let origin = try proxy.dialer.connect()
        #expect(
            try origin.readOutboundText()
                == "GET /a?b=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nX-Keep: 2\r\nConnection: close\r\n\r\n")

        try origin.writeInbound(
            text: "HTTP/1.1 200 OK\r\nContent-Length: 6\r\nConnection: close\r\nKeep-Alive: timeout=5\r\n"
                + "X-Origin: yes\r\n\r\nhello\n")
        let response = try WireResponse.parse(proxy.channel.readOutboundText())
        #expect(response.statusLine == "HTTP/1.1 200 OK")
        #expect(response.body == "hello\n")
        #expect(response.values(of: "X-Origin") == ["yes"])
        #expect(response.values(of: "Connection").isEmpty)
        #expect(response.values(of: "Keep-Alive").isEmpty)
        #expect(!origin.isActive)
        #expect(proxy.channel.isActive)

        #expect(proxy.requests.map(\.summary) == ["GET http://127.0.0.1:8080/a?b=1"])
        #expect(proxy.requests.map(\.responseStatus) == [200])
        // The address the proxy dialled from: the origin's transcript names it as its client's.
        #expect(proxy.recorder.record.dialledFrom == ["127.0.0.1:40000"])
        #expect(proxy.requests.first?.auth == Self.authenticated)
        #expect(proxy.requests.first?.values(of: "Proxy-Authorization") == [ProxyConnection.credentials])
    }

    @Test("a body that arrives while dialling is sent once the origin connects; the next request dials again")
    func forwardBody() throws {
        let proxy = try ProxyConnection()
        _ = try proxy.send(
            ProxyConnection.authorized("POST http://127.0.0.1:8080/submit HTTP/1.1", "Content-Length: 5\r\n")
                + "a=b&c")
        let origin = try proxy.dialer.connect()
        #expect(
            try origin.readOutboundText()
                == "POST /submit HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Length: 5\r\nConnection: close\r\n\r\na=b&c"
        )
        try origin.writeInbound(text: "HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n")
        #expect(try WireResponse.parse(proxy.channel.readOutboundText()).status == 201)

        _ = try proxy.send(ProxyConnection.authorized("GET http://127.0.0.1:8080/again HTTP/1.1"))
        #expect(proxy.dialer.dials.count == 2)
        #expect(proxy.requests.map(\.responseStatus) == [201, nil])
        _ = try proxy.dialer.connect()
        #expect(proxy.recorder.record.dialledFrom == ["127.0.0.1:40000", "127.0.0.1:40001"], "one per dial")
    }

    @Test("a connection keeps the first 32 addresses its origin connections were dialled from, whatever it asks")
    func dialledAddressesBounded() throws {
        let proxy = try ProxyConnection()
        for index in 0..<40 {
            _ = try proxy.send(ProxyConnection.authorized("GET http://127.0.0.1:8080/\(index) HTTP/1.1"))
            let origin = try proxy.dialer.connect()
            try origin.writeInbound(text: "HTTP/1.1 204 No Content\r\n\r\n")
            #expect(try WireResponse.parse(proxy.channel.readOutboundText()).status == 204)
        }
        let dialled = try #require(proxy.recorder.record.dialledFrom)
        #expect(dialled.count == TranscriptLimits.dialledAddresses)
        #expect(dialled.last == "127.0.0.1:40031")
    }

    @Test("a target outside the scenario gets 403 and nothing is dialled, for GET and CONNECT")
    func forbidden() throws {
        let proxy = try ProxyConnection()
        let get = try WireResponse.parse(proxy.send(ProxyConnection.authorized("GET http://127.0.0.1:9/ HTTP/1.1")))
        #expect(get.statusLine == "HTTP/1.1 403 Forbidden")
        #expect(get.body == "this proxy does not reach 127.0.0.1:9\n")
        let connect = try WireResponse.parse(proxy.send(ProxyConnection.authorized("CONNECT 10.0.0.1:443 HTTP/1.1")))
        #expect(connect.status == 403)
        #expect(proxy.dialer.dials.isEmpty)
        #expect(proxy.requests.map(\.responseStatus) == [403, 403])
        #expect(proxy.requests.map { $0.auth?.decision } == [.authenticated, .authenticated])
        #expect(proxy.channel.isActive)
    }

    @Test("a head over the limits gets 431 and a close before the proxy's authentication; the refusal is recorded")
    func headLimits() throws {
        let proxy = try ProxyConnection()
        let fillers = String(repeating: "X-Filler: 1\r\n", count: 120)
        let answer = try WireResponse.parse(
            proxy.send(ProxyConnection.authorized("GET http://127.0.0.1:8080/ HTTP/1.1", fillers)))
        #expect(answer.status == 431)
        #expect(answer.values(of: "Connection") == ["close"])
        #expect(answer.body.contains("header fields (the server accepts at most 100)"), "\(answer.body)")
        #expect(!proxy.channel.isActive)
        #expect(proxy.dialer.dials.isEmpty)
        let record = try #require(proxy.requests.first)
        #expect(record.refusal?.limit == .headerCount && record.refusal?.actual == 122)
        #expect(record.responseStatus == 431)
        #expect(record.auth == nil, "the proxy's authentication never saw the credentials")
    }

    @Test("CONNECT with credentials: 200 Connection Established, then bytes flow both ways")
    func tunnel() throws {
        let proxy = try ProxyConnection()
        #expect(try proxy.send(ProxyConnection.authorized("CONNECT 127.0.0.1:8080 HTTP/1.1")).isEmpty)
        #expect(proxy.dialer.dials.map(\.purpose) == [.tunnel])

        let origin = try proxy.dialer.connect()
        proxy.channel.embeddedEventLoop.run()
        #expect(try proxy.channel.readOutboundText() == "HTTP/1.1 200 Connection Established\r\n\r\n")
        #expect(throws: (any Error).self) {
            try proxy.channel.pipeline.syncOperations.handler(type: ForwardProxyHandler.self)
        }

        _ = try proxy.send("\u{16}\u{3}\u{1} client hello")
        #expect(try origin.readOutboundText() == "\u{16}\u{3}\u{1} client hello")
        try origin.writeInbound(text: "server hello")
        #expect(try proxy.channel.readOutboundText() == "server hello")

        #expect(proxy.requests.map(\.summary) == ["CONNECT 127.0.0.1:8080"])
        #expect(proxy.requests.map(\.responseStatus) == [200])
        #expect(proxy.requests.first?.auth == Self.authenticated)

        // Either end closing takes the other down.
        origin.close(promise: nil)
        #expect(!proxy.channel.isActive)
        #expect(proxy.recorder.isClosed)
    }

    @Test("bytes sent right after the CONNECT head reach the origin, whether it connects before or after")
    func bytesAfterConnectHead() throws {
        for connectsFirst in [false, true] {
            let proxy = try ProxyConnection()
            let head = "CONNECT 127.0.0.1:8080 HTTP/1.1\r\nProxy-Authorization: \(ProxyConnection.credentials)\r\n"
            if connectsFirst {
                // The dial connects while the head is handled, before the request's end arrives.
                proxy.dialer.connectsImmediately = true
                #expect(try proxy.send(head + "\r\nearly bytes") == "HTTP/1.1 200 Connection Established\r\n\r\n")
            } else {
                #expect(try proxy.send(head + "\r\nearly bytes").isEmpty)
                _ = try proxy.dialer.connect()
                proxy.channel.embeddedEventLoop.run()
                #expect(try proxy.channel.readOutboundText() == "HTTP/1.1 200 Connection Established\r\n\r\n")
            }
            let origin = proxy.dialer.origins.last
            #expect(try origin?.readOutboundText() == "early bytes", "connects first: \(connectsFirst)")
        }
    }

    @Test("CONNECT without credentials: 407, and the connection serves the next request (the decoder is reset)")
    func connectChallengeThenNextRequest() throws {
        for pipelined in [false, true] {
            let proxy = try ProxyConnection()
            let connect = "CONNECT 127.0.0.1:8080 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n"
            let next = ProxyConnection.authorized("GET http://127.0.0.1:8080/next HTTP/1.1")
            let answer = pipelined ? try proxy.send(connect + next) : try proxy.send(connect) + proxy.send(next)
            let response = try WireResponse.parse(answer)
            #expect(response.status == 407)
            #expect(response.values(of: "Proxy-Authenticate") == [ProxyConnection.challenge])
            #expect(proxy.dialer.dials.map(\.purpose) == [.forward], "pipelined: \(pipelined)")
            #expect(proxy.requests.map(\.summary) == ["CONNECT 127.0.0.1:8080", "GET http://127.0.0.1:8080/next"])
            #expect(proxy.requests.map { $0.auth?.decision } == [.challenged, .authenticated])
            #expect(proxy.channel.isActive)
        }
    }

    @Test("a dial that fails gets 502, for GET and CONNECT, and the connection goes on")
    func dialFailure() throws {
        let proxy = try ProxyConnection()
        _ = try proxy.send(ProxyConnection.authorized("GET http://127.0.0.1:8080/ HTTP/1.1"))
        try proxy.dialer.fail()
        let get = try WireResponse.parse(proxy.channel.readOutboundText())
        #expect(get.statusLine == "HTTP/1.1 502 Bad Gateway")
        #expect(get.body == "no answer from 127.0.0.1:8080\n")

        _ = try proxy.send(ProxyConnection.authorized("CONNECT 127.0.0.1:8080 HTTP/1.1"))
        try proxy.dialer.fail()
        proxy.channel.embeddedEventLoop.run()
        #expect(try WireResponse.parse(proxy.channel.readOutboundText()).status == 502)
        #expect(proxy.requests.map(\.responseStatus) == [502, 502])
        #expect(proxy.channel.isActive)
    }

    @Test("garbage gets NIO's 400 and closes only this connection")
    func malformed() throws {
        let proxy = try ProxyConnection()
        let response = try WireResponse.parse(proxy.send("GARBAGE\u{1} / HTTP/9\r\n\r\n"))
        #expect(response.statusLine == "HTTP/1.1 400 Bad Request")
        #expect(response.values(of: "Connection") == ["close"])
        #expect(!proxy.channel.isActive)
        #expect(proxy.recorder.isClosed)
        #expect(proxy.requests.isEmpty)
        #expect(proxy.dialer.dials.isEmpty)
    }

    @Test("OriginDialer on an EmbeddedEventLoop cannot open sockets: the client gets 502, not a crash")
    func realDialerWithoutSockets() throws {
        let proxy = try ProxyConnection(realDialer: true)
        let get = try WireResponse.parse(proxy.send(ProxyConnection.authorized("GET http://127.0.0.1:8080/ HTTP/1.1")))
        #expect(get.status == 502)
        let connect = try WireResponse.parse(proxy.send(ProxyConnection.authorized("CONNECT 127.0.0.1:8080 HTTP/1.1")))
        #expect(connect.status == 502)
        #expect(proxy.requests.map(\.responseStatus) == [502, 502])
    }

    @Test("an origin that closes before answering gets the client a 502; after part of a response, a close")
    func originCloses() throws {
        let proxy = try ProxyConnection()
        _ = try proxy.send(ProxyConnection.authorized("GET http://127.0.0.1:8080/ HTTP/1.1"))
        let silent = try proxy.dialer.connect()
        silent.close(promise: nil)
        #expect(try WireResponse.parse(proxy.channel.readOutboundText()).status == 502)

        _ = try proxy.send(ProxyConnection.authorized("GET http://127.0.0.1:8080/ HTTP/1.1"))
        let cut = try proxy.dialer.connect()
        try cut.writeInbound(text: "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\npartial")
        cut.close(promise: nil)
        #expect(try proxy.channel.readOutboundText().hasSuffix("\r\n\r\npartial"))
        #expect(!proxy.channel.isActive)
        #expect(proxy.requests.map(\.responseStatus) == [502, 200])
    }
}
