import MockAuthTranscript
import NIOCore
import NIOSOCKS

/// The SOCKS5 proxy's side of one connection as a value (RFC 1928, RFC 1929's username/password
/// step): fed what NIOSOCKS parsed and the outcome of the dial, it returns what to do
/// (``Action``), and knows no channel; ``SOCKSProxyHandler`` performs the actions. Tested apart,
/// like ``ForwardProxyStateMachine``.
///
/// A greeting that offers no method the proxy accepts is answered `0xFF` and closed (a proxy with
/// an account takes only username/password); a wrong username or password gets RFC 1929 status 1
/// and a close; a step the proxy cannot read is recorded and closed without an answer; a command
/// other than CONNECT, an address the proxy does not dial or a target that is not one of the
/// scenario's servers gets its RFC 1928 reply and a close; bytes of a step the proxy did not
/// choose close the connection.
struct SOCKSProxyStateMachine {
    /// Where the connection is.
    enum State: Equatable {
        /// Before the client's greeting.
        case awaitingGreeting
        /// Username/password was chosen: RFC 1929's step, its bytes so far.
        case awaitingStep([UInt8])
        /// A method was agreed (and its step passed): the CONNECT is awaited.
        case awaitingRequest
        /// The CONNECT's target is being dialled.
        case dialling(named: ProxyTarget)
        /// The tunnel is up: bytes pass through, this machine has no more to say.
        case tunnelled
        /// The connection is closing.
        case closed
    }

    /// After a reply is written.
    enum Then: Equatable {
        /// Close the connection.
        case close
        /// Hand on the client's next message, which it may have sent already (``SOCKSPipeliningHandler``).
        case read(SOCKSMessage)
    }

    /// What the handler does.
    enum Action: Equatable {
        /// Nothing yet: the step's bytes so far are incomplete.
        case wait
        /// Record the methods offered and the one chosen, write the choice (RFC 1928 §3), then `then`.
        case chooseMethod(offered: [AuthenticationMethod], chosen: AuthenticationMethod, then: Then)
        /// Record the step's username and whether it was accepted, write RFC 1929's status, then `then`.
        case answerStep(username: [UInt8], accepted: Bool, then: Then)
        /// Record the step the proxy could not read (and its username, when it could be read), and
        /// close without an answer: an attempt all the same.
        case refuseStep(why: String, username: [UInt8]?)
        /// Record what was wrong, in words, and close without an answer.
        case refuse(String)
        /// Record the CONNECT's address type and target, and start its request record.
        case recordRequest(addressType: SOCKSRecord.AddressType, target: ProxyTarget)
        /// Record `reply` as the CONNECT's answer, write it, and close.
        case reply(SOCKSServerReply)
        /// Dial `dialled` for the client's target; tell the machine how it went
        /// (``dialled(_:)``).
        case dial(ProxyTarget)
        /// Record `succeeded`, write it with the origin connection's address, and glue the tunnel.
        case establishTunnel
    }

    private let policy: SOCKSPolicy
    private(set) var state = State.awaitingGreeting

    init(policy: SOCKSPolicy) {
        self.policy = policy
    }

    /// The client's greeting.
    mutating func greeted(_ greeting: ClientGreeting) -> Action {
        guard state == .awaitingGreeting else {
            return close("a second greeting")
        }
        let wanted: AuthenticationMethod = policy.demandsPassword ? .usernamePassword : .noneRequired
        let chosen: AuthenticationMethod = greeting.methods.contains(wanted) ? wanted : .noneAcceptable
        let then: Then
        if chosen == .noneAcceptable {
            // RFC 1928 §3: the client must close; the proxy does not wait for it.
            state = .closed
            then = .close
        } else if chosen == .usernamePassword {
            // What the client sent behind its greeting is read once the choice is written.
            state = .awaitingStep([])
            then = .read(.usernamePasswordStep)
        } else {
            state = .awaitingRequest
            then = .read(.request)
        }
        return .chooseMethod(offered: greeting.methods, chosen: chosen, then: then)
    }

    /// Bytes of RFC 1929's step (NIOSOCKS hands them on as they come).
    mutating func stepBytes(_ bytes: ByteBufferView) -> Action {
        guard case .awaitingStep(var step) = state else {
            // No method this proxy chose has (another) authentication step.
            return close("bytes of an authentication step the proxy did not choose")
        }
        step += bytes
        // The step is handed on only up to its end, which is never past this: a guard.
        guard step.count <= SOCKSUsernamePassword.maximumLength else {
            state = .closed
            return .refuseStep(why: "more than \(SOCKSUsernamePassword.maximumLength) bytes", username: nil)
        }
        switch SOCKSUsernamePassword.parse(step) {
        case .incomplete:
            state = .awaitingStep(step)
            return .wait
        case .malformed(let why, let username):
            state = .closed
            return .refuseStep(why: why, username: username)
        case .complete(let request):
            let accepted = policy.accepts(request)
            // RFC 1929 §2: after a failure the server must close the connection.
            state = accepted ? .awaitingRequest : .closed
            return .answerStep(
                username: request.username, accepted: accepted, then: accepted ? .read(.request) : .close)
        }
    }

    /// The client's request (RFC 1928 §4): what to record of it, then what to do. One per connection.
    mutating func requested(_ request: SOCKSRequest) -> [Action] {
        guard state == .awaitingRequest else {
            // A request after the first one (or once the connection is closing) is not acted on.
            guard case .awaitingStep = state else { return [] }
            // NIOSOCKS hands on no request before the step is complete; this is a guard, not a path.
            return [close("a CONNECT before the username/password step")]
        }
        guard let (type, named) = request.addressType.named else {
            state = .closed
            return [.reply(.addressUnsupported)]
        }
        let record = Action.recordRequest(addressType: type, target: named)
        guard request.command == .connect else {
            state = .closed
            return [record, .reply(.commandUnsupported)]
        }
        guard let dialled = policy.dialled(for: named) else {
            state = .closed
            return [record, .reply(.notAllowed)]
        }
        state = .dialling(named: named)
        return [record, .dial(dialled)]
    }

    /// How the dial went: connected (`true`) or not.
    mutating func dialled(_ connected: Bool) -> Action {
        guard case .dialling = state else { return .wait }
        state = connected ? .tunnelled : .closed
        return connected ? .establishTunnel : .reply(.hostUnreachable)
    }

    private mutating func close(_ why: String) -> Action {
        state = .closed
        return .refuse(why)
    }
}
