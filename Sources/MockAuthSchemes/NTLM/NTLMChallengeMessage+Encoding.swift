extension NTLMChallengeMessage {
    /// Encodes the message: 48-byte header, 8-byte Version, then target name and target info payloads.
    package func encoded() -> [UInt8] {
        let name = flags.contains(.unicode) ? NTLMStrings.utf16LE(targetName) : Array(targetName.utf8)
        let info = NTLMAVPair.encode(targetInfo)
        let nameOffset = 56
        let infoOffset = nameOffset + name.count
        var out = NTLMMessage.signature
        out.appendLittleEndian(UInt32(2))
        Self.appendField(&out, length: name.count, offset: nameOffset)
        out.appendLittleEndian(flags.rawValue)
        out += serverChallenge.prefix(8) + Array(repeating: 0, count: max(0, 8 - serverChallenge.count))
        out += Array(repeating: 0, count: 8)  // Reserved
        Self.appendField(&out, length: info.count, offset: infoOffset)
        out += [10, 0, 0x61, 0x4A, 0, 0, 0, 15]  // Version: 10.0 build 19041, NTLMSSP_REVISION_W2K3
        return out + name + info
    }

    static func appendField(_ out: inout [UInt8], length: Int, offset: Int) {
        let clamped = UInt16(truncatingIfNeeded: min(length, Int(UInt16.max)))
        out.appendLittleEndian(clamped)
        out.appendLittleEndian(clamped)
        out.appendLittleEndian(UInt32(truncatingIfNeeded: offset))
    }
}
