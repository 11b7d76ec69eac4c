import Crypto
import Foundation
import SwiftASN1
import X509

/// A pin set: SHA-256 hashes of SubjectPublicKeyInfo structures, in the forms clients take them.
///
/// curl's `--pinnedpubkey` takes ``curlForm`` (`sha256//BASE64;sha256//BASE64`); TrustKit, Alamofire
/// and AFNetworking take ``base64`` (one string per pin). A chain matches when any certificate in it
/// carries a pinned key, which is how those libraries check, *after* the chain itself was validated:
/// a pin adds to validation, it never replaces it.
public struct PublicKeyPins: Sendable, Hashable {
    /// The SHA-256 digests of the pinned SubjectPublicKeyInfo DER encodings, 32 bytes each.
    public let digests: [[UInt8]]

    /// Pins the keys whose SubjectPublicKeyInfo DER encodings these are.
    public init(subjectPublicKeyInfos: [[UInt8]]) {
        digests = subjectPublicKeyInfos.map { Array(SHA256.hash(data: $0)) }
    }

    /// Reads curl's form: `sha256//BASE64`, several separated by `;`. `nil` when any part is not a
    /// SHA-256 pin.
    public init?(curlForm: String) {
        var digests: [[UInt8]] = []
        for part in curlForm.split(separator: ";") {
            let text = part.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("sha256//"), let digest = Data(base64Encoded: String(text.dropFirst(8))),
                digest.count == 32
            else { return nil }
            digests.append(Array(digest))
        }
        guard !digests.isEmpty else { return nil }
        self.digests = digests
    }

    /// curl's `--pinnedpubkey` form: `sha256//BASE64`, several separated by `;`.
    public var curlForm: String { base64.map { "sha256//" + $0 }.joined(separator: ";") }

    /// One base64 SHA-256 per pin, the form TrustKit, Alamofire and AFNetworking take.
    public var base64: [String] { digests.map { Data($0).base64EncodedString() } }

    /// Whether any certificate of `chain` (DER, leaf first, as a TLS stack reports it) carries a
    /// pinned key. Certificates that cannot be parsed match nothing.
    public func matches(certificateChain chain: [[UInt8]]) -> Bool {
        chain.contains { der in
            guard let digest = Self.subjectPublicKeyInfoDigest(ofCertificate: der) else { return false }
            return digests.contains(digest)
        }
    }

    /// SHA-256 of the SubjectPublicKeyInfo of the certificate `der`, or `nil` when it is not a certificate.
    public static func subjectPublicKeyInfoDigest(ofCertificate der: [UInt8]) -> [UInt8]? {
        guard let certificate = try? Certificate(derEncoded: der) else { return nil }
        var serializer = DER.Serializer()
        guard (try? serializer.serialize(certificate.publicKey)) != nil else { return nil }
        return Array(SHA256.hash(data: serializer.serializedBytes))
    }
}
