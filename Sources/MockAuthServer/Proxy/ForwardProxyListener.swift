import NIOCore

/// An HTTP forward proxy (an HTTPS proxy over TLS): the prologue, then the proxy's handler.
struct ForwardProxyListener: ListenerRole {
    let prologue: ConnectionPrologue
    let policy: ProxyPolicy
    let recording: ConnectionRecording
    /// Where the connections to origins run.
    let group: any EventLoopGroup

    func accept(_ channel: any Channel) throws {
        try channel.pipeline.syncOperations.addForwardProxyHandlers(
            prologue, policy: policy, recorder: recording.connection(channel), group: group)
    }
}

extension ConnectionPrologue {
    /// A forward proxy's: HTTP/1.1 on the client side, over `tls` when the proxy has it (an HTTPS
    /// proxy: the client's requests, its CONNECTs and its tunnels all travel inside that TLS),
    /// answered later (the origin's answer).
    static func forwardProxy(limits: ConnectionLimits, gates: [AuthGate], tls: ServerTLS? = nil) -> ConnectionPrologue {
        ConnectionPrologue(limits: limits, tls: tls, gates: gates, codec: .forwardProxy, answering: .later)
    }
}
