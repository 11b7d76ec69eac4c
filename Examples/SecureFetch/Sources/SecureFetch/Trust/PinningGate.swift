import NIOCore
import NIOSSL

/// Checks pins on every new connection, after the TLS handshake verified the chain and before the
/// connection is handed to the pool, so no request is ever written to an unpinned server.
///
/// AsyncHTTPClient 1.37 creates its `NIOSSLClientHandler` itself and offers no way to pass NIOSSL's
/// `customVerificationCallback`. What it does offer is `http1_1ConnectionDebugInitializer` (and the
/// HTTP/2 twin): called with the channel of every new connection after the TLS handshake and before
/// the connection joins the pool, so before any request is written. That is where the verified leaf
/// is checked; a mismatch closes the connection and fails the connection attempt, and with
/// `retryConnectionEstablishment` off the request fails with ``SecureFetchError/Code/pinMismatch``.
struct PinningGate: Sendable {
    let pins: PinSet

    /// The initializer to give AsyncHTTPClient for HTTP/1.1 and HTTP/2 connections.
    func initializer() -> @Sendable (any Channel) -> EventLoopFuture<Void> {
        let pins = self.pins
        return { channel in
            channel.nioSSL_peerCertificate()
                .flatMapError { _ in
                    channel.eventLoop.makeFailedFuture(
                        SecureFetchError(.pinMismatch, "a pinning policy refuses connections without TLS"))
                }
                .flatMapThrowing { leaf in
                    guard let leaf else {
                        throw SecureFetchError(.pinMismatch, "the server presented no certificate")
                    }
                    try pins.check(leaf)
                }
                .flatMapError { error in
                    channel.close(promise: nil)
                    return channel.eventLoop.makeFailedFuture(error)
                }
        }
    }
}
