import NIOCore

extension ChannelHandlerContext {
    /// The one hand-over of a proxy's connection to a CONNECT tunnel, for the forward proxy and the
    /// SOCKS5 proxy alike: the deadline keeps only the connection's limit from now on; `answer`
    /// writes the proxy's success reply (and records it, and takes out what of the protocol must go
    /// before the reply is written); the connection and `origin` are glued to each other
    /// (``TunnelGlue``); then `leaving` runs and `handlers` leave the pipeline in their order, so
    /// that the bytes a decoder still holds, which it passes on when it is removed, reach the glue.
    /// If any step fails, both connections close.
    ///
    /// Called by the handler whose context this is, on its event loop, once `origin` is dialled.
    func handOverToTunnel(
        to origin: any Channel, deadline: ConnectionLimitsHandler, answer: () throws -> Void,
        leaving: () -> Void = {}, removing handlers: [any RemovableChannelHandler]
    ) {
        let pipeline = pipeline.syncOperations
        do {
            deadline.tunnelEstablished()
            try answer()
            try pipeline.addHandler(TunnelGlue(partner: origin))
            TunnelGlue.attach(to: origin, partner: channel)
            leaving()
            for handler in handlers { pipeline.removeHandler(handler, promise: nil) }
        } catch {
            origin.close(promise: nil)
            close(promise: nil)
        }
    }
}
