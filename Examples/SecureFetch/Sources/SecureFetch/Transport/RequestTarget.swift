import Foundation

/// Where a request goes: the origin (scheme, host, port) and the request-target on it.
struct RequestTarget: Sendable, Equatable {
    /// `https` or `http`, lowercased.
    let scheme: String
    /// The host, lowercased, without brackets for IPv6.
    let host: String
    /// The port, explicit or the scheme's default.
    let port: Int
    /// The path and query, as sent on the request line (`/a/b?c=d`).
    let pathAndQuery: String
    /// The URL as given, absolute.
    let url: URL

    init(_ text: String) throws {
        guard let url = URL(string: text) else {
            throw SecureFetchError(.invalidURL, "\"\(text)\" is not a URL")
        }
        try self.init(url)
    }

    init(_ url: URL) throws {
        let url = url.absoluteURL
        guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http" else {
            throw SecureFetchError(.invalidURL, "\(url.absoluteString) is not an http or https URL")
        }
        guard let host = url.host, !host.isEmpty else {
            throw SecureFetchError(.invalidURL, "\(url.absoluteString) has no host")
        }
        self.scheme = scheme
        self.host = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        port = url.port ?? (scheme == "https" ? 443 : 80)
        // URLComponents keeps the path as written: URL.path would drop a trailing slash ("/a/" → "/a"),
        // moving the request into another directory and changing the Digest `uri`.
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let written = components?.percentEncodedPath ?? ""
        let path = written.isEmpty ? "/" : written
        pathAndQuery = components?.percentEncodedQuery.map { "\(path)?\($0)" } ?? path
        self.url = url
    }

    /// The request path without its query.
    var path: String {
        pathAndQuery.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? "/"
    }

    /// Whether `other` is on the same origin (scheme, host and port).
    func isSameOrigin(as other: RequestTarget) -> Bool {
        scheme == other.scheme && host == other.host && port == other.port
    }

    /// The protection space of `realm` on this origin.
    func protectionSpace(realm: String) -> ProtectionSpace {
        ProtectionSpace(scheme: scheme, host: host, port: port, realm: realm)
    }
}
