import NIOCore

/// The bytes a SOCKS5 client has sent that the proxy has not acted on yet, and when it may act on
/// them. A client may send its greeting, RFC 1929's step and its CONNECT without waiting for the
/// answers (Tor's clients and some embedded stacks do), in one write or split anywhere: the proxy
/// reads them as a server that waits would, one message at a time. The bytes of the message being
/// read are handed on as they arrive, up to its end (``SOCKSMessage/length(in:)``); what follows
/// is held until the proxy has answered it (``answered(next:)``); once the tunnel is up, what is
/// held goes into it (``tunnelEstablished()``). A proxy that refuses a message never calls
/// ``answered(next:)``: what was sent after it is never acted on.
///
/// A value that returns what to do, so that every split of the messages is tested without a
/// channel (`SOCKSPipelinedInputTests`); ``SOCKSPipeliningHandler`` does it.
struct SOCKSPipelinedInput {
    /// Where the proxy is in the client's messages.
    enum Stage: Equatable {
        /// Reading this message: its bytes are handed on as they arrive, up to its end.
        case reading(SOCKSMessage)
        /// This message, the first `length` held bytes, has been handed on whole; what follows
        /// waits for the proxy's answer.
        case awaitingAnswer(SOCKSMessage, length: Int)
        /// The CONNECT succeeded: the bytes go to the tunnel.
        case tunnel
    }

    /// What the handler does with the client's bytes now.
    enum Action: Equatable {
        /// Nothing yet: the bytes are held.
        case hold
        /// Hands these bytes on to the SOCKS5 parser (or, in the tunnel, to the origin).
        case pass(ByteBuffer)
        /// Records these words and closes the connection: the client sent more than the proxy holds.
        case refuse(String)
    }

    /// Bytes a client may send after its CONNECT before the reply (a TLS ClientHello, an HTTP
    /// request): as many as one read of the socket brings (SwiftNIO's largest, 64 KiB), which
    /// reached the tunnel before the proxy held anything.
    static let earlyTunnelBytes = 65_536
    /// The most the proxy holds for a client at any time: its three messages, each at its longest,
    /// and ``earlyTunnelBytes``. A client that sends more before it is answered is refused.
    static let mostHeld =
        SOCKSMessage.longestGreeting + SOCKSUsernamePassword.maximumLength + SOCKSMessage.longestRequest
        + earlyTunnelBytes

    private(set) var stage: Stage = .reading(.greeting)
    /// The bytes of the message being read or answered, from its start, then what follows it.
    private var held = ByteBuffer()
    /// How many of ``held``'s bytes have been handed on (those of the message being read).
    private var handedOn = 0

    /// How many bytes are held now (at most ``mostHeld``).
    var heldCount: Int { held.readableBytes }

    /// The client sent `bytes`.
    mutating func received(_ bytes: ByteBuffer) -> Action {
        if case .tunnel = stage { return bytes.readableBytes == 0 ? .hold : .pass(bytes) }
        var bytes = bytes
        held.writeBuffer(&bytes)
        guard held.readableBytes <= Self.mostHeld else {
            held = ByteBuffer()
            handedOn = 0
            return .refuse("more than \(Self.mostHeld) bytes before the proxy answered")
        }
        return handOn()
    }

    /// The proxy answered the message it was handed, and reads `next` now: hands on what of it was
    /// already sent. The request's answer is not one: after it comes the tunnel
    /// (``tunnelEstablished()``) or a close.
    mutating func answered(next: SOCKSMessage) -> Action {
        guard case .awaitingAnswer(let message, let length) = stage, message != .request else { return .hold }
        dropAnswered(length)
        stage = .reading(next)
        return handOn()
    }

    /// The CONNECT succeeded: what the client sent after it is for the tunnel
    /// (``bytesForTunnel()``), and so is everything it sends from now on.
    mutating func tunnelEstablished() {
        if case .awaitingAnswer(.request, let length) = stage { dropAnswered(length) }
        stage = .tunnel
    }

    /// Once the tunnel is up, the bytes the client sent after its CONNECT (then nothing more);
    /// before, `nil`: bytes sent after a message the proxy refused are never handed on.
    mutating func bytesForTunnel() -> ByteBuffer? {
        guard case .tunnel = stage, held.readableBytes > 0 else { return nil }
        defer { held = ByteBuffer() }
        return held
    }

    /// The bytes of the message being read that have arrived and are not handed on yet, up to
    /// its end; once it is whole, waits for its answer.
    private mutating func handOn() -> Action {
        guard case .reading(let message) = stage else { return .hold }
        let length = message.length(in: held.readableBytesView)
        let end = min(length ?? held.readableBytes, held.readableBytes)
        guard
            end > handedOn,
            let bytes = held.getSlice(at: held.readerIndex + handedOn, length: end - handedOn)
        else { return .hold }
        handedOn = end
        if let length, end == length { stage = .awaitingAnswer(message, length: length) }
        return .pass(bytes)
    }

    private mutating func dropAnswered(_ length: Int) {
        held.moveReaderIndex(forwardBy: min(length, held.readableBytes))
        held.discardReadBytes()
        handedOn = 0
    }
}
