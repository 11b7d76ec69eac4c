import MockAuthTranscript
import NIOCore
import NIOSOCKS

/// The proxy side of a SOCKS5 connection, after NIOSOCKS' ``SOCKSServerHandshakeHandler`` has
/// parsed what the client sent: performs what ``SOCKSProxyStateMachine`` decides (the method
/// chosen, RFC 1929's username/password step when the proxy has an account, which NIOSOCKS does not
/// parse, the CONNECT), records it, dials the origin and glues the two connections into a tunnel.
/// ``SOCKSPipeliningHandler``, in front of NIOSOCKS, hands it one message at a time: this handler
/// tells it when it has answered one, so that a client that sends its messages without
/// waiting for the answers is read in order, and a message sent after one the proxy refused is
/// never acted on.
///
/// Anything it does not serve is refused on the wire and the connection closed: a greeting that
/// offers no method it accepts (`0xFF`: a proxy with an account takes only username/password), a
/// wrong username or password (RFC 1929 status 1), a command other than CONNECT, a target that is not one of
/// the scenario's servers. A client that does not speak SOCKS5 at all is told apart before it
/// (``SOCKSGreetingSniffer``); bytes that break SOCKS5 later reach ``errorCaught(context:error:)``,
/// are recorded in words and close the connection; a client that stalls is closed by the
/// connection's limits handler.
final class SOCKSProxyHandler: ChannelInboundHandler, RemovableChannelHandler {
    /// NIOSOCKS' messages (`ClientMessage`); and the bytes it still holds when it is removed, which
    /// reach this handler when the connection closes mid-handshake (a stalled or dribbled greeting):
    /// those are dropped, never force-unwrapped.
    typealias InboundIn = Any
    typealias OutboundOut = ServerMessage

    private let recorder: ConnectionRecorder
    private let dialer: any OriginDialing
    /// The handler in front of NIOSOCKS that holds what follows the message being answered.
    private let pipelining: SOCKSPipeliningHandler
    /// NIOSOCKS' handshake handler in front of this one, removed once the tunnel is up.
    private let handshake: SOCKSServerHandshakeHandler
    /// The connection's limits handler, told when the connection becomes a tunnel.
    private let deadline: ConnectionLimitsHandler
    /// What the connection is at, and what to do next.
    private var machine: SOCKSProxyStateMachine

    init(
        policy: SOCKSPolicy, recorder: ConnectionRecorder, dialer: any OriginDialing,
        pipelining: SOCKSPipeliningHandler, handshake: SOCKSServerHandshakeHandler,
        deadline: ConnectionLimitsHandler
    ) {
        self.machine = SOCKSProxyStateMachine(policy: policy)
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
            perform(machine.greeted(greeting), context: context)
        case .authenticationData(let bytes):
            perform(machine.stepBytes(bytes.readableBytesView), context: context)
        case .request(let request):
            for action in machine.requested(request) { perform(action, context: context) }
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

    // MARK: Performing the machine's actions

    private func perform(_ action: SOCKSProxyStateMachine.Action, context: ChannelHandlerContext) {
        switch action {
        case .wait:
            return
        case .chooseMethod(let offered, let chosen, let then):
            recorder.socks { record in
                record.methodsOffered = offered.map(\.recordedName)
                record.methodChosen = chosen.recordedName
            }
            write(
                .selectedAuthenticationMethod(SelectedAuthenticationMethod(method: chosen)), then: then,
                context: context)
        case .answerStep(let username, let accepted, let then):
            recorder.socks { record in
                record.username = String(decoding: username, as: UTF8.self)
                record.authenticated = accepted
            }
            let answer = ServerMessage.authenticationData(
                ByteBuffer(bytes: SOCKSUsernamePassword.answer(accepted: accepted)), complete: accepted)
            write(answer, then: then, context: context)
        case .refuseStep(let why, let username):
            recorder.socks { record in
                record.malformedStep = why
                if let username { record.username = String(decoding: username, as: UTF8.self) }
            }
            context.close(promise: nil)
        case .refuse(let why):
            recorder.protocolErrorCaught(why)
            context.close(promise: nil)
        case .recordRequest(let type, let target):
            // One string for both records: a client-chosen name is kept once, not twice.
            let authority = target.authority
            recorder.socks { record in
                record.addressType = type
                record.target = authority
            }
            recorder.requestStarted(RequestRecord(method: "CONNECT", target: authority))
        case .reply(let reply):
            record(reply)
            let response = SOCKSResponse(reply: reply, boundAddress: Self.unspecified)
            write(.response(response), then: .close, context: context)
        case .dial(let dialled):
            let loop = context.eventLoop
            dialer.tunnel(to: dialled, near: loop).hop(to: loop).assumeIsolated().whenComplete { result in
                switch result {
                case .success(let origin):
                    self.recorder.originDialled(from: origin.localAddress)
                    if case .establishTunnel = self.machine.dialled(true) {
                        self.establishTunnel(to: origin, context: context)
                    } else {
                        origin.close(promise: nil)
                    }
                case .failure:
                    self.perform(self.machine.dialled(false), context: context)
                }
            }
        case .establishTunnel:
            // Performed with the origin's channel in hand, where the dial completes.
            return
        }
    }

    /// Writes `message`, then closes the connection or hands on the client's next message.
    private func write(_ message: ServerMessage, then: SOCKSProxyStateMachine.Then, context: ChannelHandlerContext) {
        let written = context.writeAndFlush(wrapOutboundOut(message))
        switch then {
        case .close:
            let channel = context.channel
            written.whenComplete { _ in channel.close(promise: nil) }
        case .read(let next):
            pipelining.answered(next: next, context: context)
        }
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
