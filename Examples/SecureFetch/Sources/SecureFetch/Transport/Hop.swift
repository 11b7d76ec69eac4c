import Foundation

/// One request of a redirect chain: what goes to which URL.
struct Hop: Sendable {
    var method: String
    var target: RequestTarget
    var headers: [HTTPHeader]
    var body: [UInt8]

    init(_ request: SecureFetchRequest) throws {
        method = request.method.uppercased()
        target = try RequestTarget(request.url)
        headers = request.headers
        body = request.body
    }

    /// The next hop when `response` redirects, or `nil` when it does not.
    ///
    /// 303 (and 301/302 after a POST) become a GET without body, as browsers do; 307 and 308 keep
    /// method and body. A caller's `Authorization` is dropped when the scheme, host or port changes.
    func redirected(by response: SecureFetchResponse) throws -> Hop? {
        guard [301, 302, 303, 307, 308].contains(response.status) else { return nil }
        guard let location = response.headers.values(of: "Location").first,
            let url = URL(string: location, relativeTo: target.url)
        else {
            throw SecureFetchError(.invalidRedirect, "a \(response.status) from \(target.url) has no usable Location")
        }
        var next = self
        do {
            next.target = try RequestTarget(url)
        } catch {
            throw SecureFetchError(
                .invalidRedirect, "\(target.url) redirects to \(url.absoluteString), which is not http(s)")
        }
        if response.status == 303 || ((response.status == 301 || response.status == 302) && method == "POST") {
            if method != "HEAD" { next.method = "GET" }
            next.body = []
            next.headers = next.headers.removing("Content-Type").removing("Content-Length")
        }
        if !next.target.isSameOrigin(as: target) {
            next.headers = next.headers.removing("Authorization")
        }
        return next
    }
}
