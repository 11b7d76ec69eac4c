/// DES (FIPS 46-3): single blocks for NTLMv1's DESL, and the block cipher under ``TripleDES`` for
/// PKCS#12's legacy encryption. swift-crypto does not expose DES.
package enum DES {
    /// Encrypts one 8-byte block with an 8-byte key (parity bits ignored). Inputs must be 8 bytes each.
    package static func encryptBlock(key: [UInt8], block: [UInt8]) -> [UInt8] {
        bytes(of: KeySchedule(key: key).encrypt(word(block)))
    }

    /// Decrypts one 8-byte block with an 8-byte key (parity bits ignored). Inputs must be 8 bytes each.
    package static func decryptBlock(key: [UInt8], block: [UInt8]) -> [UInt8] {
        bytes(of: KeySchedule(key: key).decrypt(word(block)))
    }

    /// Expands a 7-byte (56-bit) key into 8 DES key bytes, 7 key bits each (MS-NLMP §6 "DES").
    package static func expandKey(_ seven: [UInt8]) -> [UInt8] {
        var bits: UInt64 = 0
        for index in 0..<7 { bits = bits << 8 | UInt64(index < seven.count ? seven[index] : 0) }
        return (0..<8).map { UInt8(truncatingIfNeeded: (bits >> UInt64(49 - 7 * $0)) & 0x7F) << 1 }
    }

    /// The 16 round keys of one DES key, computed once and used for any number of blocks.
    struct KeySchedule: Sendable {
        private let subkeys: [UInt64]
        private let reversedSubkeys: [UInt64]

        /// The schedule of the first 8 bytes of `key` (missing bytes count as zero).
        init(key: some Collection<UInt8>) {
            subkeys = DES.keySchedule(DES.word(key))
            reversedSubkeys = subkeys.reversed()
        }

        /// Encrypts one block, most significant byte first.
        func encrypt(_ block: UInt64) -> UInt64 { DES.crypt(block, subkeys: subkeys) }

        /// Decrypts one block: the same network with the round keys in reverse order.
        func decrypt(_ block: UInt64) -> UInt64 { DES.crypt(block, subkeys: reversedSubkeys) }
    }

    /// The first 8 bytes of `bytes` as a big-endian word (missing bytes count as zero).
    static func word(_ bytes: some Collection<UInt8>) -> UInt64 {
        var value: UInt64 = 0
        var index = bytes.startIndex
        for _ in 0..<8 {
            var byte: UInt8 = 0
            if index != bytes.endIndex {
                byte = bytes[index]
                index = bytes.index(after: index)
            }
            value = value << 8 | UInt64(byte)
        }
        return value
    }

    /// A word as 8 big-endian bytes.
    static func bytes(of word: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: word >> UInt64(56 - 8 * $0)) }
    }

    private static func crypt(_ block: UInt64, subkeys: [UInt64]) -> UInt64 {
        let value = initialLookup.apply(block)
        var left = UInt32(truncatingIfNeeded: value >> 32)
        var right = UInt32(truncatingIfNeeded: value)
        for subkey in subkeys {
            (left, right) = (right, left ^ feistel(right, subkey))
        }
        return finalLookup.apply(UInt64(right) << 32 | UInt64(left))
    }

    /// Permutes bits; table entries are 1-based positions counted from the most significant of `width` bits.
    static func permute(_ input: UInt64, width: Int, table: [UInt8]) -> UInt64 {
        table.reduce(UInt64(0)) { $0 << 1 | (input >> UInt64(width - Int($1))) & 1 }
    }

    private static func keySchedule(_ key: UInt64) -> [UInt64] {
        let permuted = permute(key, width: 64, table: permutedChoice1)
        var c = UInt32(truncatingIfNeeded: permuted >> 28) & 0x0FFF_FFFF
        var d = UInt32(truncatingIfNeeded: permuted) & 0x0FFF_FFFF
        return shifts.map { shift in
            c = (c << shift | c >> (28 - shift)) & 0x0FFF_FFFF
            d = (d << shift | d >> (28 - shift)) & 0x0FFF_FFFF
            return permute(UInt64(c) << 28 | UInt64(d), width: 56, table: permutedChoice2)
        }
    }

    /// The round function: expand to 48 bits, mix in the subkey, substitute (S-boxes) and permute (P).
    private static func feistel(_ half: UInt32, _ subkey: UInt64) -> UInt32 {
        let expanded = expansionLookup.apply(UInt64(half)) ^ subkey
        var output: UInt32 = 0
        for box in 0..<8 {
            let six = Int(truncatingIfNeeded: expanded >> UInt64(42 - 6 * box)) & 0x3F
            output |= substitutionLookup[box &* 64 &+ six]
        }
        return output
    }
}
