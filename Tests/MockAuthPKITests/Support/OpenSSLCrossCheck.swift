import COpenSSLCrossCheck
import Foundation

/// OpenSSL's own parsers and verifier (the test-only C target over the system libcrypto).
enum OpenSSLCrossCheck {
    /// Whether the C target was built against OpenSSL (it is a stub without OpenSSL's headers).
    static let isAvailable = crosscheck_available() == 1

    /// What `PKCS12_parse` found in a file.
    struct PKCS12Contents {
        /// The private key, re-encoded by OpenSSL as PKCS#8.
        var privateKey: [UInt8]
        /// The key's SubjectPublicKeyInfo.
        var publicKey: [UInt8]
        /// The certificate that matches the key (by localKeyId, else by key).
        var certificate: [UInt8]
        /// The certificate's friendlyName, if any.
        var friendlyName: String?
        /// The other certificates, in file order.
        var chain: [[UInt8]]
    }

    /// OpenSSL's refusal, in its words.
    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    /// Parses `der` with `passphrase`: verifies the MAC and decrypts every bag.
    static func parsePKCS12(_ der: [UInt8], passphrase: String) throws -> PKCS12Contents {
        var message = [CChar](repeating: 0, count: 512)
        guard let bundle = crosscheck_pkcs12_parse(der, der.count, passphrase, &message, message.count) else {
            throw Refusal(description: string(message))
        }
        defer { crosscheck_pkcs12_free(bundle) }
        var name = [CChar](repeating: 0, count: 256)
        let nameLength = crosscheck_pkcs12_friendly_name(bundle, &name, name.count)
        return PKCS12Contents(
            privateKey: try buffer("the private key") { crosscheck_pkcs12_private_key(bundle, $0, $1) },
            publicKey: try buffer("the public key") { crosscheck_pkcs12_public_key(bundle, $0, $1) },
            certificate: try buffer("the certificate") { crosscheck_pkcs12_certificate(bundle, $0, $1) },
            friendlyName: nameLength >= 0 ? string(name) : nil,
            chain: try (0..<crosscheck_pkcs12_chain_count(bundle)).map { index in
                try buffer("chain certificate \(index)") { crosscheck_pkcs12_chain_certificate(bundle, index, $0, $1) }
            })
    }

    /// `PKCS12_key_gen_utf8`: RFC 7292 appendix B.2 as OpenSSL computes it.
    static func pkcs12KeyGen(
        password: String, salt: [UInt8], id: Int32, iterations: Int32, digest: String, count: Int
    ) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: count)
        let status = crosscheck_pkcs12_key_gen(password, salt, salt.count, id, iterations, digest, &output, count)
        return status == 0 ? output : nil
    }

    /// `X509_verify_cert` of `leaf` (with `intermediates`) against `anchor` at `time`: the
    /// `X509_V_*` code and OpenSSL's words for it.
    static func verify(leaf: [UInt8], intermediates: [[UInt8]], anchor: [UInt8], at time: Date)
        -> (code: Int32, message: String)
    {
        var message = [CChar](repeating: 0, count: 256)
        let copies = intermediates.map { bytes -> UnsafeMutableBufferPointer<UInt8> in
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
            _ = copy.initialize(from: bytes)
            return copy
        }
        defer { copies.forEach { $0.deallocate() } }
        let pointers: [UnsafePointer<UInt8>?] = copies.map { UnsafePointer($0.baseAddress) }
        let lengths = intermediates.map(\.count)
        let code = crosscheck_verify_chain(
            leaf, leaf.count, pointers, lengths, intermediates.count, anchor, anchor.count,
            Int64(time.timeIntervalSince1970), &message, message.count)
        return (code, string(message))
    }

    private static func buffer(
        _ what: String, _ body: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>) -> Int32
    ) throws -> [UInt8] {
        var pointer: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard body(&pointer, &length) == 0, let pointer else { throw Refusal(description: "OpenSSL gave no \(what)") }
        defer { crosscheck_free(pointer) }
        return Array(UnsafeBufferPointer(start: pointer, count: length))
    }

    private static func string(_ characters: [CChar]) -> String {
        String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
