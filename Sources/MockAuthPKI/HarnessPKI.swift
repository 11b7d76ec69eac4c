import Foundation
import MockAuthVocabulary
import SwiftASN1
import Synchronization
import X509

/// The harness's certificate authorities, client identity and pinned key, generated when the PKI
/// is created and relative to that moment (no dated certificate lives in the repository).
///
/// Server credentials are issued on first use per (profile, key algorithm, host) and cached, so
/// thousands of scenario servers in one process share one PKI.
///
/// ```swift
/// let pki = try HarnessPKI()
/// let credentials = try pki.serverCredentials(for: .expired, key: .p256, hostName: "127.0.0.1")
/// ```
public final class HarnessPKI: Sendable {
    /// The moment every validity period is computed from.
    package let now: Date
    /// The root clients are told to trust (`MOCKAUTH_CA_FILE` holds it, and only it).
    public let root: IssuedCertificate
    /// The intermediate under ``root`` that issues server leaves.
    package let intermediate: IssuedCertificate
    /// A second root, never in the trust file, for the `untrusted-root` profile.
    package let untrustedRoot: IssuedCertificate
    /// The intermediate under ``untrustedRoot``.
    package let untrustedIntermediate: IssuedCertificate
    /// The CA that issues client identities; servers of the `client-cert-required` profile trust it.
    package let clientCA: IssuedCertificate
    /// The client identity handed to clients (`MOCKAUTH_CLIENT_CERT`, `_KEY`, `_P12`).
    package let clientIdentity: IssuedCertificate
    /// A second client CA, which never issued ``clientIdentity``: the CA that `client-cert-selection`,
    /// `client-cert-unrequested` and `client-cert-rejected` servers trust.
    package let clientCA2: IssuedCertificate
    /// The identity ``clientCA2`` issued (`MOCKAUTH_CLIENT_CERT_2`, `_KEY_2`, `_P12_2`), given to
    /// clients with two identities.
    package let clientIdentity2: IssuedCertificate
    /// The key clients are told to pin (`MOCKAUTH_PIN_SHA256`).
    package let pinnedKey: HarnessKey
    /// The backup key of the same pin set, which a server may rotate to.
    package let backupPinnedKey: HarnessKey
    /// An intermediate under ``root`` that expired 2 days ago (`expired-intermediate`).
    package let expiredIntermediate: IssuedCertificate
    /// A CA below ``intermediate``, whose pathLenConstraint 0 forbids it (`pathlen-exceeded`).
    package let subIntermediate: IssuedCertificate
    /// An intermediate under ``root`` whose name constraints permit only `permitted.test` and
    /// 10.0.0.0/8 (`name-constraints-violated`).
    package let constrainedIntermediate: IssuedCertificate
    /// A root that expired 2 days ago and that, while valid, cross-signed ``root``: only the
    /// `harness-root-and-expired-root` trust file holds it.
    package let expiredRoot: IssuedCertificate
    /// ``root``'s name and key, issued by ``expiredRoot`` and still in date: what `cross-signed`
    /// servers send after the intermediate, so that the served path ends at the expired root.
    package let crossSignedRoot: IssuedCertificate
    /// The first certificate issued for the pinned key; `pin-reissued` servers present a newer one.
    public let pinnedOriginal: IssuedCertificate
    /// The passphrase of ``clientPKCS12(_:)`` in every encoding: random per PKI.
    package let clientPKCS12Passphrase: String
    /// ``clientIdentity`` with the client CA as PKCS#12 in the default encoding (``PKCS12Encoding/legacy``).
    package var clientPKCS12: [UInt8] { clientPKCS12(.legacy) }
    private let clientPKCS12Legacy: [UInt8]
    private let clientPKCS12PBES2: [UInt8]
    private let secondClientPKCS12Legacy: [UInt8]
    private let secondClientPKCS12PBES2: [UInt8]

    private let cache = Mutex<[CacheKey: ServerCredentials]>([:])

    private struct CacheKey: Hashable {
        var profile: TLSProfile
        var key: KeyAlgorithm
        var hostName: String
        var additionalNames: [String]
        var loopbackNames: Bool
        var names: CertificateNames?
        var pinnedKey: PinnedKey?
        var revocation: RevocationEndpoints?
    }

