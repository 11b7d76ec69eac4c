/// The algorithm of a generated key. The raw value is the name scenario files use (`key: rsa-2048`).
package enum KeyAlgorithm: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// ECDSA over P-256: the default, fast to generate.
    case p256
    /// RSA with a 2048-bit modulus.
    case rsa2048 = "rsa-2048"

    package var description: String { rawValue }
}
