import Foundation

/// What a TLS server presents, as `openssl s_client` sees it: how many certificates, how many bytes
/// of them, and the leaf's key. The new-connection figures compare servers that present the same.
struct TLSChain: Equatable, CustomStringConvertible {
    var certificates: Int
    /// The DER size of the chain, approximately: the PEM's base64 characters × 3/4.
    var bytes: Int
    /// `Server public key is 256 bit`: the leaf key's size.
    var keyBits: Int

    var description: String { "\(certificates) certificates (~\(bytes) bytes), \(keyBits)-bit key" }

    /// The chain `127.0.0.1:port` presents; `nil` without openssl or when it cannot be read.
    static func presented(port: Int) async -> TLSChain? {
        guard Command.which("openssl") != nil,
            let result = try? await Command.run(
                ["bash", "-c", "openssl s_client -connect 127.0.0.1:\(port) -showcerts < /dev/null 2>&1"],
                timeout: 20)
        else { return nil }
        var certificates = 0
        var base64 = 0
        var inCertificate = false
        var keyBits = 0
        for line in result.output.split(separator: "\n") {
            if line.hasPrefix("-----BEGIN CERTIFICATE-----") {
                certificates += 1
                inCertificate = true
            } else if line.hasPrefix("-----END CERTIFICATE-----") {
                inCertificate = false
            } else if inCertificate {
                base64 += line.count
            } else if line.hasPrefix("Server public key is "), let bits = Int(line.split(separator: " ")[4]) {
                keyBits = bits
            }
        }
        guard certificates > 0 else { return nil }
        return TLSChain(certificates: certificates, bytes: base64 * 3 / 4, keyBits: keyBits)
    }

    /// The same shape of chain: as many certificates, the same key size, sizes within 5 %.
    func matches(_ other: TLSChain) -> Bool {
        certificates == other.certificates && keyBits == other.keyBits
            && abs(bytes - other.bytes) * 20 <= max(bytes, other.bytes)
    }
}