    /// Generates a fresh PKI.
    ///
    /// - Parameter now: the reference time; tests inject one to pin "expired 2 days ago".
    public init(now: Date = Date()) throws {
        self.now = now
        root = try CertificateIssuer.root(commonName: "MockAuth Root CA", key: HarnessKey(.p256), now: now)
        intermediate = try CertificateIssuer.intermediate(
            commonName: "MockAuth Intermediate CA", key: HarnessKey(.p256), issuer: root, now: now)
        untrustedRoot = try CertificateIssuer.root(
            commonName: "MockAuth Untrusted Root CA", key: HarnessKey(.p256), now: now)
        untrustedIntermediate = try CertificateIssuer.intermediate(
            commonName: "MockAuth Untrusted Intermediate CA", key: HarnessKey(.p256), issuer: untrustedRoot, now: now)
        clientCA = try CertificateIssuer.root(commonName: "MockAuth Client CA", key: HarnessKey(.p256), now: now)
        clientIdentity = try CertificateIssuer.clientIdentity(commonName: "MockAuth Client", issuer: clientCA, now: now)
        clientCA2 = try CertificateIssuer.root(commonName: "MockAuth Client CA 2", key: HarnessKey(.p256), now: now)
        clientIdentity2 = try CertificateIssuer.clientIdentity(
            commonName: "MockAuth Client 2", issuer: clientCA2, now: now)
        pinnedKey = try HarnessKey(.p256)
        backupPinnedKey = try HarnessKey(.p256)
        expiredIntermediate = try CertificateIssuer.intermediate(
            commonName: "MockAuth Expired Intermediate CA", key: HarnessKey(.p256), issuer: root, now: now,
            validity: now.addingTimeInterval(-300 * .day)...now.addingTimeInterval(-2 * .day))
        constrainedIntermediate = try CertificateIssuer.intermediate(
            commonName: "MockAuth Constrained Intermediate CA", key: HarnessKey(.p256), issuer: root, now: now,
            nameConstraints: NameConstraints(
                permittedDNSDomains: ["permitted.test"],
                permittedIPRanges: [ASN1OctetString(contentBytes: [10, 0, 0, 0, 255, 0, 0, 0])]))
        subIntermediate = try CertificateIssuer.intermediate(
            commonName: "MockAuth Sub-Intermediate CA", key: HarnessKey(.p256), issuer: intermediate, now: now,
            maxPathLength: nil)
        expiredRoot = try CertificateIssuer.root(
            commonName: "MockAuth Old Root CA", key: HarnessKey(.p256), now: now,
            validity: now.addingTimeInterval(-1000 * .day)...now.addingTimeInterval(-2 * .day))
        // The cross-certificate outlives its issuer, as ISRG Root X1's cross-sign by DST Root CA X3 did.
        crossSignedRoot = try CertificateIssuer.intermediate(
            commonName: "MockAuth Root CA", key: root.key, issuer: expiredRoot, now: now, maxPathLength: nil,
            validity: now.addingTimeInterval(-300 * .day)...now.addingTimeInterval(300 * .day))
        pinnedOriginal = try CertificateIssuer.leaf(
            .init(
                commonName: "MockAuth pinned server", subjectAlternativeNames: GeneralName.loopbackNames,
                extendedKeyUsage: .serverAuth, notValidBefore: now.addingTimeInterval(-1 * .day),
                notValidAfter: now.addingTimeInterval(30 * .day)),
            key: pinnedKey, issuer: intermediate)
        clientPKCS12Passphrase = "mockauth-" + (0..<12).map { _ in String(Int.random(in: 0..<36), radix: 36) }.joined()
        // Both encodings cost a few milliseconds together (2048 iterations each), so they are built here.
        clientPKCS12Legacy = try PKCS12.export(
            clientIdentity, chain: [clientCA], passphrase: clientPKCS12Passphrase, friendlyName: "MockAuth Client",
            encoding: .legacy)
        clientPKCS12PBES2 = try PKCS12.export(
            clientIdentity, chain: [clientCA], passphrase: clientPKCS12Passphrase, friendlyName: "MockAuth Client",
            encoding: .pbes2)
        secondClientPKCS12Legacy = try PKCS12.export(
            clientIdentity2, chain: [clientCA2], passphrase: clientPKCS12Passphrase, friendlyName: "MockAuth Client 2",
            encoding: .legacy)
        secondClientPKCS12PBES2 = try PKCS12.export(
            clientIdentity2, chain: [clientCA2], passphrase: clientPKCS12Passphrase, friendlyName: "MockAuth Client 2",
            encoding: .pbes2)
    }

