import MockAuthTestSupport
import MockAuthTranscript
import NIOCore
import NIOEmbedded
import NIOSOCKS
import Testing

@testable import MockAuthServer

@Suite("SOCKS5 proxy handler")
struct SOCKSProxyHandlerTests {
    @Test("no authentication, CONNECT by IPv4: succeeded, then bytes flow both ways; the transcript says how")
    func connectByAddress() throws {
        let proxy = try SOCKSConnection()
        #expect(try proxy.send(SOCKSConnection.greeting([0x00, 0x02])) == [5, 0x00])
        #expect(try proxy.send(SOCKSConnection.connectIPv4 + Array("early".utf8)).isEmpty)
        #expect(proxy.dialer.dials.map(\.target) == [SOCKSConnection.origin])

        let origin = try proxy.dialer.connect()
        proxy.channel.embeddedEventLoop.run()
        let reply = try proxy.channel.readOutboundBytes()
        #expect(Array(reply.prefix(4)) == [5, 0x00, 0, 1], "succeeded, bound address IPv4: \(reply)")
        #expect(throws: (any Error).self) {
            try proxy.channel.pipeline.syncOperations.handler(type: SOCKSProxyHandler.self)
        }
        #expect(throws: (any Error).self) {
            try proxy.channel.pipeline.syncOperations.handler(type: SOCKSServerHandshakeHandler.self)
        }
        #expect(try origin.readOutboundText() == "early", "bytes sent right after the CONNECT reach the origin")
        _ = try proxy.send(Array("client hello".utf8))
        #expect(try origin.readOutboundText() == "client hello")
        try origin.writeInbound(text: "server hello")
        #expect(try proxy.channel.readOutboundText() == "server hello")

        #expect(
            proxy.socks
                == SOCKSRecord(
                    methodsOffered: ["no-authentication", "username-password"], methodChosen: "no-authentication",
                    addressType: .ipv4, target: "127.0.0.1:8080", reply: "succeeded"))
        #expect(proxy.recorder.record.requests.map(\.summary) == ["CONNECT 127.0.0.1:8080"])
        #expect(proxy.recorder.record.requests.map(\.responseStatus) == [200])
        origin.close(promise: nil)
        #expect(!proxy.channel.isActive)
        #expect(proxy.recorder.isClosed)
    }

    @Test("CONNECT by a name the proxy knows: the alias's address is dialled, the name recorded")
    func connectByName() throws {
        let proxy = try SOCKSConnection()
        _ = try proxy.send(SOCKSConnection.greeting([0x00]))
        _ = try proxy.send(SOCKSConnection.connect(name: "api.mockauth.test"))
        #expect(proxy.dialer.dials.map(\.target) == [SOCKSConnection.origin])
        _ = try proxy.dialer.connect()
        proxy.channel.embeddedEventLoop.run()
        #expect(proxy.recorder.record.dialledFrom == ["127.0.0.1:40000"], "the address the tunnel was dialled from")
        #expect(proxy.socks?.addressType == .domainName)
        #expect(proxy.socks?.target == "api.mockauth.test:8080")
        #expect(proxy.socks?.reply == "succeeded")
    }

    @Test("a CONNECT sent in the same write as the greeting (an optimistic client) is answered, not left waiting")
    func greetingAndConnectTogether() throws {
        let proxy = try SOCKSConnection()
        let answer = try proxy.send(SOCKSConnection.greeting([0x00]) + SOCKSConnection.connectIPv4)
        #expect(answer == [5, 0x00], "the method chosen; the CONNECT's reply comes once the origin answers")
        #expect(proxy.dialer.dials.map(\.target) == [SOCKSConnection.origin])
        _ = try proxy.dialer.connect()
        proxy.channel.embeddedEventLoop.run()
        #expect(proxy.socks?.addressType == .ipv4)
        #expect(proxy.socks?.reply == "succeeded")
    }

    @Test("a greeting without 'no authentication' gets 0xFF and the connection closes")
    func noAcceptableMethod() throws {
        let proxy = try SOCKSConnection()
        #expect(try proxy.send(SOCKSConnection.greeting([0x02])) == [5, 0xFF])
        #expect(!proxy.channel.isActive)
        #expect(proxy.socks?.methodsOffered == ["username-password"])
        #expect(proxy.socks?.methodChosen == "no-acceptable-methods")
        #expect(proxy.dialer.dials.isEmpty)
    }

    @Test("a target that is not the scenario's: connection not allowed, nothing dialled")
    func targetNotAllowed() throws {
        let proxy = try SOCKSConnection()
        _ = try proxy.send(SOCKSConnection.greeting([0x00]))
        let reply = try proxy.send(SOCKSConnection.connect(name: "example.com"))
        #expect(Array(reply.prefix(2)) == [5, 0x02])
        #expect(!proxy.channel.isActive)
        #expect(proxy.dialer.dials.isEmpty)
        #expect(proxy.socks?.reply == "connection-not-allowed")
        #expect(proxy.recorder.record.requests.map(\.responseStatus) == [403])
    }

    @Test("BIND is not supported; a failed dial is host unreachable")
    func refusals() throws {
        let bind = try SOCKSConnection()
        _ = try bind.send(SOCKSConnection.greeting([0x00]))
        #expect(
            Array(try bind.send(SOCKSConnection.connect(name: "api.mockauth.test", command: 2)).prefix(2)) == [5, 0x07])
        #expect(!bind.channel.isActive)
        #expect(bind.dialer.dials.isEmpty)

        let unreachable = try SOCKSConnection()
        _ = try unreachable.send(SOCKSConnection.greeting([0x00]))
        _ = try unreachable.send(SOCKSConnection.connectIPv4)
        try unreachable.dialer.fail()
        unreachable.channel.embeddedEventLoop.run()
        #expect(Array(try unreachable.channel.readOutboundBytes().prefix(2)) == [5, 0x04])
        #expect(!unreachable.channel.isActive)
        #expect(unreachable.socks?.reply == "host-unreachable")
    }

    @Test(
        "bytes that are not SOCKS5 (an HTTP request, SOCKS4, TLS) close the connection at once, recorded by what they are"
    )
    func garbage() throws {
        let cases: [(bytes: [UInt8], first: UInt8, http: String?)] = [
            (
                Array("CONNECT 127.0.0.1:8080 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n".utf8), 0x43,
                "CONNECT 127.0.0.1:8080"
            ),
            (Array("GET http://127.0.0.1:8080/ HTTP/1.1\r\n\r\n".utf8), 0x47, "GET http://127.0.0.1:8080/"),
            ([4, 1, 0x1F, 0x90, 127, 0, 0, 1, 0], 0x04, nil),
            ([0x16, 3, 1, 0, 0x2A], 0x16, nil),
        ]
        for (bytes, first, http) in cases {
            let proxy = try SOCKSConnection()
            #expect(try proxy.send(bytes).isEmpty)
            #expect(!proxy.channel.isActive, "\(bytes)")
            #expect(proxy.socks == SOCKSRecord(firstByte: first, httpRequest: http), "\(bytes)")
            #expect(proxy.recorder.record.protocolError == nil, "no error type's description: \(bytes)")
            #expect(proxy.dialer.dials.isEmpty)
        }
    }

    @Test("an HTTP request line that arrives in pieces is recorded once it is whole; a line that never ends waits")
    func httpInPieces() throws {
        let proxy = try SOCKSConnection()
        _ = try proxy.send(Array("CONN".utf8))
        #expect(proxy.channel.isActive)
        #expect(proxy.socks == SOCKSRecord(firstByte: 0x43))
        _ = try proxy.send(Array("ECT api.mockauth.test:8080 HTTP/1.1\r\n".utf8))
        #expect(!proxy.channel.isActive)
        #expect(proxy.socks?.httpRequest == "CONNECT api.mockauth.test:8080")
    }

    @Test("a connection that sends nothing has an empty SOCKS record: it is a SOCKS connection all the same")
    func silent() throws {
        let proxy = try SOCKSConnection()
        #expect(proxy.socks == SOCKSRecord())
    }

    @Test("what breaks SOCKS5 after the greeting is recorded in RFC 1928's words, not as an error type")
    func brokenRequest() throws {
        let proxy = try SOCKSConnection()
        _ = try proxy.send(SOCKSConnection.greeting([0x00]))
        _ = try proxy.send([5, 1, 0, 7, 127, 0, 0, 1, 0x1F, 0x90])
        #expect(!proxy.channel.isActive)
        #expect(
            proxy.recorder.record.protocolError == "a request of address type 0x07 (RFC 1928 has 0x01, 0x03 and 0x04)")
        #expect(proxy.dialer.dials.isEmpty)
    }

    @Test("a stalled greeting closes at the request-head limit; the tunnel keeps only the connection's")
    func deadlines() throws {
        let limits = ConnectionLimits(requestHead: .seconds(5), connection: .seconds(60))
        let stalled = try SOCKSConnection(limits: limits)
        _ = try stalled.send([5])
        stalled.channel.embeddedEventLoop.advanceTime(by: .seconds(4))
        #expect(stalled.channel.isActive)
        stalled.channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!stalled.channel.isActive)
        #expect(stalled.recorder.record.closedByLimit == .requestHead)

        let tunnel = try SOCKSConnection(limits: limits)
        _ = try tunnel.send(SOCKSConnection.greeting([0x00]))
        _ = try tunnel.send(SOCKSConnection.connectIPv4)
        _ = try tunnel.dialer.connect()
        tunnel.channel.embeddedEventLoop.run()
        tunnel.channel.embeddedEventLoop.advanceTime(by: .seconds(30))
        #expect(tunnel.channel.isActive, "the head limit no longer applies in the tunnel")
        tunnel.channel.embeddedEventLoop.advanceTime(by: .seconds(30))
        #expect(!tunnel.channel.isActive)
        #expect(tunnel.recorder.record.closedByLimit == .connection)
    }

    @Test(
        "random bytes, after a valid greeting or not, never crash the proxy nor dial anything but the scenario's (2,000 seeded rounds)"
    )
    func randomBytes() throws {
        var random = SplitMix(seed: 0x534F_434B_5335)
        for round in 0..<2_000 {
            let proxy = try SOCKSConnection()
            let length = Int.random(in: 1...300, using: &random)
            var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            // Half the rounds start as SOCKS5 does, so that the parser goes past the version byte.
            if round.isMultiple(of: 2) { bytes[0] = 5 }
            if round.isMultiple(of: 4) { bytes = SOCKSConnection.greeting([0x00]) + [5] + bytes }
            for chunk in stride(from: 0, to: bytes.count, by: 7) where proxy.channel.isActive {
                _ = try proxy.send(Array(bytes[chunk..<min(chunk + 7, bytes.count)]))
            }
            for dial in proxy.dialer.dials {
                #expect(dial.target == SOCKSConnection.origin, "round \(round) dialled \(dial.target)")
            }
            // A dial still pending is failed, as a refused connection is: no promise is left behind.
            if !proxy.dialer.dials.isEmpty { try? proxy.dialer.fail() }
            proxy.channel.embeddedEventLoop.run()
            _ = try? proxy.channel.finish()
        }
    }

    // MARK: RFC 1929

    @Test("with an account: username/password is chosen, the right step gets status 0, then the CONNECT goes through")
    func usernamePassword() throws {
        let proxy = try SOCKSConnection(account: SOCKSConnection.account)
        #expect(try proxy.send(SOCKSConnection.greeting([0x00, 0x02])) == [5, 0x02])
        // The step in two pieces, as a slow client may send it.
        let step = SOCKSConnection.step("socks-user", "tunnel-7")
        #expect(try proxy.send(Array(step.prefix(5))).isEmpty)
        #expect(try proxy.send(Array(step.dropFirst(5))) == [1, 0])
        _ = try proxy.send(SOCKSConnection.connectIPv4)
        _ = try proxy.dialer.connect()
        proxy.channel.embeddedEventLoop.run()
        #expect(
            proxy.socks
                == SOCKSRecord(
                    methodsOffered: ["no-authentication", "username-password"], methodChosen: "username-password",
                    username: "socks-user", authenticated: true, addressType: .ipv4, target: "127.0.0.1:8080",
                    reply: "succeeded"))
    }

    @Test("RFC 1929's step sent in the same write as the greeting is taken once username/password is chosen")
    func greetingAndStepTogether() throws {
        let proxy = try SOCKSConnection(account: SOCKSConnection.account)
        let answer = try proxy.send(SOCKSConnection.greeting([0x02]) + SOCKSConnection.step("socks-user", "tunnel-7"))
        #expect(answer == [5, 0x02, 1, 0], "the method chosen, then status 0")
        _ = try proxy.send(SOCKSConnection.connectIPv4)
        #expect(proxy.dialer.dials.map(\.target) == [SOCKSConnection.origin])
        #expect(proxy.socks?.authenticated == true)
    }

    @Test("a wrong password gets status 1 and a close; nothing is dialled, and the password is not recorded")
    func wrongPassword() throws {
        let proxy = try SOCKSConnection(account: SOCKSConnection.account)
        _ = try proxy.send(SOCKSConnection.greeting([0x02]))
        #expect(try proxy.send(SOCKSConnection.step("socks-user", "guess-1")) == [1, 1])
        #expect(!proxy.channel.isActive)
        #expect(proxy.dialer.dials.isEmpty)
        #expect(proxy.socks?.username == "socks-user")
        #expect(proxy.socks?.authenticated == false)
        #expect(!"\(proxy.recorder.record)".contains("guess-1"))
    }

    @Test("with an account, a greeting that offers only 'no authentication' gets 0xFF")
    func onlyNoAuthentication() throws {
        let proxy = try SOCKSConnection(account: SOCKSConnection.account)
        #expect(try proxy.send(SOCKSConnection.greeting([0x00])) == [5, 0xFF])
        #expect(!proxy.channel.isActive)
        #expect(proxy.socks?.methodChosen == "no-acceptable-methods")
    }

    @Test("a malformed step closes the connection without an answer, recorded as the step it was")
    func malformedStep() throws {
        let cases: [(bytes: [UInt8], why: String)] = [
            ([5, 1, 0x61, 1, 0x62], "version 5, not 1"), ([1, 0, 1, 0x62], "an empty username"),
        ]
        for (bytes, why) in cases {
            let proxy = try SOCKSConnection(account: SOCKSConnection.account)
            _ = try proxy.send(SOCKSConnection.greeting([0x02]))
            #expect(try proxy.send(bytes).isEmpty)
            #expect(!proxy.channel.isActive)
            #expect(proxy.socks?.malformedStep == why)
            #expect(proxy.socks?.tookPasswordStep == true)
            #expect(proxy.socks?.passwordStepFailed == true)
            #expect(proxy.dialer.dials.isEmpty)
        }
    }

    @Test(
        "600 bytes of 0x01 after the method: a 5-byte step (wrong, status 1), the rest never read, not an over-long step"
    )
    func stepFollowedByBytes() throws {
        // Since the proxy reads pipelined messages (issue 35), the bytes after a step are the next
        // message, held until the step is answered: a step is never over-long (at most 513 bytes).
        let proxy = try SOCKSConnection(account: SOCKSConnection.account)
        _ = try proxy.send(SOCKSConnection.greeting([0x02]))
        #expect(try proxy.send(Array(repeating: 1, count: 600)) == [1, 1])
        #expect(!proxy.channel.isActive)
        #expect(proxy.socks?.username == "\u{1}")
        #expect(proxy.socks?.authenticated == false)
        #expect(proxy.socks?.malformedStep == nil)
        #expect(proxy.dialer.dials.isEmpty)
    }

    @Test("a username with an empty password (the JDK's step when it has no password): its username kept, an attempt")
    func emptyPassword() throws {
        let proxy = try SOCKSConnection(account: SOCKSConnection.account)
        #expect(try proxy.send(SOCKSConnection.greeting([0x00, 0x02])) == [5, 0x02])
        #expect(try proxy.send([1, 4] + Array("root".utf8) + [0]).isEmpty)
        #expect(!proxy.channel.isActive)
        #expect(
            proxy.socks
                == SOCKSRecord(
                    methodsOffered: ["no-authentication", "username-password"], methodChosen: "username-password",
                    username: "root", malformedStep: "an empty password, where RFC 1929 wants 1 to 255 bytes"))
        #expect(proxy.socks?.authenticated == nil)
        #expect(proxy.dialer.dials.isEmpty)
    }

    @Test("random bytes after choosing username/password never authenticate nor dial (2,000 seeded rounds)")
    func randomSteps() throws {
        var random = SplitMix(seed: 0x5253_4F43_4B53)
        for _ in 0..<2_000 {
            let proxy = try SOCKSConnection(account: SOCKSConnection.account)
            _ = try proxy.send(SOCKSConnection.greeting([0x02]))
            var bytes = (0..<Int.random(in: 1...600, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            bytes[0] = 1
            for chunk in stride(from: 0, to: bytes.count, by: 11) where proxy.channel.isActive {
                _ = try proxy.send(Array(bytes[chunk..<min(chunk + 11, bytes.count)]))
            }
            #expect(proxy.socks?.authenticated != true)
            #expect(proxy.dialer.dials.isEmpty)
            _ = try? proxy.channel.finish()
        }
    }
}
