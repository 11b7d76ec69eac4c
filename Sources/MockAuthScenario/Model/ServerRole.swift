import MockAuthSchemes
import MockAuthVocabulary

/// What a scenario server is: the one fact that decides how it listens, what it reads and how it
/// answers (each role has its listener in MockAuthServer: `ListenerRole`). Read from the server's
/// `proxy:`, `revocation:` and `token-endpoint:` keys (``ServerSpec/read(id:node:file:)``).
package enum ServerRole: Sendable, Equatable {
    /// An origin (the default): it answers requests with its routes, behind its `auth`; with `tls`
    /// over TLS, with `http2` over HTTP/2 too.
    case origin
    /// An HTTP forward proxy (`proxy: true`): absolute-form requests and CONNECT, `407` behind its
    /// `auth`; with `tls`, an HTTPS proxy (the client speaks TLS to the proxy itself).
    case forwardProxy
    /// A SOCKS5 proxy (`proxy: socks5`, RFC 1928), demanding `account` with RFC 1929's
    /// username/password step when it has one (`credentials:`).
    case socks5(account: Account?)
    /// The scenario's revocation server (`revocation: true`): plain HTTP, serving the harness
    /// intermediate's CRL (`GET /crl`) and its OCSP responder (`POST /ocsp`, `GET /ocsp/{base64}`).
    /// Every TLS leaf of the scenario points there.
    case revocation
    /// An OAuth 2.0 token endpoint (`token-endpoint:`, RFC 6749 §3.2): `POST /token` with the
    /// registered client's credentials answers `refresh_token` and `client_credentials` grants, with
    /// §5.2's JSON errors; the resource servers (`auth: { token-endpoint: ID }`) accept the access
    /// tokens it issues, which expire as ``TokenEndpointConfiguration/usesPerToken`` and
    /// ``TokenEndpointConfiguration/lifetimeSeconds`` say.
    case tokenEndpoint(TokenEndpointConfiguration)

    /// Whether clients reach other servers through this one (a forward or SOCKS5 proxy): it may be
    /// the client's `proxy:`, and it is started after the servers it relays to.
    package var relays: Bool {
        switch self {
        case .forwardProxy, .socks5: true
        case .origin, .revocation, .tokenEndpoint: false
        }
    }

    /// When a server of this role is bound among the scenario's: the revocation server first (every
    /// leaf names its URL), then the origins, then the proxies (which are told every other server's
    /// address, to relay to it and to nothing else).
    package var bindOrder: Int {
        switch self {
        case .revocation: 0
        case .origin, .tokenEndpoint: 1
        case .forwardProxy, .socks5: 2
        }
    }
}
