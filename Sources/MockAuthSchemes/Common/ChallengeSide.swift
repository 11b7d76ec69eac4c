/// Who challenges (RFC 9110 §11.6, §11.7): an origin server, with `401` and the `WWW-` fields, or a
/// proxy, with `407` and the `Proxy-` fields. One fact, from which every field name and status of a
/// challenge follows.
package enum ChallengeSide: Sendable, Equatable {
    case origin
    case proxy

    /// `401 Unauthorized` or `407 Proxy Authentication Required`.
    package var challengeStatus: Int {
        switch self {
        case .origin: 401
        case .proxy: 407
        }
    }

    /// The field of a challenge: `WWW-Authenticate` or `Proxy-Authenticate`.
    package var challengeField: String {
        switch self {
        case .origin: "WWW-Authenticate"
        case .proxy: "Proxy-Authenticate"
        }
    }

    /// The field the client's credentials come in: `Authorization` or `Proxy-Authorization`.
    package var credentialsField: String {
        switch self {
        case .origin: "Authorization"
        case .proxy: "Proxy-Authorization"
        }
    }

    /// The field of what follows a verified request (RFC 9110 §11.6.3, §11.7.3):
    /// `Authentication-Info` or `Proxy-Authentication-Info`.
    package var authenticationInfoField: String {
        switch self {
        case .origin: "Authentication-Info"
        case .proxy: "Proxy-Authentication-Info"
        }
    }
}
