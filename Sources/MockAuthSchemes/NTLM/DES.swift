/// Single-block DES encryption (FIPS 46-3), needed only for NTLMv1's DESL; swift-crypto does not expose DES.
enum DES {
    /// Encrypts one 8-byte block with an 8-byte key (parity bits ignored). Inputs must be 8 bytes each.
    static func encryptBlock(key: [UInt8], block: [UInt8]) -> [UInt8] {
        let subkeys = keySchedule(Self.word(key))
        var value = permute(Self.word(block), width: 64, table: initialPermutation)
        var left = UInt32(truncatingIfNeeded: value >> 32)
        var right = UInt32(truncatingIfNeeded: value)
        for subkey in subkeys {
            (left, right) = (right, left ^ feistel(right, subkey))
        }
        value = permute(UInt64(right) << 32 | UInt64(left), width: 64, table: finalPermutation)
        return (0..<8).map { UInt8(truncatingIfNeeded: value >> UInt64(56 - 8 * $0)) }
    }

    /// Expands a 7-byte (56-bit) key into 8 DES key bytes, 7 key bits each (MS-NLMP §6 "DES").
    static func expandKey(_ seven: [UInt8]) -> [UInt8] {
        var bits: UInt64 = 0
        for index in 0..<7 { bits = bits << 8 | UInt64(index < seven.count ? seven[index] : 0) }
        return (0..<8).map { UInt8(truncatingIfNeeded: (bits >> UInt64(49 - 7 * $0)) & 0x7F) << 1 }
    }

    private static func word(_ bytes: [UInt8]) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64($1 < bytes.count ? bytes[$1] : 0) }
    }

    /// Permutes bits; table entries are 1-based positions counted from the most significant of `width` bits.
    private static func permute(_ input: UInt64, width: Int, table: [UInt8]) -> UInt64 {
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

    private static func feistel(_ half: UInt32, _ subkey: UInt64) -> UInt32 {
        let expanded = permute(UInt64(half), width: 32, table: expansion) ^ subkey
        var output: UInt32 = 0
        for box in 0..<8 {
            let six = Int((expanded >> UInt64(42 - 6 * box)) & 0x3F)
            let row = (six & 0x20) >> 4 | (six & 1)
            let column = (six >> 1) & 0x0F
            output = output << 4 | UInt32(sBoxes[box][row * 16 + column])
        }
        return UInt32(truncatingIfNeeded: permute(UInt64(output), width: 32, table: permutation))
    }
}
