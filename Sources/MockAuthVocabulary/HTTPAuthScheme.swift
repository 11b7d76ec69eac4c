/// An HTTP authentication scheme MockAuth speaks (RFC 9110 §11), by its token.
///
/// The one place that knows the tokens: servers challenge with them, transcripts record them, rules
/// name them. Tokens compare case-insensitively on the wire (`init(token:)`); `token` is the
/// conventional spelling.
public enum HTTPAuthScheme: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// `Basic` (RFC 7617).
    case basic = "Basic"
    /// `Digest` (RFC 7616).
    case digest = "Digest"
    /// `NTLM` (MS-NLMP over HTTP).
    case ntlm = "NTLM"
    /// `Negotiate` (RFC 4559, SPNEGO).
    case negotiate = "Negotiate"
    /// `Bearer` (RFC 6750).
    case bearer = "Bearer"

    /// The scheme whose token is `token`, compared case-insensitively; `nil` for any other scheme.
    package init?(token: some StringProtocol) {
        let lowered = token.lowercased()
        guard let scheme = Self.allCases.first(where: { $0.rawValue.lowercased() == lowered }) else { return nil }
        self = scheme
    }

    /// The token as HTTP conventionally spells it (`Digest`, `NTLM` …).
    package var token: String { rawValue }

    /// Relative strength, for ordering challenges and judging which scheme a client should pick:
    /// Negotiate (4) > NTLM (3) > Digest (2) > Basic (1). `nil` for Bearer, which a password cannot
    /// answer and is not comparable.
    package var strength: Int? {
        switch self {
        case .negotiate: 4
        case .ntlm: 3
        case .digest: 2
        case .basic: 1
        case .bearer: nil
        }
    }

    /// Whether the scheme authenticates a connection rather than each request (NTLM, Negotiate):
    /// its handshake must stay on one connection.
    package var isConnectionBased: Bool {
        switch self {
        case .ntlm, .negotiate: true
        case .basic, .digest, .bearer: false
        }
    }

    public var description: String { rawValue }
}
