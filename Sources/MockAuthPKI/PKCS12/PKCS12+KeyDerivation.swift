import Crypto

extension PKCS12 {
    /// The PKCS#12 password-based key derivation (RFC 7292 appendix B.2), over SHA-1 for the
    /// legacy encryption and MAC and over SHA-256 for the PBES2 encoding's MAC.
    ///
    /// The password is a BMPString (UTF-16, big-endian) with two trailing zero bytes (appendix B.1);
    /// ``bmpPassword(_:)`` makes one.
    enum KeyDerivation {
        /// What the derived bytes are for: the "diversifier" ID byte of appendix B.3.
        enum Purpose: UInt8, Sendable {
            case encryptionKey = 1
            case initializationVector = 2
            case macKey = 3
        }

        /// Derives `byteCount` bytes with `hash` iterated `iterations` times (at least once).
        static func derive<Hash: HashFunction>(
            _ hash: Hash.Type, purpose: Purpose, password: [UInt8], salt: [UInt8], iterations: Int, byteCount: Int
        ) -> [UInt8] {
            let blockSize = Hash.blockByteCount  // v
            let digestSize = Hash.Digest.byteCount  // u
            let diversifier = [UInt8](repeating: purpose.rawValue, count: blockSize)
            // I = S ‖ P, each repeated to a whole number of v-byte blocks (empty stays empty).
            var input = repeated(salt, toMultipleOf: blockSize) + repeated(password, toMultipleOf: blockSize)
            var output: [UInt8] = []
            output.reserveCapacity(byteCount + digestSize)
            while output.count < byteCount {
                var digest = Hash.hash(data: diversifier + input)
                for _ in 1..<max(iterations, 1) {
                    digest = digest.withUnsafeBytes { previous in
                        var hasher = Hash()
                        hasher.update(bufferPointer: previous)
                        return hasher.finalize()
                    }
                }
                let block = Array(digest)
                output += block
                guard output.count < byteCount else { break }
                // B = A repeated to v bytes; every v-byte block I_j of I becomes (I_j + B + 1) mod 2^(8v).
                let increment = (0..<blockSize).map { block[$0 % digestSize] }
                for start in stride(from: 0, to: input.count, by: blockSize) {
                    var carry: UInt16 = 1
                    for offset in (0..<blockSize).reversed() {
                        let sum = UInt16(input[start + offset]) + UInt16(increment[offset]) + carry
                        input[start + offset] = UInt8(truncatingIfNeeded: sum)
                        carry = sum >> 8
                    }
                }
            }
            return Array(output.prefix(byteCount))
        }

        /// `passphrase` as appendix B.1 wants it: UTF-16 big-endian code units and two zero bytes.
        static func bmpPassword(_ passphrase: String) -> [UInt8] {
            passphrase.utf16.flatMap { [UInt8(truncatingIfNeeded: $0 >> 8), UInt8(truncatingIfNeeded: $0)] } + [0, 0]
        }

        private static func repeated(_ bytes: [UInt8], toMultipleOf blockSize: Int) -> [UInt8] {
            guard !bytes.isEmpty else { return [] }
            let count = blockSize * ((bytes.count + blockSize - 1) / blockSize)
            return (0..<count).map { bytes[$0 % bytes.count] }
        }
    }
}
