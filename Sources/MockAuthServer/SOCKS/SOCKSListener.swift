import NIOCore

/// A SOCKS5 proxy: the prologue, then NIOSOCKS' handshake and the proxy's handler.
struct SOCKSListener: ListenerRole {
    let prologue: ConnectionPrologue
    let policy: SOCKSPolicy
    let recording: ConnectionRecording
    /// Where the connections to origins run.
    let group: any EventLoopGroup

    func accept(_ channel: any Channel) throws {
        try channel.pipeline.syncOperations.addSOCKSProxyHandlers(
            prologue, policy: policy, recorder: recording.connection(channel), group: group)
    }
}

extension ConnectionPrologue {
    /// A SOCKS5 proxy's: no TLS, no HTTP; its handshake is held to the request-head limit and its
    /// tunnel to the connection limit, answered later (once the origin is dialled).
    static func socksProxy(limits: ConnectionLimits) -> ConnectionPrologue {
        ConnectionPrologue(limits: limits, codec: .bytes, answering: .later)
    }
}
