import MockAuthScenario
import MockAuthTranscript
import MockAuthVocabulary
import NIOCore
import NIOEmbedded

@testable import MockAuthServer

/// One client connection of the forward proxy, on an `EmbeddedChannel` with the pipeline
/// ``Listener`` assembles (`addForwardProxyHandlers`), dialling through an ``EmbeddedOriginDialer``.
struct ProxyConnection {
    static let origin = ProxyTarget(host: "127.0.0.1", port: 8080)
    static let account = Account(username: "proxyuser", password: "proxypass")
    static let credentials = Fixtures.basic("proxyuser", "proxypass")
    static let challenge = #"Basic realm="proxy", charset="UTF-8""#

    let channel: EmbeddedChannel
    let recorder: ConnectionRecorder
    let dialer: EmbeddedOriginDialer

    /// - Parameters:
    ///   - realDialer: use ``OriginDialer`` on the embedded loop, which cannot open sockets.
    ///   - limits: the proxy's time limits.
    ///   - tls: the proxy's TLS (an HTTPS proxy), for a client to connect to
    ///     (``InMemoryTLSClient/connect(to:)``).
    ///   - gate: the proxy's gate, shared with other connections (a gate decides once per run what
    ///     `close-after-challenge` closes); by default a Basic gate of its own.
    init(
        realDialer: Bool = false, limits: ConnectionLimits = .default, tls: ServerTLS? = nil, gate: AuthGate? = nil
    ) throws {
        channel = EmbeddedChannel()
        recorder = Fixtures.connectionRecorder(server: "proxy", usesTLS: tls != nil)
        dialer = EmbeddedOriginDialer(loop: channel.embeddedEventLoop)
        let gate =
            gate ?? AuthGate(spec: AuthSpec(realm: "proxy", schemes: [.basic], account: Self.account), side: .proxy)
        try channel.pipeline.syncOperations.addForwardProxyHandlers(
            .forwardProxy(limits: limits, gates: [gate], tls: tls),
            policy: ProxyPolicy(allowedTargets: [Self.origin], gate: gate),
            recorder: recorder, group: channel.embeddedEventLoop, dialer: realDialer ? nil : dialer)
        try channel.activate()
    }

    /// Delivers `text`, lets the loop run what the handlers scheduled (a request decoder's removal
    /// hands its bytes on in a task), and returns what the proxy wrote to the client.
    func send(_ text: String) throws -> String {
        try channel.writeInbound(text: text)
        channel.embeddedEventLoop.run()
        return try channel.readOutboundText()
    }

    /// The proxy's record of each request on this connection.
    var requests: [RequestRecord] { recorder.record.requests }

    /// A request to the proxy with its credentials.
    static func authorized(_ requestLine: String, _ headers: String = "") -> String {
        "\(requestLine)\r\nHost: 127.0.0.1:8080\r\nProxy-Authorization: \(credentials)\r\n\(headers)\r\n"
    }
}
