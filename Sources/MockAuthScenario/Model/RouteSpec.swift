import MockAuthVocabulary

/// How a server answers requests for one path.
package struct RouteSpec: Sendable, Equatable {
    /// The answer for any path a scenario does not list.
    package static let `default` = RouteSpec(path: "/", matchesSubpaths: true, status: 200, body: "ok\n")

    /// The path, without query; `/` with ``matchesSubpaths`` answers everything.
    package var path: String
    /// Whether the route also answers paths below ``path``.
    package var matchesSubpaths: Bool
    /// The status code.
    package var status: Int
    /// The response body.
    package var body: String
    /// Extra response headers, in order.
    package var headers: [HeaderField]
    /// The cookies the route sets: each a `Set-Cookie` field value as written (`sid=4f2a; Secure`),
    /// sent one field each, in order, after ``headers``.
    package var cookies: [String]
    /// The authentication this route demands.
    package var auth: RouteAuth
    /// Where the route redirects to (after authentication, if it demands any).
    package var redirect: RedirectSpec?

    package init(
        path: String, matchesSubpaths: Bool = false, status: Int = 200, body: String = "ok\n",
        headers: [HeaderField] = [], cookies: [String] = [], auth: RouteAuth = .server, redirect: RedirectSpec? = nil
    ) {
        self.path = path
        self.matchesSubpaths = matchesSubpaths
        self.status = status
        self.body = body
        self.headers = headers
        self.cookies = cookies
        self.auth = auth
        self.redirect = redirect
    }

    /// Whether the route sends a `Strict-Transport-Security` field (RFC 6797): a client must keep
    /// the host's HSTS policy to take part (the feature `hsts`).
    package var setsStrictTransportSecurity: Bool {
        headers.contains { $0.name.lowercased() == "strict-transport-security" }
    }

    /// Whether this route answers `path` (the request-target without its query).
    package func matches(path requested: String) -> Bool {
        if requested == path { return true }
        guard matchesSubpaths else { return false }
        let prefix = path.hasSuffix("/") ? path : path + "/"
        return requested.hasPrefix(prefix)
    }
}

/// The authentication one route demands.
package enum RouteAuth: Sendable, Equatable {
    /// Whatever the server's `auth` says (none if it has none).
    case server
    /// None: the route is public.
    case none
    /// Its own protection space (another realm, other credentials).
    case own(AuthSpec)
}

/// The former name of ``HeaderField``, when it only described a route's response headers.
@available(*, deprecated, renamed: "HeaderField")
package typealias RouteHeader = HeaderField
