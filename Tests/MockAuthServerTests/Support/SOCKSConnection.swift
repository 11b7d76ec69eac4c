import MockAuthTranscript
import MockAuthVocabulary
import NIOCore
import NIOEmbedded

@testable import MockAuthServer

/// One client connection of the SOCKS5 proxy, on an `EmbeddedChannel` with the pipeline
/// ``Listener`` assembles (`addSOCKSProxyHandlers`), dialling through an ``EmbeddedOriginDialer``.
struct SOCKSConnection {
    static let origin = ProxyTarget(host: "127.0.0.1", port: 8080)
    static let named = ProxyTarget(host: "api.mockauth.test", port: 8080)

    let channel: EmbeddedChannel
    let recorder: ConnectionRecorder
    let dialer: EmbeddedOriginDialer

    static let account = Account(username: "socks-user", password: "tunnel-7")

    /// - Parameter account: the account RFC 1929's step must present; `nil`: no authentication.
    init(limits: ConnectionLimits = .default, account: Account? = nil) throws {
        channel = EmbeddedChannel()
        recorder = Fixtures.connectionRecorder(server: "proxy", usesTLS: false)
        dialer = EmbeddedOriginDialer(loop: channel.embeddedEventLoop)
        try channel.pipeline.syncOperations.addSOCKSProxyHandlers(
            .socksProxy(limits: limits),
            policy: SOCKSPolicy(allowedTargets: [Self.origin], aliases: [Self.named: Self.origin], account: account),
            recorder: recorder, group: channel.embeddedEventLoop, dialer: dialer)
        try channel.activate()
    }

    /// Delivers `bytes`, lets the loop run, and returns what the proxy wrote to the client.
    func send(_ bytes: [UInt8]) throws -> [UInt8] {
        try channel.writeInbound(ByteBuffer(bytes: bytes))
        channel.embeddedEventLoop.run()
        return try channel.readOutboundBytes()
    }

    /// The SOCKS record of the connection.
    var socks: SOCKSRecord? { recorder.record.socks }

    /// A greeting offering `methods`.
    static func greeting(_ methods: [UInt8]) -> [UInt8] { [5, UInt8(methods.count)] + methods }

    /// RFC 1929's request for `username` and `password`.
    static func step(_ username: String, _ password: String) -> [UInt8] {
        [1, UInt8(username.utf8.count)] + Array(username.utf8) + [UInt8(password.utf8.count)] + Array(password.utf8)
    }

    /// A CONNECT to 127.0.0.1:8080 (address type IPv4).
    static let connectIPv4: [UInt8] = [5, 1, 0, 1, 127, 0, 0, 1, 0x1F, 0x90]

    /// A CONNECT to `name`:8080 (address type domain name).
    static func connect(name: String, command: UInt8 = 1) -> [UInt8] {
        [5, command, 0, 3, UInt8(name.utf8.count)] + Array(name.utf8) + [0x1F, 0x90]
    }
}
