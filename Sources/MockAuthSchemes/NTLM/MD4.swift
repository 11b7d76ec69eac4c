/// MD4 (RFC 1320), needed for the NTLM NT hash; swift-crypto does not provide it. Not for anything else.
enum MD4 {
    /// The 16-byte MD4 digest of `message`.
    static func hash(_ message: [UInt8]) -> [UInt8] {
        var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476)
        var padded = message
        padded.append(0x80)
        while padded.count % 64 != 56 { padded.append(0) }
        padded.appendLittleEndian(UInt64(truncatingIfNeeded: message.count) &* 8)
        var block = [UInt32](repeating: 0, count: 16)
        for chunkStart in stride(from: 0, to: padded.count, by: 64) {
            for word in 0..<16 {
                let base = chunkStart + word * 4
                block[word] =
                    UInt32(padded[base]) | UInt32(padded[base + 1]) << 8 | UInt32(padded[base + 2]) << 16
                    | UInt32(padded[base + 3]) << 24
            }
            state = compress(state, block)
        }
        var digest: [UInt8] = []
        for word in [state.0, state.1, state.2, state.3] { digest.appendLittleEndian(word) }
        return digest
    }

    private static func compress(
        _ state: (UInt32, UInt32, UInt32, UInt32), _ x: [UInt32]
    ) -> (UInt32, UInt32, UInt32, UInt32) {
        var (a, b, c, d) = state
        func rotate(_ value: UInt32, _ shift: UInt32) -> UInt32 { value << shift | value >> (32 - shift) }
        // Round 1: F(x,y,z) = xy v not(x)z
        for i in stride(from: 0, to: 16, by: 4) {
            a = rotate(a &+ ((b & c) | (~b & d)) &+ x[i], 3)
            d = rotate(d &+ ((a & b) | (~a & c)) &+ x[i + 1], 7)
            c = rotate(c &+ ((d & a) | (~d & b)) &+ x[i + 2], 11)
            b = rotate(b &+ ((c & d) | (~c & a)) &+ x[i + 3], 19)
        }
        // Round 2: G(x,y,z) = xy v xz v yz, constant 0x5A827999
        for i in 0..<4 {
            a = rotate(a &+ ((b & c) | (b & d) | (c & d)) &+ x[i] &+ 0x5A82_7999, 3)
            d = rotate(d &+ ((a & b) | (a & c) | (b & c)) &+ x[i + 4] &+ 0x5A82_7999, 5)
            c = rotate(c &+ ((d & a) | (d & b) | (a & b)) &+ x[i + 8] &+ 0x5A82_7999, 9)
            b = rotate(b &+ ((c & d) | (c & a) | (d & a)) &+ x[i + 12] &+ 0x5A82_7999, 13)
        }
        // Round 3: H(x,y,z) = x xor y xor z, constant 0x6ED9EBA1
        for i in [0, 2, 1, 3] {
            a = rotate(a &+ (b ^ c ^ d) &+ x[i] &+ 0x6ED9_EBA1, 3)
            d = rotate(d &+ (a ^ b ^ c) &+ x[i + 8] &+ 0x6ED9_EBA1, 9)
            c = rotate(c &+ (d ^ a ^ b) &+ x[i + 4] &+ 0x6ED9_EBA1, 11)
            b = rotate(b &+ (c ^ d ^ a) &+ x[i + 12] &+ 0x6ED9_EBA1, 15)
        }
        return (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
    }
}
