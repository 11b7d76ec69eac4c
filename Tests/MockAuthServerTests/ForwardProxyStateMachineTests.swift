import NIOCore
import NIOHTTP1
import Testing

@testable import MockAuthServer

@Suite("ForwardProxyStateMachine: decisions without a channel")
struct ForwardProxyStateMachineTests {
    static let origin = ProxyTarget(host: "127.0.0.1", port: 8080)
    static let pass = GateDecision.pass(responseHeaders: [])
    static let challenge = GateDecision.challenge(values: [#"Basic realm="proxy""#])

    func head(_ method: HTTPMethod, _ uri: String, _ headers: [(String, String)] = []) -> HTTPRequestHead {
        HTTPRequestHead(version: .http1_1, method: method, uri: uri, headers: HTTPHeaders(headers))
    }

    func status(of action: ForwardProxyStateMachine.Action?) -> UInt? {
        guard case .answer(let head, _, _) = action else { return nil }
        return head.status.code
    }

    func continuation(of action: ForwardProxyStateMachine.Action?) -> ForwardProxyStateMachine.Continuation? {
        switch action {
        case .answer(_, _, let then), .relayEnd(let then): then
        default: nil
        }
    }

    @Test("a challenge answers 407 with Proxy-Authenticate and keeps the connection for the next request")
    func challenge() {
        var machine = ForwardProxyStateMachine(allowedTargets: [Self.origin])
        let action = machine.requestHead(head(.GET, "http://127.0.0.1:8080/"), authorization: Self.challenge)
        guard case .answer(let response, _, .awaitRequestEnd) = action else {
            Issue.record("unexpected \(action)")
            return
        }
        #expect(response.status == .proxyAuthenticationRequired)
        #expect(response.headers["Proxy-Authenticate"] == [#"Basic realm="proxy""#])
        #expect(!response.headers.contains(name: "Connection"))
        #expect(machine.requestEnd() == nil)
        #expect(
            machine.requestHead(head(.GET, "http://127.0.0.1:8080/"), authorization: Self.pass)
                == .dial(Self.origin, exchange: 2, purpose: .forward))
    }

    @Test("a challenge that closes (close-after-challenge): 407 with Connection: close, then the connection closes")
    func closingChallenge() {
        var machine = ForwardProxyStateMachine(allowedTargets: [Self.origin])
        let action = machine.requestHead(
            head(.CONNECT, "127.0.0.1:8080"), authorization: Self.challenge, closesAfterChallenge: true)
        guard case .answer(let response, _, .close) = action else {
            Issue.record("unexpected \(action)")
            return
        }
        #expect(response.status == .proxyAuthenticationRequired)
        #expect(response.headers["Proxy-Authenticate"] == [#"Basic realm="proxy""#])
        #expect(response.headers["Connection"] == ["close"])
        #expect(machine.requestEnd() == nil, "nothing more is read on a closed connection")
        #expect(machine.isClosed)

        var passing = ForwardProxyStateMachine(allowedTargets: [Self.origin])
        #expect(
            passing.requestHead(head(.CONNECT, "127.0.0.1:8080"), authorization: Self.pass, closesAfterChallenge: true)
                == .dial(Self.origin, exchange: 1, purpose: .tunnel), "only a challenge closes")
    }

    @Test("a 407 to CONNECT resets the decoder once the request has ended")
    func connectChallenge() {
        var machine = ForwardProxyStateMachine(allowedTargets: [Self.origin])
        let action = machine.requestHead(head(.CONNECT, "127.0.0.1:8080"), authorization: Self.challenge)
        #expect(status(of: action) == 407)
        #expect(machine.requestEnd() == .resetDecoder)
    }

    @Test("an allowed absolute-form request is dialled, then sent in origin-form without proxy headers")
    func forward() {
        var machine = ForwardProxyStateMachine(allowedTargets: [Self.origin])
        let request = head(
            .POST, "http://127.0.0.1:8080/a?b=c",
            [("Host", "127.0.0.1:8080"), ("Proxy-Authorization", "Basic x"), ("Proxy-Connection", "Keep-Alive")])
        #expect(
            machine.requestHead(request, authorization: Self.pass)
                == .dial(Self.origin, exchange: 1, purpose: .forward))
        #expect(machine.requestBody(ByteBuffer(string: "early")) == nil)
        guard case .sendRequest(let sent, let body, end: false) = machine.originConnected(exchange: 1) else {
            Issue.record("no request sent")
            return
        }
        #expect(sent.uri == "/a?b=c")
        #expect(sent.headers["Host"] == ["127.0.0.1:8080"])
        #expect(sent.headers["Connection"] == ["close"])
        #expect(!sent.headers.contains(name: "Proxy-Authorization"))
        #expect(!sent.headers.contains(name: "Proxy-Connection"))
        #expect(body == [ByteBuffer(string: "early")])
        #expect(machine.requestBody(ByteBuffer(string: "late")) == .sendBody(ByteBuffer(string: "late")))
        #expect(machine.requestEnd() == .sendEnd)

