import Crypto
import Foundation
import MockAuthVocabulary
import SwiftASN1
import Synchronization
import X509

/// The revocation service of one scenario run for the harness intermediate (the CA of every
/// server leaf): its CRL and its OCSP responder, both signed by the intermediate, both telling the
/// same story about each leaf registered with it.
///
/// ```swift
/// let authority = RevocationAuthority(pki: pki)
/// authority.register(credentials)              // the leaf's status: good, revoked or unknown
/// let crl = try authority.certificateRevocationList()
/// let answer = authority.ocspResponse(to: requestDER)
/// ```
///
/// A serial number never registered is `unknown` to the responder and absent from the CRL.
package final class RevocationAuthority: Sendable {
    private struct Entry {
        var status: RevocationStatus
        var registeredAt: Date
        var expiredResponse: Bool
    }

    private let issuer: IssuedCertificate
    private let clock: @Sendable () -> Date
    private let entries = Mutex<[[UInt8]: Entry]>([:])

    /// - Parameter clock: the time responses are produced at (tests inject one).
    package init(pki: HarnessPKI, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.issuer = pki.intermediate
        self.clock = clock
    }

    /// Registers a leaf with the status its credentials were issued with
    /// (``ServerCredentials/revocationStatus``).
    /// Leaves of other issuers are ignored: this authority speaks for the intermediate only.
    package func register(_ credentials: ServerCredentials) {
        guard credentials.leaf.certificate.issuer == issuer.certificate.subject else { return }
        register(
            serialNumber: credentials.leaf.certificate.serialNumber,
            status: credentials.revocationStatus, expiredResponse: credentials.revocationResponseExpired)
    }

    /// Registers a serial number. `expiredResponse`: the responder answers about it with a
    /// `nextUpdate` a day in the past, a response no client may rely on (RFC 6960 §4.2.2.1).
    package func register(
        serialNumber: Certificate.SerialNumber, status: RevocationStatus, expiredResponse: Bool = false
    ) {
        let now = clock()
        entries.withLock {
            $0[Array(serialNumber.bytes)] = Entry(
                status: status, registeredAt: now, expiredResponse: expiredResponse)
        }
    }

    /// The intermediate's CRL (DER): every registered serial number that is revoked, valid from an
    /// hour ago for 7 days.
    package func certificateRevocationList() throws -> [UInt8] {
        let now = clock()
        let revoked = entries.withLock { entries in
            entries.filter { $0.value.status == .revoked }.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        }
        let list = CertificateRevocationList(
            issuer: issuer,
            entries: revoked.map { serial, entry in
                .init(
                    serialNumber: Certificate.SerialNumber(bytes: serial),
                    revocationDate: entry.registeredAt.addingTimeInterval(-3600))
            },
            thisUpdate: now.addingTimeInterval(-3600), nextUpdate: now.addingTimeInterval(7 * .day),
            number: Int(now.timeIntervalSince1970))
        return try list.derEncoded()
    }

    /// The responder's answer to a DER `OCSPRequest`: a signed `successful` response, or
    /// `malformedRequest` for bytes it cannot read (never a throw). A CertID whose issuer hashes
    /// are not the intermediate's is answered `unknown`.
    package func ocspResponse(to requestDER: [UInt8]) -> [UInt8] {
        let request: OCSPRequest
        do { request = try OCSPRequest(derEncoded: requestDER) } catch {
            return OCSPResponse.failure(.malformedRequest)
        }
        do {
            let now = clock()
            let known = entries.withLock { $0 }
            var expired = false
            var answers: [OCSPResponse.Answer] = []
            for id in request.certificateIDs {
                var status = RevocationStatus.unknown
                var revokedAt = now
                if try isIssuer(of: id), let entry = known[id.serialNumber] {
                    status = entry.status
                    revokedAt = entry.registeredAt.addingTimeInterval(-3600)
                    expired = expired || entry.expiredResponse
                }
                answers.append(.init(certificateID: id, status: status, revokedAt: revokedAt))
            }
            let response = OCSPResponse(
                signer: issuer, answers: answers, producedAt: now,
                thisUpdate: now.addingTimeInterval(expired ? -8 * .day : -3600),
                nextUpdate: now.addingTimeInterval(expired ? -1 * .day : 7 * .day), nonce: request.nonce)
            return try response.derEncoded()
        } catch {
            return OCSPResponse.failure(.internalError)
        }
    }

    /// Whether `id` names the intermediate: its name hash and key hash, under SHA-1 or SHA-256.
    private func isIssuer(of id: OCSPCertificateID) throws -> Bool {
        var name = DER.Serializer()
        try name.serialize(issuer.certificate.subject)
        let keyBits = try issuer.key.subjectPublicKeyBits
        switch id.hashAlgorithm {
        case Self.sha1OID:
            return id.issuerNameHash == Array(Insecure.SHA1.hash(data: name.serializedBytes))
                && id.issuerKeyHash == Array(Insecure.SHA1.hash(data: keyBits))
        case Self.sha256OID:
            return id.issuerNameHash == Array(SHA256.hash(data: name.serializedBytes))
                && id.issuerKeyHash == Array(SHA256.hash(data: keyBits))
        default:
            return false
        }
    }

    private static let sha1OID: ASN1ObjectIdentifier = [1, 3, 14, 3, 2, 26]
    private static let sha256OID: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 1]
}
