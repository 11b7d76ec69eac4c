import SwiftASN1
import X509

/// Reading certificates out of PEM text (a CA file, `MOCKAUTH_CA_FILE`).
package enum CertificatePEM {
    /// The DER encodings of every `CERTIFICATE` block in `pem`, in order; empty when there is none
    /// or the text is not PEM.
    package static func derEncodings(of pem: String) -> [[UInt8]] {
        guard let documents = try? PEMDocument.parseMultiple(pemString: pem) else { return [] }
        return documents.filter { $0.discriminator == "CERTIFICATE" }.map(\.derBytes)
    }

    /// The DER of the issuer name of the first certificate in `pem` (what a server's certificate
    /// request names when it wants an identity from that CA); empty when there is none to read.
    package static func issuerNameDER(of pem: String) -> [UInt8] {
        guard let der = derEncodings(of: pem).first, let certificate = try? Certificate(derEncoded: der) else {
            return []
        }
        return IssuedCertificate.nameDER(certificate.issuer)
    }
}
