import NIOHTTP1

/// A response the proxy writes itself, without asking an origin: 407, 400, 403, 413, 502.
struct ProxyAnswer: Equatable {
    /// The status.
    var status: HTTPResponseStatus
    /// Headers besides framing and `Connection` (`Proxy-Authenticate`, the policy's extra headers).
    var headers: HTTPHeaders
    /// A line of text saying why, for people reading curl's output.
    var text: String
    /// `false` for responses to `HEAD`, which carry no body.
    var includesBody = true

    /// 407: one `Proxy-Authenticate` line per value.
    static func proxyAuthenticationRequired(_ values: [String]) -> ProxyAnswer {
        ProxyAnswer(
            status: .proxyAuthenticationRequired,
            headers: HTTPHeaders(values.map { ("Proxy-Authenticate", $0) }),
            text: "proxy authentication required")
    }

    /// 400: the request cannot be served, for `reason`.
    static func badRequest(_ reason: String) -> ProxyAnswer {
        ProxyAnswer(status: .badRequest, headers: [:], text: reason)
    }

    /// 403: the proxy does not reach `target`.
    static func forbidden(_ target: ProxyTarget) -> ProxyAnswer {
        ProxyAnswer(status: .forbidden, headers: [:], text: "this proxy does not reach \(target.authority)")
    }

    /// 413: more than `limit` bytes of a request body arrived before the origin connected.
    static func bodyTooLarge(heldOver limit: Int) -> ProxyAnswer {
        ProxyAnswer(
            status: .payloadTooLarge, headers: [:],
            text: "more than \(limit) bytes of the body arrived before the origin connected")
    }

    /// 502: `target` could not be reached, or closed before it answered.
    static func badGateway(_ target: ProxyTarget) -> ProxyAnswer {
        ProxyAnswer(status: .badGateway, headers: [:], text: "no answer from \(target.authority)")
    }

    /// The body bytes' text: `text` and a newline.
    var body: String { text + "\n" }

    /// The response head, in `version`, with `Connection: close` when `closesConnection`.
    func head(version: HTTPVersion, closesConnection: Bool) -> HTTPResponseHead {
        var headers = headers
        headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        headers.add(name: "Content-Length", value: String(body.utf8.count))
        if closesConnection { headers.add(name: "Connection", value: "close") }
        return HTTPResponseHead(version: version, status: status, headers: headers)
    }
}
