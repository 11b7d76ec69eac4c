import Foundation
import MockAuth
import MockAuthRemote
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import MockAuthControl

/// The control API's HTTP handling on NIOAsyncTestingChannel: raw bytes in, raw bytes out, no sockets.
@Suite("Control API over HTTP, on an embedded channel")
struct ControlHTTPHandlerTests {
    static let token = ControlToken.testToken

    /// A channel with the control pipeline, held to `limits`; the registry's catalog is `catalog`.
    func channel(catalog: [Scenario] = [], limits: ConnectionLimits = .default) async throws -> NIOAsyncTestingChannel {
        let registry = RunRegistry(catalog: catalog, maxLiveRuns: 2) { scenario in
            try await ScenarioRun.start(scenario)
        }
        let api = ControlAPI(token: Self.token, registry: registry)
        let channel = NIOAsyncTestingChannel()
        try await channel.pipeline.addHandlers([]).get()
        try await channel.eventLoop.submit {
            try channel.pipeline.syncOperations.addControlHandlers(api, limits: limits)
        }.get()
        try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).get()
        return channel
    }

    /// Sends `request` (raw HTTP/1.1) and collects the answer until `count` responses are complete.
    func exchange(_ channel: NIOAsyncTestingChannel, _ request: String, responses count: Int = 1) async throws -> String
    {
        // A request the server refuses by closing (413, 400) makes the HTTP decoder report the cut-off
        // stream through the pipeline: that error is the close, not a failure of the exchange.
        _ = try? await channel.writeInbound(channel.allocator.buffer(string: request))
        var text = ""
        while text.components(separatedBy: "HTTP/1.1 ").count - 1 < count || !Self.complete(text, count) {
            let chunk = try await channel.waitForOutboundWrite(as: ByteBuffer.self)
            text += String(buffer: chunk)
        }
        return text
    }

    /// Whether `text` holds `count` whole responses (each with its Content-Length of body).
    static func complete(_ text: String, _ count: Int) -> Bool {
        let responses = text.components(separatedBy: "HTTP/1.1 ").dropFirst()
        guard responses.count >= count else { return false }
        return responses.allSatisfy { response in
            guard let split = response.range(of: "\r\n\r\n") else { return false }
            let head = response[..<split.lowerBound]
            let length =
                head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
            return response[split.upperBound...].utf8.count >= length
        }
    }

    func get(_ path: String, token: String? = ControlToken.testToken.secret, close: Bool = false) -> String {
        var request = "GET \(path) HTTP/1.1\r\nHost: control\r\n"
        if let token { request += "Authorization: Bearer \(token)\r\n" }
        if close { request += "Connection: close\r\n" }
        return request + "\r\n"
    }

    @Test("no token, a wrong one, another scheme: 401 with WWW-Authenticate and an error body only")
    func unauthorized() async throws {
        let channel = try await channel()
        for token in [nil, "nope", Self.token.secret + "x", String(Self.token.secret.dropLast())] {
            let answer = try await exchange(channel, get("/v1/scenarios", token: token))
            #expect(answer.hasPrefix("HTTP/1.1 401 Unauthorized"), "\(answer)")
            #expect(answer.contains("WWW-Authenticate: Bearer"))
            #expect(answer.contains("\"error\"") && !answer.contains("scenarios"), "\(answer)")
        }
        let basic = "GET /v1/scenarios HTTP/1.1\r\nAuthorization: Basic \(Self.token.secret)\r\n\r\n"
        #expect(try await exchange(channel, basic).hasPrefix("HTTP/1.1 401"))
    }

    @Test("pipelined requests are answered in order on one connection")
    func pipelined() async throws {
        let channel = try await channel()
        let answer = try await exchange(
            channel, get("/v1/scenarios") + get("/v1/runs/run-x/verdict") + get("/v1/runs"), responses: 3)
        let statuses = answer.components(separatedBy: "HTTP/1.1 ").dropFirst().map { String($0.prefix(3)) }
        #expect(statuses == ["200", "404", "200"], "\(answer)")
        #expect(channel.isActive)
    }

    @Test("a body over the limit gets 413 as JSON and the connection closes")
    func oversized() async throws {
        let channel = try await channel()
        let request =
            "POST /v1/runs HTTP/1.1\r\nAuthorization: Bearer \(Self.token.secret)\r\nContent-Length: 1000000\r\n\r\n"
        let answer = try await exchange(channel, request)
        #expect(answer.hasPrefix("HTTP/1.1 413"), "\(answer)")
        #expect(answer.contains("larger than 65536 bytes"))
        #expect(answer.contains("Connection: close"), "\(answer)")
        try await channel.closeFuture.get()
    }

    @Test("Connection: close is honoured; unknown paths 404; wrong methods 405 with Allow")
    func routing() async throws {
        let channel = try await channel()
        let wrong = "PUT /v1/runs HTTP/1.1\r\nAuthorization: Bearer \(Self.token.secret)\r\nContent-Length: 0\r\n\r\n"
        let answer = try await exchange(channel, wrong)
        #expect(answer.hasPrefix("HTTP/1.1 405") && answer.contains("Allow: GET, POST"), "\(answer)")
        #expect(try await exchange(channel, get("/v2/runs")).hasPrefix("HTTP/1.1 404"))
        #expect(try await exchange(channel, get("/v1/runs/a%2Fb/verdict")).hasPrefix("HTTP/1.1 404"))
        let closing = try await exchange(channel, get("/v1/runs", close: true))
        #expect(closing.contains("Connection: close"))
        try await channel.closeFuture.get()
    }

    @Test(
        "a request asking for another protocol (Java's h2c Upgrade, CONNECT) is answered, then the connection closes",
        arguments: [
            "GET /v1/runs HTTP/1.1\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAEAAEAAAAIAAAAA\r\n",
            "CONNECT 127.0.0.1:443 HTTP/1.1\r\n",
        ])
    func upgradeClosesTheConnection(_ start: String) async throws {
        // NIO's decoder parses nothing after such a request (there is no upgrader): kept alive, the
        // next request would wait unread until the request-head limit closed the connection.
        let channel = try await channel()
        let answer = try await exchange(channel, start + "Authorization: Bearer \(Self.token.secret)\r\n\r\n")
        #expect(answer.hasPrefix(start.hasPrefix("GET") ? "HTTP/1.1 200" : "HTTP/1.1 404"), "\(answer)")
        #expect(answer.contains("Connection: close"), "\(answer)")
        try await channel.closeFuture.get()
    }

    @Test("a run begun over HTTP has servers of its own and a verdict")
    func beginAndJudge() async throws {
        let scenario = try ScenarioCatalog.default().load("tls-valid")
        let channel = try await channel(catalog: [scenario])
        let body = #"{"scenario":"tls-valid"}"#
        let post =
            "POST /v1/runs HTTP/1.1\r\nAuthorization: Bearer \(Self.token.secret)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        let answer = try await exchange(channel, post)
        #expect(answer.hasPrefix("HTTP/1.1 201 Created"), "\(answer)")
        let id = try #require(answer.firstMatch(of: /"id" : "(run-[a-z0-9]+)"/)?.1)
        let verdict = try await exchange(channel, get("/v1/runs/\(id)/verdict"))
        #expect(verdict.contains("\"result\" : \"fail\""), "no client came: \(verdict)")
        #expect(verdict.contains("the client never connected to origin"), "\(verdict)")
        let ended = try await exchange(
            channel, "DELETE /v1/runs/\(id) HTTP/1.1\r\nAuthorization: Bearer \(Self.token.secret)\r\n\r\n")
        #expect(ended.hasPrefix("HTTP/1.1 200"), "\(ended)")
    }
}

