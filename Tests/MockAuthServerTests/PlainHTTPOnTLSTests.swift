import Foundation
import MockAuthPKI
import MockAuthScenario
import MockAuthTranscript
import NIOCore
import NIOEmbedded
import Testing

@testable import MockAuthServer

/// An HTTP request sent in plain text to a TLS port (an `http://` URL for a host whose
/// Strict-Transport-Security the client ignored): the record keeps its method, never the rest.
@Suite("Plain-text HTTP where a TLS handshake was expected")
struct PlainHTTPOnTLSTests {
    /// What curl sends for `http://hsts.test:PORT/next` with a user, in one write.
    static let plainRequest =
        "GET /next?token=s3cr3t HTTP/1.1\r\nHost: hsts.test:4433\r\nAuthorization: Basic YWxpY2U6d29uZGVybGFuZC03\r\n\r\n"

    @Test(
        "a request line gives its method; anything else gives none",
        arguments: [
            ("GET /next HTTP/1.1\r\nHost: a\r\n\r\n", "GET"),
            ("CONNECT 127.0.0.1:443 HTTP/1.1\r\n", "CONNECT"),
            ("OPTIONS * HTTP/1.0\n", "OPTIONS"),
            ("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", "PRI"),
            ("GET /\r\n", nil),
            ("GET / HTTP/1.1 extra\r\n", nil),
            ("GET  / HTTP/1.1\r\n", nil),
            ("GET / FTP/1.1\r\n", nil),
            ("GET / HTTP/11\r\n", nil),
            (" GET / HTTP/1.1\r\n", nil),
            ("\u{16}\u{03}\u{01}\u{00}\u{05}hello\n", nil),
        ] as [(String, String?)])
    func requestLine(text: String, method: String?) {
        var line = PlainHTTPRequestLine()
        #expect(line.scan(Array(text.utf8)) == method, "\(text.debugDescription)")
        #expect(line.isDone)
    }

    @Test("the line is read across pieces; a handshake is told apart at its first byte; a long line is given up")
    func acrossPieces() {
        var line = PlainHTTPRequestLine()
        for piece in ["PA", "TCH /a", "/b HTTP/", "1.1\r"] {
            #expect(line.scan(Array(piece.utf8)) == nil)
            #expect(!line.isDone)
        }
        #expect(line.scan(Array("\nHost: a\r\n".utf8)) == "PATCH")

        var handshake = PlainHTTPRequestLine()
        #expect(handshake.scan([0x16, 0x03, 0x01]) == nil)
        #expect(handshake.isDone)
        #expect(handshake.scan(Array("GET / HTTP/1.1\r\n".utf8)) == nil, "judged once, at the start")

        var long = PlainHTTPRequestLine()
        #expect(long.scan(Array(("GET /" + String(repeating: "a", count: 9000)).utf8)) == nil)
        #expect(long.isDone)

        var method = PlainHTTPRequestLine()
        let name = String(repeating: "X", count: 100)
        #expect(method.scan(Array("\(name) / HTTP/1.1\r\n".utf8)) == String(repeating: "X", count: 32))
    }

    /// A connection of the TLS scenario server `origin` (profile valid, reached as `localhost`).
    func tlsServer() throws -> ServedConnection {
        let credentials = try Fixtures.pki().serverCredentials(for: .valid, key: .p256, hostName: "localhost")
        let spec = ServerSpec(id: "origin", host: .localhost, tls: TLSSpec(profile: .valid))
        return try ServedConnection(
            behavior: ServerBehavior(spec: spec, endpoints: EndpointDirectory()),
            tls: try ServerTLS(credentials: credentials))
    }

    @Test("plain-text GET to the TLS server: the handshake fails, the record names GET and keeps nothing else")
    func plainGET() throws {
        let server = try tlsServer()
        _ = try? server.channel.writeInbound(ByteBuffer(string: Self.plainRequest))
        server.channel.embeddedEventLoop.run()
        let tls = try #require(server.recorder.record.tls)
        #expect(tls.state == .failed)
        #expect(tls.plainHTTPMethod == "GET")
        #expect(tls.error == "HTTP_REQUEST", "BoringSSL's own word for it")
        #expect(server.requests.isEmpty)
        #expect(!server.channel.isActive)
        let json = String(decoding: try JSONEncoder().encode(server.recorder.record), as: UTF8.self)
        for secret in ["/next", "s3cr3t", "YWxpY2U6d29uZGVybGFuZC03", "Authorization", "hsts.test"] {
            #expect(!json.contains(secret), "\(secret) in \(json)")
        }
    }

    @Test("a method BoringSSL does not name (OPTIONS) is still recognized")
    func plainOPTIONS() throws {
        let server = try tlsServer()
        _ = try? server.channel.writeInbound(ByteBuffer(string: "OPTIONS / HTTP/1.1\r\nHost: localhost\r\n\r\n"))
        server.channel.embeddedEventLoop.run()
        let tls = try #require(server.recorder.record.tls)
        #expect(tls.state == .failed)
        #expect(tls.plainHTTPMethod == "OPTIONS")
        #expect(tls.error != "HTTP_REQUEST", "\(tls)")
    }

    @Test("a real handshake records no plain-text method")
    func realHandshake() throws {
        let server = try tlsServer()
        let client = try InMemoryTLSClient(trusting: [try Fixtures.pki().root], hostName: "localhost")
        let errors = try client.connect(to: server.channel)
        #expect(errors.client.isEmpty && errors.server.isEmpty, "\(errors)")
        #expect(server.recorder.record.tls == TLSHandshakeRecord(state: .completed, resumed: false))
    }

    @Test("random bytes that open with a token character and no request line record no method")
    func garbage() throws {
        let server = try tlsServer()
        _ = try? server.channel.writeInbound(ByteBuffer(string: "hello there\r\n"))
        server.channel.embeddedEventLoop.run()
        #expect(server.recorder.record.tls?.plainHTTPMethod == nil)
        #expect(server.recorder.record.tls?.state == .failed)
    }
}
