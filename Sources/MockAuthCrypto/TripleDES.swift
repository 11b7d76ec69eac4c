/// Triple DES (TDEA, NIST SP 800-67) with three independent keys, encrypt-decrypt-encrypt, in CBC
/// mode with PKCS#7 padding: the cipher of PKCS#12's `pbeWithSHAAnd3-KeyTripleDES-CBC`, which
/// every Apple importer reads. swift-crypto does not expose it. It protects test keys only.
package struct TripleDES: Sendable {
    /// Key length in bytes: three 8-byte DES keys (parity bits ignored).
    package static let keyByteCount = 24
    /// Block and IV length in bytes.
    package static let blockByteCount = 8

    private let first: DES.KeySchedule
    private let second: DES.KeySchedule
    private let third: DES.KeySchedule

    /// A cipher over `key`: K1 ‖ K2 ‖ K3, 24 bytes.
    package init(key: [UInt8]) throws(TripleDES.Error) {
        guard key.count == Self.keyByteCount else { throw .keyLength(key.count) }
        first = DES.KeySchedule(key: key[0..<8])
        second = DES.KeySchedule(key: key[8..<16])
        third = DES.KeySchedule(key: key[16..<24])
    }

    /// Encrypts `plaintext` in CBC mode after PKCS#7 padding (1 to 8 bytes, so the result is
    /// always longer than the input).
    package func encryptCBC(_ plaintext: [UInt8], iv: [UInt8]) throws(TripleDES.Error) -> [UInt8] {
        guard iv.count == Self.blockByteCount else { throw .ivLength(iv.count) }
        let padding = Self.blockByteCount - plaintext.count % Self.blockByteCount
        let padded = plaintext + [UInt8](repeating: UInt8(padding), count: padding)
        var chain = DES.word(iv)
        var output: [UInt8] = []
        output.reserveCapacity(padded.count)
        for start in stride(from: 0, to: padded.count, by: Self.blockByteCount) {
            chain = encryptBlock(DES.word(padded[start..<(start + Self.blockByteCount)]) ^ chain)
            output += DES.bytes(of: chain)
        }
        return output
    }

    /// Decrypts CBC `ciphertext` and removes its PKCS#7 padding.
    package func decryptCBC(_ ciphertext: [UInt8], iv: [UInt8]) throws(TripleDES.Error) -> [UInt8] {
        guard iv.count == Self.blockByteCount else { throw .ivLength(iv.count) }
        guard !ciphertext.isEmpty, ciphertext.count % Self.blockByteCount == 0 else {
            throw .ciphertextLength(ciphertext.count)
        }
        var chain = DES.word(iv)
        var output: [UInt8] = []
        output.reserveCapacity(ciphertext.count)
        for start in stride(from: 0, to: ciphertext.count, by: Self.blockByteCount) {
            let block = DES.word(ciphertext[start..<(start + Self.blockByteCount)])
            output += DES.bytes(of: decryptBlock(block) ^ chain)
            chain = block
        }
        guard let last = output.last, (1...Self.blockByteCount).contains(Int(last)),
            output.suffix(Int(last)).allSatisfy({ $0 == last })
        else { throw .badPadding }
        return Array(output.dropLast(Int(last)))
    }

    /// E(K3, D(K2, E(K1, block))).
    private func encryptBlock(_ block: UInt64) -> UInt64 {
        third.encrypt(second.decrypt(first.encrypt(block)))
    }

    /// D(K1, E(K2, D(K3, block))).
    private func decryptBlock(_ block: UInt64) -> UInt64 {
        first.decrypt(second.encrypt(third.decrypt(block)))
    }

    /// Why a Triple DES operation refused its input.
    package enum Error: Swift.Error, Sendable, Equatable {
        /// The key is not 24 bytes long (the length given).
        case keyLength(Int)
        /// The IV is not 8 bytes long (the length given).
        case ivLength(Int)
        /// The ciphertext is empty or not a whole number of blocks (the length given).
        case ciphertextLength(Int)
        /// The last block does not end in valid PKCS#7 padding (wrong key or corrupted data).
        case badPadding
    }
}
