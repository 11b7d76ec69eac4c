import MockAuthTranscript
import NIOCore
import NIOSOCKS

/// The proxy side of a SOCKS5 connection, after NIOSOCKS' ``SOCKSServerHandshakeHandler`` has
/// parsed what the client sent: records the methods offered and chooses one, takes RFC 1929's
/// username/password step when the proxy has an account (``SOCKSUsernamePassword``, which NIOSOCKS
/// does not parse), then takes the CONNECT, dials the origin and glues the two connections into a
/// tunnel. ``SOCKSPipeliningHandler``, in front of NIOSOCKS, hands it one message at a time: this
/// handler tells it when it has answered one, so that a client that sends its messages without
/// waiting for the answers is read in order, and a message sent after one the proxy refused is
/// never acted on.
///
/// Anything it does not serve is refused on the wire and the connection closed: a greeting that
/// offers no method it accepts (`0xFF`: a proxy with an account takes only username/password), a
/// wrong username or password (RFC 1929 status 1), a command other than CONNECT, a target that is not one of
/// the scenario's servers. A client that does not speak SOCKS5 at all is told apart before it
/// (``SOCKSGreetingSniffer``); bytes that break SOCKS5 later reach ``errorCaught(context:error:)``,
/// are recorded in words and close the connection; a client that stalls is closed by the
/// connection's deadline handler.
final class SOCKSProxyHandler: ChannelInboundHandler, RemovableChannelHandler {
    /// NIOSOCKS' messages (`ClientMessage`); and the bytes it still holds when it is removed, which
    /// reach this handler when the connection closes mid-handshake (a stalled or dribbled greeting):
    /// those are dropped, never force-unwrapped.
    typealias InboundIn = Any
    typealias OutboundOut = ServerMessage

    private let policy: SOCKSPolicy
    private let recorder: ConnectionRecorder
    private let dialer: any OriginDialing
    /// The handler in front of NIOSOCKS that holds what follows the message being answered.
    private let pipelining: SOCKSPipeliningHandler
    /// NIOSOCKS' handshake handler in front of this one, removed once the tunnel is up.
    private let handshake: SOCKSServerHandshakeHandler
    /// The connection's deadline handler, told when the connection becomes a tunnel.
    private let deadline: ConnectionDeadlineHandler
    /// Whether a CONNECT arrived: one per connection.
    private var requested = false
    /// The bytes of RFC 1929's step so far (at most ``SOCKSUsernamePassword/maximumLength``), and
    /// whether it is over.
    private var credentials: [UInt8] = []
    private var authenticated = false

