import Crypto
import Foundation
import SwiftASN1
import X509

/// A certificate together with its private key.
public struct IssuedCertificate: Sendable {
    package let certificate: Certificate
    package let key: HarnessKey

    package init(certificate: Certificate, key: HarnessKey) {
        self.certificate = certificate
        self.key = key
    }

    /// The certificate's DER encoding.
    public var derBytes: [UInt8] { certificate.derBytes }

    /// The certificate as PEM.
    public var pem: String { certificate.pemString }

    /// The DER of the certificate's issuer name: what a server's certificate request lists
    /// (certificate_authorities, Apple's `distinguishedNames`) when it wants an identity from that CA.
    package var issuerNameDER: [UInt8] { Self.nameDER(certificate.issuer) }

    /// The DER of `name`; empty should it not serialize (a parsed or built name always does).
    static func nameDER(_ name: DistinguishedName) -> [UInt8] {
        var serializer = DER.Serializer()
        guard (try? serializer.serialize(name)) != nil else { return [] }
        return serializer.serializedBytes
    }
}

extension Certificate {
    /// The DER encoding. Serializing a certificate that was parsed or built cannot fail in
    /// practice; should it, the result is empty and every consumer rejects it loudly.
    package var derBytes: [UInt8] {
        var serializer = DER.Serializer()
        guard (try? serializer.serialize(self)) != nil else { return [] }
        return serializer.serializedBytes
    }

    /// The PEM encoding (`-----BEGIN CERTIFICATE-----`), ending in a newline.
    package var pemString: String {
        PEMDocument(type: "CERTIFICATE", derBytes: derBytes).pemString + "\n"
    }

    /// Hex SHA-256 of the DER encoding, as `openssl x509 -fingerprint -sha256` shows it (without colons).
    package var sha256Fingerprint: String {
        SHA256.hash(data: derBytes).map { String(format: "%02x", $0) }.joined()
    }
}