extension ControlToken {
    /// A fixed token for the tests, read as a user's token file would be.
    static let testToken: ControlToken = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("control-token-\(UUID().uuidString)")
        try? "  test-token-0123456789abcdef\n".write(to: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: path) }
        return (try? ControlToken(contentsOf: path.path)) ?? .random()
    }()
}

extension ControlHTTPHandlerTests {
    @Test("malformed HTTP gets 400 and a close, never a crash")
    func malformed() async throws {
        let channel = try await channel()
        // The decoder reports the garbage; the 400 is written, and the control handler closes.
        try await channel.writeInbound(channel.allocator.buffer(string: "\u{1}\u{2}GARBAGE\r\n\r\n"))
        let answer = try await channel.readOutbound(as: ByteBuffer.self).map { String(buffer: $0) }
        #expect(answer?.hasPrefix("HTTP/1.1 400") == true, "\(answer ?? "nothing written")")
        try await channel.closeFuture.get()
    }
}

/// The control API's connections get the prologue of every listener: the same time limits, the
/// same head limits (with the API's JSON error), on the channel's virtual clock.
extension ControlHTTPHandlerTests {
    static let shortLimits = ConnectionLimits(
        tlsHandshake: .seconds(10), requestHead: .seconds(2), connection: .seconds(60))

