/// What a TLS profile changes beyond its certificate chain, decided in one place
/// (``TLSProfile/traits``): the servers, the PKI and the scenario loader read it, none re-decides it.
package struct TLSProfileTraits: Sendable, Hashable {
    /// The one TLS version the server speaks when the profile is about the protocol (an old one a
    /// client must refuse, or TLS 1.3 alone, which it must speak); `nil`: TLS 1.2 and 1.3.
    package var onlyProtocolVersion: TLSProtocolVersion?
    /// How the server asks for a client certificate; `nil` when it asks for none.
    package var clientCertificates: ClientCertificatePolicy?
    /// What the scenario's revocation service says about the leaf, and where the leaf points clients.
    package var revocation: RevocationTraits
    /// Whether a scenario may give the leaf names of its own (`san`): only where the defect is not
    /// in the leaf's names; the other profiles set their own (a wrong host, none at all …).
    package var acceptsNames: Bool
    /// Whether a scenario may give the leaf the pinned key (`pinned-key`): not where the defect is
    /// the key itself (a key other than the pinned one, or the pinned one reissued).
    package var acceptsPinnedKey: Bool
    /// Whether the server ends the handshake when the ClientHello names no server (SNI).
    package var requiresServerName: Bool

    package init(
        onlyProtocolVersion: TLSProtocolVersion? = nil, clientCertificates: ClientCertificatePolicy? = nil,
        revocation: RevocationTraits = .unrevoked, acceptsNames: Bool = false, acceptsPinnedKey: Bool = true,
        requiresServerName: Bool = false
    ) {
        self.onlyProtocolVersion = onlyProtocolVersion
        self.clientCertificates = clientCertificates
        self.revocation = revocation
        self.acceptsNames = acceptsNames
        self.acceptsPinnedKey = acceptsPinnedKey
        self.requiresServerName = requiresServerName
    }

    /// A profile that changes only its chain: TLS 1.2 and 1.3, no client certificate, a leaf its
    /// revocation service calls good, its own names, the pinned key if the scenario asks.
    package static let none = TLSProfileTraits()
}

/// How a server asks for a client certificate.
package struct ClientCertificatePolicy: Sendable, Hashable {
    /// Whether the handshake fails without a certificate.
    package var mode: ClientCertificateMode
    /// The client CA whose certificates the server accepts; a presented certificate from another
    /// ends the handshake with an alert.
    package var trustedCA: ClientCA
    /// Whether the request names ``trustedCA`` as the acceptable CA (`certificate_authorities`);
    /// `false`: it names none.
    package var namesTrustedCA: Bool

    package init(mode: ClientCertificateMode, trustedCA: ClientCA, namesTrustedCA: Bool = true) {
        self.mode = mode
        self.trustedCA = trustedCA
        self.namesTrustedCA = namesTrustedCA
    }
}

/// Whether a server that asks for a client certificate ends the handshake without one.
package enum ClientCertificateMode: String, Sendable, Hashable, CaseIterable {
    /// The handshake fails without a certificate.
    case required
    /// A client without a certificate proceeds.
    case optional
}

/// The harness's two client CAs: the one that issues the client identity, and a second one that
/// issues the second identity (`identity: { second: true }`).
package enum ClientCA: String, Sendable, Hashable, CaseIterable {
    /// MockAuth Client CA, issuer of the client identity.
    case first
    /// MockAuth Client CA 2, issuer of the second identity.
    case second
}

/// What a scenario's revocation service says about a profile's leaf, and where the leaf tells
/// clients to ask.
package struct RevocationTraits: Sendable, Hashable {
    /// The one mechanism the leaf points to, when the profile's defect lives in it; `nil`: it
    /// points to both (the CRL and the OCSP responder).
    package var mechanism: RevocationMechanism?
    /// What the CRL and the responder say.
    package var status: RevocationStatus
    /// Whether the responder's answer expired before it was given (nextUpdate in the past, RFC 6960
    /// §4.2.2.1).
    package var responseExpired: Bool

    package init(mechanism: RevocationMechanism? = nil, status: RevocationStatus, responseExpired: Bool = false) {
        self.mechanism = mechanism
        self.status = status
        self.responseExpired = responseExpired
    }

    /// A leaf the service calls good, pointing to both mechanisms.
    package static let unrevoked = RevocationTraits(status: .good)

    /// Whether the profile's defect is its revocation status (it needs a revocation server).
    package var isTheDefect: Bool { mechanism != nil }
}

/// Where a client looks up whether a certificate is revoked.
package enum RevocationMechanism: String, Sendable, Hashable, Codable, CaseIterable {
    /// The CRL at the leaf's CRL distribution point (RFC 5280 §5).
    case crl
    /// The OCSP responder named in the leaf's authority information access (RFC 6960).
    case ocsp
}

extension TLSProfile {
    /// What this profile changes beyond its chain: the one switch that decides it.
    package var traits: TLSProfileTraits {
        switch self {
        case .tls10Only: TLSProfileTraits(onlyProtocolVersion: .tls10)
        case .tls11Only: TLSProfileTraits(onlyProtocolVersion: .tls11)
        case .tls13Only: TLSProfileTraits(onlyProtocolVersion: .tls13)
        case .serverNameRequired: TLSProfileTraits(acceptsNames: true, requiresServerName: true)
        case .clientCertificateRequired:
            TLSProfileTraits(clientCertificates: ClientCertificatePolicy(mode: .required, trustedCA: .first))
        case .clientCertificateOptional:
            TLSProfileTraits(clientCertificates: ClientCertificatePolicy(mode: .optional, trustedCA: .first))
        case .clientCertificateSelection:
            TLSProfileTraits(clientCertificates: ClientCertificatePolicy(mode: .required, trustedCA: .second))
        case .clientCertificateUnrequested:
            TLSProfileTraits(clientCertificates: ClientCertificatePolicy(mode: .optional, trustedCA: .second))
        case .clientCertificateRejected:
            TLSProfileTraits(
                clientCertificates: ClientCertificatePolicy(mode: .required, trustedCA: .second, namesTrustedCA: false))
        case .revokedCRL: TLSProfileTraits(revocation: RevocationTraits(mechanism: .crl, status: .revoked))
        case .revokedOCSP: TLSProfileTraits(revocation: RevocationTraits(mechanism: .ocsp, status: .revoked))
        case .ocspUnknown: TLSProfileTraits(revocation: RevocationTraits(mechanism: .ocsp, status: .unknown))
        case .ocspExpiredResponse:
            TLSProfileTraits(revocation: RevocationTraits(mechanism: .ocsp, status: .good, responseExpired: true))
        case .valid, .expired, .untrustedRoot, .selfSigned: TLSProfileTraits(acceptsNames: true)
        case .pinMismatch, .pinReissued: TLSProfileTraits(acceptsPinnedKey: false)
        case .notYetValid, .wrongHost, .incompleteChain, .missingSAN, .expiredIntermediate, .clientAuthOnly,
            .pathLengthExceeded, .unknownCriticalExtension, .chainOutOfOrder, .nameConstraintsViolated, .crossSigned,
            .leafIsCA, .sha1Leaf, .rsa1024:
            .none
        }
    }
}
