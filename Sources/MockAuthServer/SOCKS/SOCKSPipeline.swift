import NIOCore
import NIOSOCKS

extension ChannelPipeline.SynchronousOperations {
    /// Assembles a SOCKS5 proxy connection: the listener's prologue
    /// (``addConnectionPrologue(_:recorder:)`` with ``ConnectionPrologue/socksProxy(limits:)``:
    /// lifetime and deadlines, no HTTP), ``SOCKSGreetingSniffer`` (what a client that does not
    /// speak SOCKS5 sent), ``SOCKSPipeliningHandler`` (the client's messages one at a time, however
    /// they arrive), NIOSOCKS' ``SOCKSServerHandshakeHandler``, then ``SOCKSProxyHandler``.
    /// The connection's record has a ``SOCKSRecord`` from the start: it is a SOCKS connection
    /// whatever the client sends, or if it sends nothing.
    ///
    /// - Parameters:
    ///   - prologue: the proxy's: its time limits (the request-head limit holds the SOCKS
    ///     handshake, from the greeting to the CONNECT's reply; the tunnel keeps the connection's).
    ///   - dialer: opens the origin connections; `nil` (every served proxy) means an ``OriginDialer``
    ///     on `group`. Tests pass one that hands back `EmbeddedChannel`s.
    func addSOCKSProxyHandlers(
        _ prologue: ConnectionPrologue, policy: SOCKSPolicy, recorder: ConnectionRecorder,
        group: any EventLoopGroup, dialer: (any OriginDialing)? = nil
    ) throws {
        let deadline = try addConnectionPrologue(prologue, recorder: recorder)
        recorder.socks { _ in }
        try addHandler(SOCKSGreetingSniffer(recorder: recorder))
        let pipelining = SOCKSPipeliningHandler(recorder: recorder)
        try addHandler(pipelining)
        let handshake = SOCKSServerHandshakeHandler()
        try addHandler(handshake)
        try addHandler(
            SOCKSProxyHandler(
                policy: policy, recorder: recorder, dialer: dialer ?? OriginDialer(group: group),
                pipelining: pipelining, handshake: handshake, deadline: deadline))
    }
}
