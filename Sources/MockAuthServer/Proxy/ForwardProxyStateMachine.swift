import NIOCore
import NIOHTTP1

/// One client connection of the forward proxy, one request at a time: answered by the proxy itself,
/// forwarded to an origin, or turned into a CONNECT tunnel.
///
/// A value that takes events and returns actions; ``ForwardProxyHandler`` performs them and makes
/// no decisions of its own. Every dial is an *exchange* with its own number, and origin events carry
/// it, so late events from an origin connection the proxy is done with are ignored.
struct ForwardProxyStateMachine {
    /// What the proxy remembers about the request in flight.
    struct Exchange: Equatable {
        /// Numbers origin connections, so stale events are recognised.
        var number: UInt64
        /// The client's HTTP version, used for the response.
        var version: HTTPVersion
        /// Whether the client connection stays open after the response. HTTP/1.0 clients get one
        /// response per connection: a relayed body without a length could not be delimited otherwise.
        var keepAlive: Bool
        /// Whether NIO's decoder stops after this request (CONNECT, Upgrade) and needs replacing.
        var stopsRequestDecoder: Bool
        /// `false` for `HEAD`.
        var responseHasBody: Bool
        /// Headers the policy adds to every response (``GateDecision/pass(responseHeaders:)``).
        var extraHeaders: HTTPHeaders = [:]
    }

    /// What to do with the client connection once a response is complete.
    enum Continuation: Equatable {
        /// Keep it open; the decoder goes on parsing the next request.
        case readNextRequest
        /// Keep it open, with a fresh decoder: the old one stopped after a CONNECT or Upgrade request.
        case resetDecoder
        /// Keep it open, but the request is still arriving: the rest of it is dropped.
        case awaitRequestEnd
        /// Close it once the response is written.
        case close
    }

    /// Whether a dial is for a forwarded request or a tunnel.
    enum Purpose: Equatable {
        /// HTTP/1.1 to the origin, one request.
        case forward
        /// Raw bytes both ways after `200 Connection Established`.
        case tunnel
    }

    /// What the handler does.
    enum Action: Equatable {
        /// Write this complete response (with `body` unless nil), record its status, then `then`.
        case answer(HTTPResponseHead, body: String?, then: Continuation)
        /// Open a connection to `target` for exchange `exchange`.
        case dial(ProxyTarget, exchange: UInt64, purpose: Purpose)
        /// Send the request head, the body that arrived while dialling, and its end if it came.
        case sendRequest(HTTPRequestHead, body: [ByteBuffer], end: Bool)
        /// Send a piece of the request body to the origin.
        case sendBody(ByteBuffer)
        /// Send the request's end to the origin.
        case sendEnd
        /// Relay the origin's response head to the client and record its status.
        case relayHead(HTTPResponseHead)
        /// Relay a piece of the response body.
        case relayBody(ByteBuffer)
        /// Relay the response's end, let go of the origin, then `then`.
        case relayEnd(then: Continuation)
        /// Answer `200 Connection Established` (with these headers) and glue the two connections.
        case establishTunnel(HTTPHeaders)
        /// Replace the stopped request decoder (the request after a CONNECT or Upgrade has ended).
        case resetDecoder
        /// Close the origin connection just reported: nobody needs it.
        case closeOrigin
        /// Close the client connection (and any origin): a response was cut short.
        case closeClient
    }

    private enum State {
        /// Waiting for a request head.
        case idle
        /// Answered; dropping the rest of the request until its end.
        case drainingRequest(Exchange)
        /// Dialling for an absolute-form request; body parts wait here.
        case dialling(Exchange, target: ProxyTarget, head: HTTPRequestHead, body: [ByteBuffer], requestEnded: Bool)
        /// Streaming the request to the origin and its response back.
        case forwarding(Exchange, target: ProxyTarget, requestEnded: Bool, responseStarted: Bool)
        /// Dialling a CONNECT target.
        case tunnelDialling(Exchange, target: ProxyTarget, requestEnded: Bool)
        /// Connected to the CONNECT target; waiting for the request's end before switching.
        case tunnelConnected(Exchange)
        /// Bytes flow both ways; HTTP is over on this connection.
        case tunnel
        /// The client connection is closed or closing.
        case closed
    }

    private var state = State.idle
    private var lastExchange: UInt64 = 0
    /// The body bytes held in ``State/dialling``, counted as they come.
    private var heldBodyBytes = 0
    private let allowedTargets: Set<ProxyTarget>
    private let aliases: [ProxyTarget: ProxyTarget]

    /// Creates the machine for a new connection; only `allowedTargets` (loopback ones) and the
    /// addresses `aliases` map names to are ever dialled.
    init(allowedTargets: Set<ProxyTarget>, aliases: [ProxyTarget: ProxyTarget] = [:]) {
        self.allowedTargets = allowedTargets
        self.aliases = aliases
    }