    @Test("half a request head is closed at the request-head limit")
    func stalledHead() async throws {
        let channel = try await channel(limits: Self.shortLimits)
        try await channel.writeInbound(channel.allocator.buffer(string: "GET /v1/runs HTTP/1.1\r\nAutho"))
        await channel.testingEventLoop.advanceTime(by: .milliseconds(1_900))
        #expect(channel.isActive)
        await channel.testingEventLoop.advanceTime(by: .milliseconds(200))
        #expect(!channel.isActive)
    }

    @Test("a head sent one byte every half second (slowloris) is closed at the request-head limit")
    func slowloris() async throws {
        let channel = try await channel(limits: Self.shortLimits)
        for byte in "GET /v1/runs HTTP/1.1\r\nHost: control\r\nX-Slow: aaaaaaaa".utf8 where channel.isActive {
            try await channel.writeInbound(channel.allocator.buffer(bytes: [byte]))
            await channel.testingEventLoop.advanceTime(by: .milliseconds(500))
        }
        #expect(!channel.isActive)
    }

    @Test("a connection left idle after an answer is closed at the request-head limit, not kept for a minute")
    func idleAfterAnswer() async throws {
        let channel = try await channel(limits: Self.shortLimits)
        #expect(try await exchange(channel, get("/v1/scenarios")).hasPrefix("HTTP/1.1 200"))
        await channel.testingEventLoop.advanceTime(by: .milliseconds(1_900))
        #expect(channel.isActive)
        await channel.testingEventLoop.advanceTime(by: .milliseconds(200))
        #expect(!channel.isActive)
    }

