import NIOHTTP1

extension HTTPResponseHead {
    /// The origin's response as the proxy relays it: hop-by-hop headers removed, `extraHeaders`
    /// added, in the client's HTTP version, and `Connection: close` when the client connection ends
    /// with it.
    func relayed(version: HTTPVersion, keepAlive: Bool, extraHeaders: HTTPHeaders) -> HTTPResponseHead {
        var headers = headers.removingHopByHop()
        headers.add(contentsOf: extraHeaders)
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        return HTTPResponseHead(version: version, status: status, headers: headers)
    }
}
