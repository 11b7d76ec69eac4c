import CMockAuthPKCS12

/// PKCS#12 export through the system OpenSSL (no Swift package writes PKCS#12).
public enum PKCS12 {
    /// Bundles `identity` (and the CA certificates that issued it) into a PKCS#12 file protected
    /// by `passphrase`: PBE-SHA1-3DES bags and an HMAC-SHA1 MAC, readable by OpenSSL 3
    /// (`curl --cert-type P12`) and by Apple's `SecPKCS12Import` and `security import`.
    public static func export(
        _ identity: IssuedCertificate, chain: [IssuedCertificate] = [], passphrase: String, friendlyName: String
    ) throws -> [UInt8] {
        let key = identity.key.pkcs8DER
        let certificate = identity.derBytes
        let caDERs = chain.map(\.derBytes)
        var output: UnsafeMutablePointer<UInt8>?
        var outputLength = 0
        var message = [CChar](repeating: 0, count: 512)
        let status = withArrayOfPointers(caDERs) { pointers, lengths in
            mockauth_pkcs12_create(
                key, key.count, certificate, certificate.count, pointers, lengths, caDERs.count,
                passphrase, friendlyName, &output, &outputLength, &message, message.count)
        }
        guard status == 0, let output else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw HarnessError("PKCS#12 export failed: \(text)")
        }
        defer { mockauth_pkcs12_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: outputLength))
    }

    /// Calls `body` with C arrays of pointers to and lengths of each element of `buffers`.
    private static func withArrayOfPointers<Result>(
        _ buffers: [[UInt8]],
        _ body: (UnsafePointer<UnsafePointer<UInt8>?>?, UnsafePointer<Int>?) -> Result
    ) -> Result {
        let copies = buffers.map { buffer -> UnsafeMutableBufferPointer<UInt8> in
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(buffer.count, 1))
            _ = copy.initialize(from: buffer)
            return copy
        }
        defer { copies.forEach { $0.deallocate() } }
        let pointers: [UnsafePointer<UInt8>?] = copies.map { UnsafePointer($0.baseAddress) }
        let lengths = buffers.map(\.count)
        return pointers.withUnsafeBufferPointer { pointerBuffer in
            lengths.withUnsafeBufferPointer { lengthBuffer in
                body(pointerBuffer.baseAddress, lengthBuffer.baseAddress)
            }
        }
    }
}
