import MockAuthSchemes
import MockAuthVocabulary

/// How a server (or one route of it) demands authentication: the schemes it offers and the account
/// it verifies against. On a proxy server the same spec drives 407 and `Proxy-Authenticate`.
package struct AuthSpec: Sendable, Equatable {
    /// The protection space's realm.
    package var realm: String
    /// The schemes offered, in challenge order (strongest first, as RFC 7616 asks).
    package var schemes: [AuthSchemeSpec]
    /// The account the server verifies credentials against.
    package var account: Account
    /// The bearer token the server accepts (`bearer` scheme).
    package var token: String?
    /// The token endpoint whose access tokens the `bearer` scheme accepts instead of ``token``
    /// (`token-endpoint:`, a server id): a resource server of RFC 6749, whose tokens expire as the
    /// endpoint says.
    package var tokenEndpoint: String?
    /// Digest's quality-of-protection options, in offer order (empty: the RFC 2069 form).
    package var digestQOP: [String]
    /// Seconds a Digest nonce stays fresh; a valid answer on an older nonce gets `stale=true`.
    package var nonceLifetime: Int
    /// Whether Digest offers `userhash=true`.
    package var userhash: Bool
    /// Whether Digest sends a `nextnonce` in `Authentication-Info` after each verified answer and
    /// retires the nonce it replaces (a correct answer on that nonce gets `stale=true`; each nonce's
    /// count must start at `nc=00000001`): `next-nonce: true`.
    package var nextNonce: Bool
    /// Whether NTLM also accepts NTLMv1 responses (off: only NTLMv2 verifies).
    package var acceptNTLMv1: Bool
    /// Whether several challenges go on one header line (`Basic …, Digest …`) rather than one line each.
    package var challengesOnOneLine: Bool
    /// The `WWW-Authenticate` (or `Proxy-Authenticate`) field values to challenge with, exactly as a
    /// server writes them, one field per entry, in order (empty: the machines' own challenges). The
    /// placeholders `{nonce}` and `{opaque}` stand for what the Digest machine mints per challenge.
    /// The credentials are still verified by the machines of ``schemes``: a written challenge of a
    /// scheme they do not offer is one a client answers in vain.
    package var writtenChallenges: [String]
    /// Whether the server closes the connection (`Connection: close`) right after its first
    /// challenge that asks for the client's credentials, once per run (`close-after-challenge`).
    /// With NTLM or Negotiate among the schemes that is the handshake's challenge message (the NTLM
    /// type 2, a Negotiate continuation): a correct client starts the handshake again on a new
    /// connection instead of answering on one that never saw the challenge. Without them (a
    /// proxy's Basic or Digest 407, the only place the loader allows it) it is the first challenge
    /// itself: a correct client dials again and answers it there.
    package var closesAfterChallenge: Bool
    /// Further accounts the server verifies (NTLM and Negotiate), so that a scenario can have a
    /// client authenticate as two users.
    package var otherAccounts: [Account]
    /// What an NTLM (or Negotiate's NTLM) AUTHENTICATE message with an empty domain means: the
    /// server's own domain (the default) or a refusal. A domain that is not the account's is refused
    /// either way.
    package var emptyDomain: NTLMEmptyDomain
    /// Kerberos beside NTLM inside SPNEGO (`kerberos:`), for a space that offers `negotiate`.
    package var kerberos: KerberosSpec?

    package init(
        realm: String = "mockauth",
        schemes: [AuthSchemeSpec],
        account: Account,
        token: String? = nil,
        digestQOP: [String] = ["auth"],
        nonceLifetime: Int = 300,
        userhash: Bool = false,
        nextNonce: Bool = false,
        acceptNTLMv1: Bool = false,
        challengesOnOneLine: Bool = false,
        writtenChallenges: [String] = [],
        closesAfterChallenge: Bool = false,
        otherAccounts: [Account] = [], emptyDomain: NTLMEmptyDomain = .serversOwn, kerberos: KerberosSpec? = nil
    ) {
        self.realm = realm
        self.schemes = schemes
        self.account = account
        self.token = token
        self.digestQOP = digestQOP
        self.nonceLifetime = nonceLifetime
        self.userhash = userhash
        self.nextNonce = nextNonce
        self.acceptNTLMv1 = acceptNTLMv1
        self.challengesOnOneLine = challengesOnOneLine
        self.writtenChallenges = writtenChallenges
        self.closesAfterChallenge = closesAfterChallenge
        self.otherAccounts = otherAccounts
        self.emptyDomain = emptyDomain
        self.kerberos = kerberos
    }
}

/// One offered authentication scheme, as a scenario file names it (`schemes: [digest-sha256, basic]`).
public enum AuthSchemeSpec: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case basic
    case digestMD5 = "digest-md5"
    case digestMD5Session = "digest-md5-sess"
    case digestSHA256 = "digest-sha256"
    case digestSHA256Session = "digest-sha256-sess"
    case digestSHA512_256 = "digest-sha512-256"
    case digestSHA512_256Session = "digest-sha512-256-sess"
    case ntlm
    case negotiate
    case bearer

    /// The HTTP scheme it challenges with.
    package var httpScheme: HTTPAuthScheme {
        switch self {
        case .basic: .basic
        case .digestMD5, .digestMD5Session, .digestSHA256, .digestSHA256Session, .digestSHA512_256,
            .digestSHA512_256Session:
            .digest
        case .ntlm: .ntlm
        case .negotiate: .negotiate
        case .bearer: .bearer
        }
    }

    public var description: String { rawValue }

    /// The Digest algorithm a `digest-…` scheme offers; `nil` for the other schemes.
    package var digestAlgorithm: DigestAlgorithm? {
        switch self {
        case .digestMD5: .md5
        case .digestMD5Session: .md5Session
        case .digestSHA256: .sha256
        case .digestSHA256Session: .sha256Session
        case .digestSHA512_256: .sha512_256
        case .digestSHA512_256Session: .sha512_256Session
        case .basic, .ntlm, .negotiate, .bearer: nil
        }
    }
}