    @Test("a head over the limits gets 431 with the API's JSON error, before the token is looked at, and a close")
    func headLimits() async throws {
        let channel = try await channel()
        let fillers = String(repeating: "X-Filler: 1\r\n", count: 150)
        let answer = try await exchange(channel, "GET /v1/scenarios HTTP/1.1\r\nHost: control\r\n\(fillers)\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large"), "\(answer)")
        #expect(answer.contains("Content-Type: application/json") && answer.contains("Cache-Control: no-store"))
        let body = try #require(answer.components(separatedBy: "\r\n\r\n").last)
        let decoded = try JSONDecoder().decode(ControlErrorBody.self, from: Data(body.utf8))
        #expect(decoded.error == "the request carried 151 header fields (the server accepts at most 100)")
        try await channel.closeFuture.get()
    }

    @Test("the control connection starts with the prologue every listener's connections have")
    func prologue() async throws {
        let channel = try await channel()
        let known = [
            "ConnectionLimitsHandler", "HTTPServerProtocolErrorHandler",
            "ResponseEndWatcher", "ControlHTTPHandler",
        ]
        let handlers = try await channel.eventLoop.submit {
            channel.pipeline.debugDescription.split(separator: "\n").compactMap { line in
                line.split(separator: " ").map(String.init).first { known.contains($0) }
            }
        }.get()
        #expect(handlers == known)
    }

    static let bodyLimits = ConnectionLimits(
        tlsHandshake: .seconds(10), requestHead: .seconds(30), requestBody: .seconds(2), connection: .seconds(60))

    @Test("a 92 KB head of legal fields (92 fields of 1,000 bytes) gets 431 with the API's JSON error, not 400")
    func headOverTotalLimit() async throws {
        let channel = try await channel()
        let value = String(repeating: "v", count: 990)
        let fields = (0..<92).map { "X-Field-\($0 < 10 ? "0" : "")\($0): \(value)\r\n" }.joined()
        let answer = try await exchange(channel, "GET /v1/scenarios HTTP/1.1\r\nHost: control\r\n\(fields)\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large"), "\(answer.prefix(300))")
        #expect(answer.contains("Content-Type: application/json") && answer.contains("Connection: close"))
        let body = try #require(answer.components(separatedBy: "\r\n\r\n").last)
        let decoded = try JSONDecoder().decode(ControlErrorBody.self, from: Data(body.utf8))
        #expect(decoded.error == "a request head of more than 81920 bytes (the server accepts at most 81920)")
        try await channel.closeFuture.get()
    }

    @Test("a body that stalls after its head is closed at the request-body limit")
    func stalledBody() async throws {
        let channel = try await channel(limits: Self.bodyLimits)
        let head =
            "POST /v1/runs HTTP/1.1\r\nAuthorization: Bearer \(Self.token.secret)\r\nContent-Length: 100\r\n\r\n{\"sc"
        try await channel.writeInbound(channel.allocator.buffer(string: head))
        await channel.testingEventLoop.advanceTime(by: .milliseconds(1_900))
        #expect(channel.isActive, "within the body limit")
        await channel.testingEventLoop.advanceTime(by: .milliseconds(200))
        #expect(!channel.isActive, "closed at the body limit")
    }

    @Test(
        "a request announcing a body without the token gets 401 from its head, before any body byte, and a close",
        arguments: ["Content-Length: 100\r\n", "Transfer-Encoding: chunked\r\n"])
    func unauthorizedBeforeBody(_ framing: String) async throws {
        for token in [nil, "nope"] {
            let channel = try await self.channel(limits: Self.bodyLimits)
            let authorization = token.map { "Authorization: Bearer \($0)\r\n" } ?? ""
            // The head alone: not one byte of the body is sent.
            let answer = try await exchange(channel, "POST /v1/runs HTTP/1.1\r\n\(authorization)\(framing)\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 401 Unauthorized"), "\(answer)")
            #expect(answer.contains("WWW-Authenticate: Bearer") && answer.contains("Connection: close"), "\(answer)")
            try await channel.closeFuture.get()
        }
    }

    @Test("a Content-Length over the limit gets 413 from the head before the token is looked at: it reveals nothing")
    func oversizedBeforeToken() async throws {
        let channel = try await channel()
        let answer = try await exchange(channel, "POST /v1/runs HTTP/1.1\r\nContent-Length: 1000000\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 413"), "\(answer)")
        #expect(answer.contains("Connection: close"), "\(answer)")
        try await channel.closeFuture.get()
    }

    @Test("a chunked body gets 413 as soon as its running total passes the limit, with Connection: close")
    func chunkedOversized() async throws {
        let channel = try await channel()
        let head =
            "POST /v1/runs HTTP/1.1\r\nAuthorization: Bearer \(Self.token.secret)\r\nTransfer-Encoding: chunked\r\n\r\n"
        try await channel.writeInbound(channel.allocator.buffer(string: head))
        let chunk = "8000\r\n" + String(repeating: "a", count: 0x8000) + "\r\n"
        try await channel.writeInbound(channel.allocator.buffer(string: chunk + chunk))
        #expect(channel.isActive, "64 KiB is within the limit")
        let answer = try await exchange(channel, "1\r\na\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 413"), "\(answer)")
        #expect(answer.contains("Connection: close"), "\(answer)")
        try await channel.closeFuture.get()
    }
}
