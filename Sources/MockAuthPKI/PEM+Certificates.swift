import SwiftASN1

/// Reading certificates out of PEM text (a CA file, `MOCKAUTH_CA_FILE`).
public enum CertificatePEM {
    /// The DER encodings of every `CERTIFICATE` block in `pem`, in order; empty when there is none
    /// or the text is not PEM.
    public static func derEncodings(of pem: String) -> [[UInt8]] {
        guard let documents = try? PEMDocument.parseMultiple(pemString: pem) else { return [] }
        return documents.filter { $0.discriminator == "CERTIFICATE" }.map(\.derBytes)
    }
}