        let response = HTTPResponseHead(
            version: .http1_1, status: .ok, headers: ["Content-Length": "2", "Connection": "close"])
        guard case .relayHead(let relayed) = machine.originResponse(.head(response), exchange: 1) else {
            Issue.record("no head relayed")
            return
        }
        #expect(relayed.headers["Connection"].isEmpty)
        #expect(
            machine.originResponse(.body(ByteBuffer(string: "ok")), exchange: 1)
                == .relayBody(ByteBuffer(string: "ok")))
        #expect(machine.originResponse(.end(nil), exchange: 1) == .relayEnd(then: .readNextRequest))
        // The origin closing afterwards belongs to a finished exchange.
        #expect(machine.originClosed(exchange: 1) == nil)
    }

    @Test("targets: 403 outside the allowed set or off loopback, 400 for https:// and origin-form")
    func targets() {
        var machine = ForwardProxyStateMachine(allowedTargets: [
            Self.origin, ProxyTarget(host: "example.com", port: 80),
        ])
        #expect(status(of: machine.requestHead(head(.GET, "http://127.0.0.1:9/"), authorization: Self.pass)) == 403)
        #expect(machine.requestEnd() == nil)
        #expect(status(of: machine.requestHead(head(.GET, "http://example.com/"), authorization: Self.pass)) == 403)
        #expect(machine.requestEnd() == nil)
        #expect(status(of: machine.requestHead(head(.CONNECT, "127.0.0.1:9"), authorization: Self.pass)) == 403)
        #expect(machine.requestEnd() == .resetDecoder)
        let https = machine.requestHead(head(.GET, "https://127.0.0.1:8080/"), authorization: Self.pass)
        #expect(status(of: https) == 400)
        #expect(continuation(of: https) == .close)

        var fresh = ForwardProxyStateMachine(allowedTargets: [Self.origin])
        #expect(status(of: fresh.requestHead(head(.GET, "/"), authorization: Self.pass)) == 400)
    }

    @Test("a name another machine uses (serve --host-name) is dialled at the address it maps to, Host kept")
    func aliases() {
        let named = ProxyTarget(host: "device.mockauth.test", port: 8080)
        var machine = ForwardProxyStateMachine(allowedTargets: [Self.origin], aliases: [named: Self.origin])
        #expect(
            machine.requestHead(head(.GET, "http://DEVICE.mockauth.test:8080/x"), authorization: Self.pass)
                == .dial(Self.origin, exchange: 1, purpose: .forward))
        var tunnel = ForwardProxyStateMachine(allowedTargets: [Self.origin], aliases: [named: Self.origin])
        #expect(
            tunnel.requestHead(head(.CONNECT, "device.mockauth.test:8080"), authorization: Self.pass)
                == .dial(Self.origin, exchange: 1, purpose: .tunnel))
        // Another port of the name, or another name, is no alias: 403, nothing dialled.
        var other = ForwardProxyStateMachine(allowedTargets: [Self.origin], aliases: [named: Self.origin])
        #expect(
            status(of: other.requestHead(head(.GET, "http://device.mockauth.test:9/"), authorization: Self.pass))
                == 403)
        #expect(other.requestEnd() == nil)
        #expect(
            status(of: other.requestHead(head(.GET, "http://example.com:8080/"), authorization: Self.pass)) == 403)
    }

    @Test("HTTP/1.0 clients get one response per connection, even with Connection: keep-alive")
    func http10() {
        var machine = ForwardProxyStateMachine(allowedTargets: [Self.origin])
        var request = head(.GET, "http://127.0.0.1:8080/", [("Connection", "keep-alive")])
        request.version = .http1_0
        let action = machine.requestHead(request, authorization: Self.challenge)
        #expect(continuation(of: action) == .close)
        guard case .answer(let response, _, _) = action else { return }
        #expect(response.version == .http1_0)
        #expect(response.headers["Connection"] == ["close"])
    }

    @Test("malformed credentials answer 400 and close")
    func malformed() {
        var machine = ForwardProxyStateMachine(allowedTargets: [Self.origin])
        let action = machine.requestHead(
            head(.GET, "http://127.0.0.1:8080/"), authorization: .badRequest(reason: "not base64"))
        #expect(status(of: action) == 400)
        #expect(continuation(of: action) == .close)
    }

    @Test("CONNECT: the tunnel is established once connected and the request has ended, in either order")
    func tunnel() {
        var endFirst = ForwardProxyStateMachine(allowedTargets: [Self.origin])
        #expect(
            endFirst.requestHead(head(.CONNECT, "127.0.0.1:8080"), authorization: Self.pass)
                == .dial(Self.origin, exchange: 1, purpose: .tunnel))
        #expect(endFirst.requestEnd() == nil)
        #expect(endFirst.originConnected(exchange: 1) == .establishTunnel([:]))

        var connectedFirst = ForwardProxyStateMachine(allowedTargets: [Self.origin])
        _ = connectedFirst.requestHead(head(.CONNECT, "127.0.0.1:8080"), authorization: Self.pass)
        #expect(connectedFirst.originConnected(exchange: 1) == nil)
        #expect(connectedFirst.requestEnd() == .establishTunnel([:]))
    }

    @Test("origin failures: 502 before a response, closing the client after part of one")
    func originFailures() {
        var unreachable = ForwardProxyStateMachine(allowedTargets: [Self.origin])
        _ = unreachable.requestHead(head(.GET, "http://127.0.0.1:8080/"), authorization: Self.pass)
        #expect(unreachable.requestEnd() == nil)
        let failed = unreachable.originFailed(exchange: 1)
        #expect(status(of: failed) == 502)
        #expect(continuation(of: failed) == .readNextRequest)

        var cut = ForwardProxyStateMachine(allowedTargets: [Self.origin])
        _ = cut.requestHead(head(.GET, "http://127.0.0.1:8080/"), authorization: Self.pass)
        _ = cut.originConnected(exchange: 1)
        _ = cut.originResponse(.head(HTTPResponseHead(version: .http1_1, status: .ok)), exchange: 1)
        #expect(cut.originClosed(exchange: 1) == .closeClient)
    }

    @Test("a body held while dialling is bounded: the origin's limit is held and sent, a byte more is 413 and close")
    func heldBodyBounded() {
        let limit = ForwardProxyStateMachine.maximumHeldBodyBytes
        let piece = ByteBuffer(repeating: 0x61, count: 64 * 1024)
        var held = ForwardProxyStateMachine(allowedTargets: [Self.origin])
        _ = held.requestHead(head(.POST, "http://127.0.0.1:8080/"), authorization: Self.pass)
        for _ in 0..<(limit / piece.readableBytes) { #expect(held.requestBody(piece) == nil) }
        guard case .sendRequest(_, let body, end: false) = held.originConnected(exchange: 1) else {
            Issue.record("the body at the limit was not sent")
            return
        }
        #expect(body.reduce(0) { $0 + $1.readableBytes } == limit)

        var over = ForwardProxyStateMachine(allowedTargets: [Self.origin])
        _ = over.requestHead(head(.POST, "http://127.0.0.1:8080/"), authorization: Self.pass)
        for _ in 0..<(limit / piece.readableBytes) { _ = over.requestBody(piece) }
        let refusal = over.requestBody(ByteBuffer(string: "a"))
        #expect(status(of: refusal) == 413)
        #expect(continuation(of: refusal) == .close)
        // The dial that connects afterwards is let go; nothing more is held or sent.
        #expect(over.originConnected(exchange: 1) == .closeOrigin)
        #expect(over.requestBody(piece) == nil)
    }

    @Test("a connection that closes while dialling discards the late origin")
    func lateOrigin() {
        var machine = ForwardProxyStateMachine(allowedTargets: [Self.origin])
        _ = machine.requestHead(head(.GET, "http://127.0.0.1:8080/"), authorization: Self.pass)
        #expect(machine.clientClosed() == nil)
        #expect(machine.originConnected(exchange: 1) == .closeOrigin)
    }

    @Test(
        "request-targets",
        arguments: [
            ("http://127.0.0.1:8080/a?b#frag", ProxyRequestTarget.absolute(origin, originForm: "/a?b")),
            ("http://LOCALHOST", .absolute(ProxyTarget(host: "localhost", port: 80), originForm: "/")),
            ("http://[::1]:81?x", .absolute(ProxyTarget(host: "::1", port: 81), originForm: "/?x")),
        ])
    func absoluteForm(uri: String, expected: ProxyRequestTarget) throws {
        #expect(try ProxyRequestTarget(method: .GET, uri: uri) == expected)
    }

    @Test(
        "unusable request-targets",
        arguments: [
            "https://127.0.0.1/", "/", "http://user@127.0.0.1/", "http://127.0.0.1:0/", "http://127.0.0.1:99999/",
            "http://:80/", "ftp://127.0.0.1/",
        ])
    func unusableTargets(uri: String) {
        #expect(throws: ProxyRequestTargetError.self) { try ProxyRequestTarget(method: .GET, uri: uri) }
    }

    @Test("CONNECT needs host:port")
    func connectTargets() throws {
        #expect(
            try ProxyRequestTarget(method: .CONNECT, uri: "[::1]:443")
                == .authority(ProxyTarget(host: "::1", port: 443)))
        #expect(throws: ProxyRequestTargetError.self) { try ProxyRequestTarget(method: .CONNECT, uri: "127.0.0.1") }
        #expect(throws: ProxyRequestTargetError.self) { try ProxyRequestTarget(method: .CONNECT, uri: "http://x:1/") }
    }

    @Test("loopback hosts")
    func loopback() {
        #expect(ProxyTarget(host: "127.0.0.1", port: 1).isLoopback)
        #expect(ProxyTarget(host: "127.1.2.3", port: 1).isLoopback)
        #expect(ProxyTarget(host: "[::1]", port: 1).isLoopback)
        #expect(ProxyTarget(host: "LocalHost", port: 1).isLoopback)
        #expect(!ProxyTarget(host: "127.0.0.1.example.com", port: 1).isLoopback)
        #expect(!ProxyTarget(host: "10.0.0.1", port: 1).isLoopback)
    }
}
