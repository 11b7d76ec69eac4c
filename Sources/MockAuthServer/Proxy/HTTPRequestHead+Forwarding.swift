import NIOHTTP1

extension HTTPRequestHead {
    /// This request as the proxy sends it to `target`: in origin-form, `Host` kept (or added),
    /// hop-by-hop headers and `Proxy-Authorization` removed, and `Connection: close` (one
    /// origin connection per request).
    func forwarded(to target: ProxyTarget, originForm: String) -> HTTPRequestHead {
        var headers = headers.removingHopByHop()
        if !headers.contains(name: "host") { headers.add(name: "Host", value: target.authority) }
        headers.add(name: "Connection", value: "close")
        return HTTPRequestHead(version: .http1_1, method: method, uri: originForm, headers: headers)
    }

    /// Whether NIO's request decoder parses nothing after this request: llhttp treats `CONNECT`,
    /// and `Upgrade` with `Connection: upgrade`, as a switch to another protocol.
    var stopsRequestDecoder: Bool {
        method == .CONNECT || (headers.contains(name: "upgrade") && headers.connectionTokens.contains("upgrade"))
    }
}
