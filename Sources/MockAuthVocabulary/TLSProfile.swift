/// A server certificate set-up: valid, or breaking exactly one property of a valid one.
///
/// The raw value is the name scenario files use (`tls: { profile: expired }`). Two switches define a
/// profile, and adding a case is a compile error until both handle it: `traits` (what it changes
/// beyond the chain: the protocol, the client certificates it asks for, what its revocation service
/// says) and the PKI's issuing recipe (how its chain differs from `valid`'s).
public enum TLSProfile: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// A chain to the harness root that satisfies every rule (SAN, serverAuth, SHA-256, ≤ 825 days).
    case valid
    /// A leaf that signs itself.
    case selfSigned = "self-signed"
    /// notAfter in the past.
    case expired
    /// notBefore in the future.
    case notYetValid = "not-yet-valid"
    /// SAN holds only names other than the URL's host.
    case wrongHost = "wrong-host"
    /// Chained to a second root that is not in the trust file.
    case untrustedRoot = "untrusted-root"
    /// The server omits the intermediate.
    case incompleteChain = "incomplete-chain"
    /// The server requests and verifies a client certificate issued by the harness client CA.
    case clientCertificateRequired = "client-cert-required"
    /// A valid chain over a key other than the pinned one.
    case pinMismatch = "pin-mismatch"
    /// A freshly issued valid certificate for the pinned key.
    case pinReissued = "pin-reissued"
    /// A valid chain whose leaf has no subjectAltName, only the host in its common name.
    case missingSAN = "missing-san"
    /// A valid leaf under an intermediate CA that expired 2 days ago.
    case expiredIntermediate = "expired-intermediate"
    /// A leaf whose extended key usage is clientAuth only: no serverAuth.
    case clientAuthOnly = "client-auth-eku-only"
    /// A leaf issued by a second intermediate below one whose pathLenConstraint is 0.
    case pathLengthExceeded = "pathlen-exceeded"
    /// A leaf with a critical extension no client knows.
    case unknownCriticalExtension = "unknown-critical-extension"
    /// A valid chain sent out of order: the leaf, the root, then the intermediate (clients build the
    /// path themselves: a correct one accepts).
    case chainOutOfOrder = "chain-out-of-order"
    /// A leaf for the loopback names under an intermediate whose name constraints permit only
    /// `permitted.test` and 10.0.0.0/8.
    case nameConstraintsViolated = "name-constraints-violated"
    /// A valid chain sent with the root cross-signed by an expired old root: the served path ends
    /// at that expired root, while the trust file's own root ends a valid one (path building).
    case crossSigned = "cross-signed"
    /// A valid chain whose leaf is itself a CA (basicConstraints cA TRUE, keyCertSign).
    case leafIsCA = "leaf-is-ca"
    /// A leaf signed with SHA-1 (sha1WithRSAEncryption, by an RSA intermediate under the root).
    case sha1Leaf = "sha1-leaf"
    /// A leaf over a 1024-bit RSA key.
    case rsa1024 = "rsa-1024"
    /// The server requests a client certificate from the harness client CA, names that CA, and serves a
    /// client that presents none (a presented one must verify).
    case clientCertificateOptional = "client-cert-optional"
    /// The server requires a client certificate from the second client CA and names only that CA: a
    /// client holding both harness identities must send the second.
    case clientCertificateSelection = "client-cert-selection"
    /// The server requests a client certificate, optionally, naming only the second client CA: a client
    /// whose only identity is from the first CA sends none (a presented one must verify).
    case clientCertificateUnrequested = "client-cert-unrequested"
    /// The server requires a client certificate, names no CA, and trusts only the second client CA: it
    /// refuses the harness client identity with an alert.
    case clientCertificateRejected = "client-cert-rejected"
    /// A valid certificate on a server that speaks TLS 1.0 only (deprecated by RFC 8996).
    case tls10Only = "tls10-only"
    /// A valid certificate on a server that speaks TLS 1.1 only (deprecated by RFC 8996).
    case tls11Only = "tls11-only"
    /// A valid certificate on a server that speaks TLS 1.3 only (RFC 8446): a correct client connects.
    case tls13Only = "tls13-only"
    /// A valid certificate on a server that ends the handshake when the ClientHello names no server
    /// (no `server_name` extension, RFC 6066 §3): a client that connects by name must send it.
    case serverNameRequired = "sni-required"
    /// A valid leaf whose CRL distribution point (the scenario's revocation server) lists it as revoked.
    case revokedCRL = "revoked-crl"
    /// A valid leaf whose OCSP responder (the scenario's revocation server) answers `revoked`.
    case revokedOCSP = "revoked-ocsp"
    /// A valid leaf whose OCSP responder answers `unknown`.
    case ocspUnknown = "ocsp-unknown"
    /// A valid leaf whose OCSP responder answers `good` in a response that expired a day ago
    /// (nextUpdate in the past): an answer no client may rely on.
    case ocspExpiredResponse = "ocsp-expired-response"

    public var description: String { rawValue }
}