    init(
        policy: SOCKSPolicy, recorder: ConnectionRecorder, dialer: any OriginDialing,
        pipelining: SOCKSPipeliningHandler, handshake: SOCKSServerHandshakeHandler,
        deadline: ConnectionDeadlineHandler
    ) {
        self.policy = policy
        self.recorder = recorder
        self.dialer = dialer
        self.pipelining = pipelining
        self.handshake = handshake
        self.deadline = deadline
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard let message = unwrapInboundIn(data) as? ClientMessage else { return }
        switch message {
        case .greeting(let greeting):
            greeted(greeting, context: context)
        case .authenticationData(let bytes):
            credentialsArrived(bytes, context: context)
        case .request(let request):
            requestArrived(request, context: context)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        recorder.protocolErrorCaught(Self.words(for: error))
        context.close(promise: nil)
    }

    /// What NIOSOCKS refused, in RFC 1928's terms rather than its error types'.
    static func words(for error: any Error) -> String {
        switch error {
        case let error as SOCKSError.InvalidProtocolVersion:
            "a message of SOCKS version \(error.actual), not 5"
        case let error as SOCKSError.InvalidReservedByte:
            "a request whose reserved byte is \(hex(error.actual)), not 0x00"
        case let error as SOCKSError.InvalidAddressType:
            "a request of address type \(hex(error.actual)) (RFC 1928 has 0x01, 0x03 and 0x04)"
        case is SOCKSError.UnexpectedRead, is SOCKSError.InvalidServerState:
            "bytes the proxy did not expect at that point of the handshake"
        default:
            "bytes the proxy could not read as SOCKS5 (\(error))"
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        "0x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }

    // MARK: Greeting

    private func greeted(_ greeting: ClientGreeting, context: ChannelHandlerContext) {
        let wanted: AuthenticationMethod = policy.demandsPassword ? .usernamePassword : .noneRequired
        let chosen: AuthenticationMethod = greeting.methods.contains(wanted) ? wanted : .noneAcceptable
        recorder.socks { record in
            record.methodsOffered = greeting.methods.map(\.recordedName)
            record.methodChosen = chosen.recordedName
        }
        let written = context.writeAndFlush(
            wrapOutboundOut(.selectedAuthenticationMethod(SelectedAuthenticationMethod(method: chosen))))
        if chosen == .noneAcceptable {
            // RFC 1928 §3: the client must close; the proxy does not wait for it.
            let channel = context.channel
            written.whenComplete { _ in channel.close(promise: nil) }
        } else {
            // What the client sent behind its greeting (RFC 1929's step, or its CONNECT) is read
            // now that the method is chosen and written.
            pipelining.answered(next: chosen == .usernamePassword ? .usernamePasswordStep : .request, context: context)
        }
    }

    // MARK: RFC 1929

    private func credentialsArrived(_ buffer: ByteBuffer, context: ChannelHandlerContext) {
        guard policy.demandsPassword, !authenticated else {
            // No method this proxy chose has (another) authentication step.
            refuse("bytes of an authentication step the proxy did not choose", context: context)
            return
        }
        credentials += buffer.readableBytesView
        // The step is handed on only up to its end, which is never past this: a guard.
        guard credentials.count <= SOCKSUsernamePassword.maximumLength else {
            refuseStep("more than \(SOCKSUsernamePassword.maximumLength) bytes", username: nil, context: context)
            return
        }
        switch SOCKSUsernamePassword.parse(credentials) {
        case .incomplete:
            return
        case .malformed(let why, let username):
            refuseStep(why, username: username, context: context)
        case .complete(let request):
            credentials = []
            let accepted = policy.accepts(request)
            recorder.socks { record in
                record.username = String(decoding: request.username, as: UTF8.self)
                record.authenticated = accepted
            }
            let answer = ServerMessage.authenticationData(
                ByteBuffer(bytes: SOCKSUsernamePassword.answer(accepted: accepted)), complete: accepted)
            let written = context.writeAndFlush(wrapOutboundOut(answer))
            if accepted {
                authenticated = true
                // A CONNECT the client sent behind its step is read now that status 0 is written.
                pipelining.answered(next: .request, context: context)
            } else {
                // RFC 1929 §2: after a failure the server must close the connection.
                let channel = context.channel
                written.whenComplete { _ in channel.close(promise: nil) }
            }
        }
    }

    /// Records an RFC 1929 step the proxy cannot read (and its username, when it could be read) and
    /// closes the connection without an answer: an attempt all the same.
    private func refuseStep(_ why: String, username: [UInt8]?, context: ChannelHandlerContext) {
        credentials = []
        recorder.socks { record in
            record.malformedStep = why
            if let username { record.username = String(decoding: username, as: UTF8.self) }
        }
        context.close(promise: nil)
    }

    /// Records what was wrong and closes the connection without an answer.
    private func refuse(_ why: String, context: ChannelHandlerContext) {
        recorder.protocolErrorCaught(why)
        context.close(promise: nil)
    }

    // MARK: CONNECT

    private func requestArrived(_ request: SOCKSRequest, context: ChannelHandlerContext) {
        guard !requested else { return }
        requested = true
        guard authenticated || !policy.demandsPassword else {
            // NIOSOCKS hands on no request before the step is complete; this is a guard, not a path.
            refuse("a CONNECT before the username/password step", context: context)
            return
        }
        guard let (type, named) = request.addressType.named else {
            answer(.addressUnsupported, target: nil, context: context)
            return
        }
        recorder.socks { record in
            record.addressType = type
            record.target = named.authority
        }
        recorder.requestStarted(RequestRecord(method: "CONNECT", target: named.authority))
        guard request.command == .connect else {
            answer(.commandUnsupported, target: named, context: context)
            return
        }
        guard let dialled = policy.dialled(for: named) else {
            answer(.notAllowed, target: named, context: context)
            return
        }
        let loop = context.eventLoop
        dialer.tunnel(to: dialled, near: loop).hop(to: loop).assumeIsolated().whenComplete { result in
            switch result {
            case .success(let origin):
                self.establishTunnel(to: origin, context: context)
            case .failure:
                self.answer(.hostUnreachable, target: named, context: context)
            }
        }
    }

    /// Refuses the CONNECT with `reply` and closes the connection once the reply is written.
    private func answer(_ reply: SOCKSServerReply, target: ProxyTarget?, context: ChannelHandlerContext) {
        record(reply)
        let response = SOCKSResponse(reply: reply, boundAddress: Self.unspecified)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.response(response))).whenComplete { _ in channel.close(promise: nil) }
    }

    private func record(_ reply: SOCKSServerReply) {
        recorder.socks { $0.reply = reply.recordedName }
        recorder.startedRequestAnswered(status: reply.recordedStatus)
    }

    /// Answers `succeeded` with the origin connection's local address, removes SOCKS from this
    /// connection and glues it to the origin. Bytes the client sent after its CONNECT go to the origin.
    private func establishTunnel(to origin: any Channel, context: ChannelHandlerContext) {
        guard context.channel.isActive else {
            origin.close(promise: nil)
            return
        }
        // This handler goes first, so that the bytes NIOSOCKS still holds, which it passes on when it
        // is removed, reach the glue; then what the client sent after its CONNECT, held in front of
        // NIOSOCKS, follows them.
        context.handOverToTunnel(
            to: origin, deadline: deadline,
            answer: {
                record(.succeeded)
                let bound = origin.localAddress.map { SOCKSAddress.address($0) } ?? Self.unspecified
                context.writeAndFlush(
                    wrapOutboundOut(.response(SOCKSResponse(reply: .succeeded, boundAddress: bound))), promise: nil)
            }, leaving: { pipelining.tunnelEstablished() }, removing: [self, handshake, pipelining])
    }

    /// `0.0.0.0:0`, the bound address of a refusal (RFC 1928 leaves it unspecified then).
    private static let unspecified: SOCKSAddress =
        (try? SocketAddress(ipAddress: "0.0.0.0", port: 0)).map(SOCKSAddress.address) ?? .domain("", port: 0)
}

@available(*, unavailable)
extension SOCKSProxyHandler: Sendable {}