    /// The pins a client is given for `target`: the primary and backup pinned keys, or the
    /// intermediate CA's key.
    package func pins(for target: PinTarget) -> PublicKeyPins {
        switch target {
        case .serverKey:
            PublicKeyPins(subjectPublicKeyInfos: [
                pinnedKey.subjectPublicKeyInfoDER, backupPinnedKey.subjectPublicKeyInfoDER,
            ])
        case .intermediate:
            PublicKeyPins(subjectPublicKeyInfos: [intermediate.key.subjectPublicKeyInfoDER])
        }
    }

    /// ``clientIdentity`` with the client CA as PKCS#12 in `encoding`, protected by
    /// ``clientPKCS12Passphrase`` (PKCS#12 written in Swift).
    package func clientPKCS12(_ encoding: PKCS12Encoding) -> [UInt8] {
        switch encoding {
        case .legacy: clientPKCS12Legacy
        case .pbes2: clientPKCS12PBES2
        }
    }

    /// ``clientIdentity2`` with ``clientCA2`` as PKCS#12 in `encoding`, protected by
    /// ``clientPKCS12Passphrase``.
    package func secondClientPKCS12(_ encoding: PKCS12Encoding) -> [UInt8] {
        switch encoding {
        case .legacy: secondClientPKCS12Legacy
        case .pbes2: secondClientPKCS12PBES2
        }
    }

    /// The credentials a server of `profile` presents when clients reach it as `hostName`, issued on
    /// first use.
    ///
    /// - Parameter additionalNames: names (DNS names or IP literals) the certificate is valid for
    ///   besides the loopback names, e.g. the name a device reaches this machine by (`serve
    ///   --host-name`). Profiles whose one defect is the name (`wrong-host`, `missing-san`) leave them out.
    /// - Parameter loopbackNames: whether the certificate holds the loopback names (`localhost`,
    ///   `127.0.0.1`, `::1`) as well; `false` for a server reached only by a name of its own (one
    ///   only a remote-DNS proxy resolves), whose certificate names `additionalNames` alone.
    /// - Parameter names: the exact subjectAltName, replacing the loopback and additional names
    ///   (a wildcard, an address written as a DNS name …).
    /// - Parameter pinnedKey: the leaf carries this pinned key instead of a key of its own.
    package func serverCredentials(
        for profile: TLSProfile, key: KeyAlgorithm, hostName: String, additionalNames: [String] = [],
        loopbackNames: Bool = true, names: CertificateNames? = nil, pinnedKey: PinnedKey? = nil
    ) throws -> ServerCredentials {
        try serverCredentials(
            for: profile, key: key, hostName: hostName, additionalNames: additionalNames, loopbackNames: loopbackNames,
            names: names, pinnedKey: pinnedKey, revocation: nil)
    }

    /// ``serverCredentials(for:key:hostName:additionalNames:loopbackNames:names:pinnedKey:)`` whose
    /// leaf points at the scenario's revocation server (its CRL distribution point, its OCSP
    /// responder, or both: ``TLSProfile/traits``); a profile whose defect is its revocation status
    /// needs one.
    package func serverCredentials(
        for profile: TLSProfile, key: KeyAlgorithm, hostName: String, additionalNames: [String] = [],
        loopbackNames: Bool = true, names: CertificateNames? = nil, pinnedKey: PinnedKey? = nil,
        revocation: RevocationEndpoints?
    ) throws -> ServerCredentials {
        let cacheKey = CacheKey(
            profile: profile, key: key, hostName: hostName, additionalNames: additionalNames,
            loopbackNames: loopbackNames, names: names, pinnedKey: pinnedKey, revocation: revocation)
        if let cached = cache.withLock({ $0[cacheKey] }) { return cached }
        let issued = try issueServerCredentials(
            profile, key: key, hostName: hostName, additionalNames: additionalNames, loopbackNames: loopbackNames,
            names: names, pinnedKey: pinnedKey, revocation: revocation)
        return cache.withLock { cache in
            if let raced = cache[cacheKey] { return raced }
            cache[cacheKey] = issued
            return issued
        }
    }
}
