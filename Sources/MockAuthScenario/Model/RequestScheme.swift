/// The scheme a request's URL is given with, when a scenario says so (`scheme:` on a request).
/// By default a URL carries its server's own scheme; `http` for a TLS server gives that server's
/// port an `http://` URL, which a client that keeps the host's Strict-Transport-Security policy
/// upgrades to `https://` on the same port (RFC 6797 §8.3), and any other sends in plain text.
package enum RequestScheme: String, Sendable, Equatable, CaseIterable {
    /// `http://`.
    case http
    /// `https://` (only for a server with `tls`).
    case https
}
