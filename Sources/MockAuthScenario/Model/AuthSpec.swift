/// How a server (or one route of it) demands authentication: the schemes it offers and the account
/// it verifies against. On a proxy server the same spec drives 407 and `Proxy-Authenticate`.
public struct AuthSpec: Sendable, Equatable {
    /// The protection space's realm.
    public var realm: String
    /// The schemes offered, in challenge order (strongest first, as RFC 7616 asks).
    public var schemes: [AuthSchemeSpec]
    /// The account the server verifies credentials against.
    public var account: Account
    /// The bearer token the server accepts (`bearer` scheme).
    public var token: String?
    /// Digest's quality-of-protection options, in offer order (empty: the RFC 2069 form).
    public var digestQOP: [String]
    /// Seconds a Digest nonce stays fresh; a valid answer on an older nonce gets `stale=true`.
    public var nonceLifetime: Int
    /// Whether Digest offers `userhash=true`.
    public var userhash: Bool
    /// Whether NTLM also accepts NTLMv1 responses (off: only NTLMv2 verifies).
    public var acceptNTLMv1: Bool
    /// Whether several challenges go on one header line (`Basic …, Digest …`) rather than one line each.
    public var challengesOnOneLine: Bool

    public init(
        realm: String = "mockauth",
        schemes: [AuthSchemeSpec],
        account: Account,
        token: String? = nil,
        digestQOP: [String] = ["auth"],
        nonceLifetime: Int = 300,
        userhash: Bool = false,
        acceptNTLMv1: Bool = false,
        challengesOnOneLine: Bool = false
    ) {
        self.realm = realm
        self.schemes = schemes
        self.account = account
        self.token = token
        self.digestQOP = digestQOP
        self.nonceLifetime = nonceLifetime
        self.userhash = userhash
        self.acceptNTLMv1 = acceptNTLMv1
        self.challengesOnOneLine = challengesOnOneLine
    }
}

/// A user account: what a server verifies, or what a client is given.
public struct Account: Sendable, Equatable {
    public var username: String
    public var password: String
    /// The NTLM domain, if any.
    public var domain: String?

    public init(username: String, password: String, domain: String? = nil) {
        self.username = username
        self.password = password
        self.domain = domain
    }
}

/// One offered authentication scheme, as a scenario names it.
public struct AuthSchemeSpec: Sendable, Hashable, CustomStringConvertible {
    /// The scheme name as scenario files write it: `basic`, `digest-sha256`, `ntlm` …
    public let name: String

    private init(_ name: String) { self.name = name }

    public static let basic = AuthSchemeSpec("basic")
    public static let digestMD5 = AuthSchemeSpec("digest-md5")
    public static let digestMD5Session = AuthSchemeSpec("digest-md5-sess")
    public static let digestSHA256 = AuthSchemeSpec("digest-sha256")
    public static let digestSHA256Session = AuthSchemeSpec("digest-sha256-sess")
    public static let digestSHA512_256 = AuthSchemeSpec("digest-sha512-256")
    public static let digestSHA512_256Session = AuthSchemeSpec("digest-sha512-256-sess")
    public static let ntlm = AuthSchemeSpec("ntlm")
    public static let negotiate = AuthSchemeSpec("negotiate")
    public static let bearer = AuthSchemeSpec("bearer")

    /// Every scheme a scenario may offer.
    public static let all: [AuthSchemeSpec] = [
        .basic, .digestMD5, .digestMD5Session, .digestSHA256, .digestSHA256Session, .digestSHA512_256,
        .digestSHA512_256Session, .ntlm, .negotiate, .bearer,
    ]

    /// The scheme called `name`, or `nil`.
    public init?(named name: String) {
        guard let known = Self.all.first(where: { $0.name == name }) else { return nil }
        self = known
    }

    /// The HTTP auth-scheme token (`Basic`, `Digest`, `NTLM`, `Negotiate`, `Bearer`).
    public var httpScheme: String {
        if name.hasPrefix("digest") { return "Digest" }
        switch name {
        case "basic": return "Basic"
        case "ntlm": return "NTLM"
        case "negotiate": return "Negotiate"
        default: return "Bearer"
        }
    }

    /// The Digest `algorithm` token, for Digest schemes.
    public var digestAlgorithm: String? {
        switch name {
        case "digest-md5": "MD5"
        case "digest-md5-sess": "MD5-sess"
        case "digest-sha256": "SHA-256"
        case "digest-sha256-sess": "SHA-256-sess"
        case "digest-sha512-256": "SHA-512-256"
        case "digest-sha512-256-sess": "SHA-512-256-sess"
        default: nil
        }
    }

    public var description: String { name }
}
