/// The TLS configuration a server presents.
public struct TLSSpec: Sendable, Equatable {
    /// Which certificate (and which mistake in it) the server presents.
    public var profile: TLSProfileName
    /// The leaf key's algorithm.
    public var key: KeyAlgorithm

    public init(profile: TLSProfileName, key: KeyAlgorithm = .p256) {
        self.profile = profile
        self.key = key
    }
}

/// The name of a TLS profile: a server certificate set-up that is valid, or that breaks exactly one
/// property of a valid one.
public struct TLSProfileName: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A chain to the harness root that satisfies every rule (SAN, serverAuth, SHA-256, ≤ 825 days).
    public static let valid = TLSProfileName(rawValue: "valid")
    /// A leaf that signs itself.
    public static let selfSigned = TLSProfileName(rawValue: "self-signed")
    /// notAfter in the past.
    public static let expired = TLSProfileName(rawValue: "expired")
    /// notBefore in the future.
    public static let notYetValid = TLSProfileName(rawValue: "not-yet-valid")
    /// SAN holds only names other than the URL's host.
    public static let wrongHost = TLSProfileName(rawValue: "wrong-host")
    /// Chained to a second root that is not in the trust file.
    public static let untrustedRoot = TLSProfileName(rawValue: "untrusted-root")
    /// The server omits the intermediate.
    public static let incompleteChain = TLSProfileName(rawValue: "incomplete-chain")
    /// The server requests and verifies a client certificate issued by the harness client CA.
    public static let clientCertificateRequired = TLSProfileName(rawValue: "client-cert-required")
    /// A valid chain over a key other than the pinned one.
    public static let pinMismatch = TLSProfileName(rawValue: "pin-mismatch")
    /// A freshly issued valid certificate for the pinned key.
    public static let pinReissued = TLSProfileName(rawValue: "pin-reissued")
    /// A valid chain whose leaf has no subjectAltName, only the host in its common name.
    public static let missingSAN = TLSProfileName(rawValue: "missing-san")

    /// Every profile, in the order documentation lists them.
    public static let all: [TLSProfileName] = [
        .valid, .selfSigned, .expired, .notYetValid, .wrongHost, .untrustedRoot, .incompleteChain,
        .clientCertificateRequired, .pinMismatch, .pinReissued, .missingSAN,
    ]

    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
}

/// The algorithm of a generated key.
public enum KeyAlgorithm: String, Sendable, Hashable, Codable, CaseIterable {
    /// ECDSA over P-256: the default, fast to generate.
    case p256
    /// RSA with a 2048-bit modulus.
    case rsa2048 = "rsa-2048"
}
