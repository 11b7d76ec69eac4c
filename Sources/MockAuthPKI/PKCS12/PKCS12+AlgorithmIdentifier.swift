import SwiftASN1

extension PKCS12 {
    /// `AlgorithmIdentifier ::= SEQUENCE { algorithm OBJECT IDENTIFIER, parameters ANY OPTIONAL }`.
    struct AlgorithmIdentifier: DERSerializable, Sendable {
        var algorithm: ASN1ObjectIdentifier
        var parameters: ASN1Any?

        /// An algorithm whose parameters are `NULL`, as OpenSSL writes digests and HMAC PRFs.
        static func withNullParameters(_ algorithm: ASN1ObjectIdentifier) throws -> AlgorithmIdentifier {
            AlgorithmIdentifier(algorithm: algorithm, parameters: try ASN1Any(erasing: ASN1Null()))
        }

        /// An algorithm with `parameters`.
        static func with(_ algorithm: ASN1ObjectIdentifier, parameters: some DERSerializable) throws
            -> AlgorithmIdentifier
        {
            AlgorithmIdentifier(algorithm: algorithm, parameters: try ASN1Any(erasing: parameters))
        }

        func serialize(into coder: inout DER.Serializer) throws {
            try coder.appendConstructedNode(identifier: .sequence) { coder in
                try coder.serialize(algorithm)
                if let parameters { try coder.serialize(parameters) }
            }
        }
    }
}