    /// Whether the connection is closed or closing: an answer said `Connection: close`, so a request
    /// the client sent behind it on this connection is neither read nor recorded.
    var isClosed: Bool {
        switch state {
        case .closed: true
        case .idle, .drainingRequest, .dialling, .forwarding, .tunnelDialling, .tunnelConnected, .tunnel: false
        }
    }

    /// Where the proxy dials for a target a client named, or `nil` when it may not.
    private func dialled(for named: ProxyTarget) -> ProxyTarget? {
        if let address = aliases[named] { return address }
        return named.isLoopback && allowedTargets.contains(named) ? named : nil
    }

    /// A request head arrived, and the policy judged its `Proxy-Authorization`;
    /// `closesAfterChallenge`: a challenge ends the connection (`Connection: close`), and the
    /// client must answer it on a new one.
    ///
    /// The proxy authenticates first and only then looks at the target, so an unauthenticated
    /// client learns nothing about what the proxy reaches.
    mutating func requestHead(
        _ head: HTTPRequestHead, authorization: GateDecision, closesAfterChallenge: Bool = false
    ) -> Action {
        guard case .idle = state else {
            // NIO's pipelining handler delivers one request at a time; anything else is a broken connection.
            state = .closed
            return .closeClient
        }
        lastExchange += 1
        var exchange = Exchange(
            number: lastExchange, version: head.version, keepAlive: head.isKeepAlive && head.version != .http1_0,
            stopsRequestDecoder: head.stopsRequestDecoder, responseHasBody: head.method != .HEAD)
        switch authorization {
        case .challenge(let values):
            if closesAfterChallenge { exchange.keepAlive = false }
            return answer(.proxyAuthenticationRequired(values), exchange, requestEnded: false)
        case .badRequest(let reason):
            exchange.keepAlive = false
            return answer(.badRequest(reason), exchange, requestEnded: false)
        case .pass(let responseHeaders):
            exchange.extraHeaders = HTTPHeaders(responseHeaders.map { ($0.name, $0.value) })
        }
        let requested: ProxyRequestTarget
        do {
            requested = try ProxyRequestTarget(method: head.method, uri: head.uri)
        } catch {
            exchange.keepAlive = false
            return answer(.badRequest(error.reason), exchange, requestEnded: false)
        }
        let named = requested.target
        guard let target = dialled(for: named) else {
            return answer(.forbidden(named), exchange, requestEnded: false)
        }
        switch requested {
        case .authority:
            state = .tunnelDialling(exchange, target: target, requestEnded: false)
            return .dial(target, exchange: exchange.number, purpose: .tunnel)
        case .absolute(_, let originForm):
            heldBodyBytes = 0
            state = .dialling(
                exchange, target: target, head: head.forwarded(to: named, originForm: originForm), body: [],
                requestEnded: false)
            return .dial(target, exchange: exchange.number, purpose: .forward)
        }
    }

    /// The body bytes the proxy holds while it dials, at most: what an origin reads at most
    /// (``RequestResponder/maximumBodySize``), so the proxy refuses no body its origin would take.
    /// Once connected it holds nothing: it relays each piece as it comes.
    static let maximumHeldBodyBytes = RequestResponder.maximumBodySize

    /// A piece of the request body arrived.
    mutating func requestBody(_ buffer: ByteBuffer) -> Action? {
        switch state {
        case .dialling(var exchange, let target, let head, var body, let requestEnded):
            body.append(buffer)
            heldBodyBytes += buffer.readableBytes
            guard heldBodyBytes <= Self.maximumHeldBodyBytes else {
                // The dial's late success finds another state and is closed (originConnected).
                exchange.keepAlive = false
                return answer(.bodyTooLarge(heldOver: Self.maximumHeldBodyBytes), exchange, requestEnded: requestEnded)
            }
            state = .dialling(exchange, target: target, head: head, body: body, requestEnded: requestEnded)
            return nil
        case .forwarding(_, _, requestEnded: false, _):
            return .sendBody(buffer)
        case .idle, .drainingRequest, .forwarding, .tunnelDialling, .tunnelConnected, .tunnel, .closed:
            return nil
        }
    }

    /// The request's end arrived.
    mutating func requestEnd() -> Action? {
        switch state {
        case .drainingRequest(let exchange):
            state = .idle
            return exchange.stopsRequestDecoder ? .resetDecoder : nil
        case .dialling(let exchange, let target, let head, let body, _):
            state = .dialling(exchange, target: target, head: head, body: body, requestEnded: true)
            return nil
        case .forwarding(let exchange, let target, requestEnded: false, let responseStarted):
            state = .forwarding(exchange, target: target, requestEnded: true, responseStarted: responseStarted)
            return .sendEnd
        case .tunnelDialling(let exchange, let target, _):
            state = .tunnelDialling(exchange, target: target, requestEnded: true)
            return nil
        case .tunnelConnected(let exchange):
            state = .tunnel
            return .establishTunnel(exchange.extraHeaders)
        case .idle, .forwarding, .tunnel, .closed:
            return nil
        }
    }

    /// The dial for `exchange` connected. `nil`: keep the connection and wait;
    /// ``Action/closeOrigin``: nobody wants it any more.
    mutating func originConnected(exchange number: UInt64) -> Action? {
        switch state {
        case .dialling(let exchange, let target, let head, let body, let requestEnded) where exchange.number == number:
            state = .forwarding(exchange, target: target, requestEnded: requestEnded, responseStarted: false)
            return .sendRequest(head, body: body, end: requestEnded)
        case .tunnelDialling(let exchange, _, let requestEnded) where exchange.number == number:
            guard requestEnded else {
                state = .tunnelConnected(exchange)
                return nil
            }
            state = .tunnel
            return .establishTunnel(exchange.extraHeaders)
        case .idle, .drainingRequest, .dialling, .forwarding, .tunnelDialling, .tunnelConnected, .tunnel, .closed:
            return .closeOrigin
        }
    }

    /// The dial for `exchange` failed: 502.
    mutating func originFailed(exchange number: UInt64) -> Action? {
        switch state {
        case .dialling(let exchange, let target, _, _, let requestEnded) where exchange.number == number:
            return answer(.badGateway(target), exchange, requestEnded: requestEnded)
        case .tunnelDialling(let exchange, let target, let requestEnded) where exchange.number == number:
            return answer(.badGateway(target), exchange, requestEnded: requestEnded)
        case .idle, .drainingRequest, .dialling, .forwarding, .tunnelDialling, .tunnelConnected, .tunnel, .closed:
            return nil
        }
    }

    /// The origin of `exchange` sent part of its response.
    mutating func originResponse(_ part: HTTPClientResponsePart, exchange number: UInt64) -> Action? {
        guard case .forwarding(let exchange, let target, let requestEnded, let responseStarted) = state,
            exchange.number == number
        else { return nil }
        switch part {
        case .head(let head):
            guard !responseStarted else { return nil }
            state = .forwarding(exchange, target: target, requestEnded: requestEnded, responseStarted: true)
            return .relayHead(
                head.relayed(
                    version: exchange.version, keepAlive: exchange.keepAlive, extraHeaders: exchange.extraHeaders))
        case .body(let buffer):
            return responseStarted && exchange.responseHasBody ? .relayBody(buffer) : nil
        case .end:
            guard responseStarted else { return nil }
            return .relayEnd(then: finish(exchange, requestEnded: requestEnded))
        }
    }

    /// The origin connection of `exchange` closed.
    mutating func originClosed(exchange number: UInt64) -> Action? {
        guard case .forwarding(let exchange, let target, let requestEnded, let responseStarted) = state,
            exchange.number == number
        else { return nil }
        guard !responseStarted else {
            // The client has part of a response; only closing tells it that the rest is missing.
            state = .closed
            return .closeClient
        }
        return answer(.badGateway(target), exchange, requestEnded: requestEnded)
    }

    /// The client connection closed: close the origin, if there is one.
    mutating func clientClosed() -> Action? {
        let hadOrigin: Bool
        switch state {
        case .forwarding, .tunnelConnected: hadOrigin = true
        case .idle, .drainingRequest, .dialling, .tunnelDialling, .tunnel, .closed: hadOrigin = false
        }
        state = .closed
        return hadOrigin ? .closeOrigin : nil
    }

    /// Answers `exchange` with `answer`.
    private mutating func answer(_ answer: ProxyAnswer, _ exchange: Exchange, requestEnded: Bool) -> Action {
        var answer = answer
        answer.headers.add(contentsOf: exchange.extraHeaders)
        let then = finish(exchange, requestEnded: requestEnded)
        return .answer(
            answer.head(version: exchange.version, closesConnection: then == .close),
            body: exchange.responseHasBody ? answer.body : nil, then: then)
    }

    /// The response to `exchange` is complete: moves on to the next request, or closes.
    private mutating func finish(_ exchange: Exchange, requestEnded: Bool) -> Continuation {
        guard exchange.keepAlive else {
            state = .closed
            return .close
        }
        guard requestEnded else {
            state = .drainingRequest(exchange)
            return .awaitRequestEnd
        }
        state = .idle
        return exchange.stopsRequestDecoder ? .resetDecoder : .readNextRequest
    }
}
