extension NTLMMessage {
    /// Parses a message, checking the signature and that every field lies inside the buffer.
    ///
    /// - Parameter negotiated: for a type 3, the flags the server's type 2 negotiated on the
    ///   connection: their Unicode flag says how the type 3's strings are encoded (MS-NLMP 2.2.2.5
    ///   and 3.2.5.1.2: the connection's, not the flags the type 3 carries, which some clients
    ///   set regardless; wget's OEM names under NTLMSSP_NEGOTIATE_UNICODE). Without it (a type 3
    ///   on a connection that negotiated nothing) the type 3's own flag decides.
    package static func parse(
        _ bytes: [UInt8], negotiated: NTLMNegotiateFlags? = nil
    ) throws(NTLMParseError) -> NTLMMessage {
        var reader = ByteReader(bytes)
        guard reader.readBytes(8) == signature else { throw NTLMParseError(reason: "missing NTLMSSP signature") }
        guard let type = reader.readUInt32LE() else { throw NTLMParseError(reason: "truncated NTLM message type") }
        switch type {
        case 1: return .negotiate(try parseNegotiate(bytes))
        case 2: return .challenge(try parseChallenge(bytes))
        case 3: return .authenticate(try parseAuthenticate(bytes, negotiated: negotiated))
        default: throw NTLMParseError(reason: "unknown NTLM message type \(type)")
        }
    }

    /// Decodes base64 and parses.
    package static func parse(
        base64: String, negotiated: NTLMNegotiateFlags? = nil
    ) throws(NTLMParseError) -> NTLMMessage {
        guard let bytes = Base64.decode(base64) else { throw NTLMParseError(reason: "NTLM token is not valid base64") }
        return try parse(bytes, negotiated: negotiated)
    }

    /// Reads a (Len, MaxLen, Offset) field descriptor at `position` and returns the payload it points to.
    static func field(_ bytes: [UInt8], at position: Int, name: String) throws(NTLMParseError) -> [UInt8] {
        var reader = ByteReader(bytes, offset: position)
        guard let length = reader.readUInt16LE(), reader.readUInt16LE() != nil, let offset = reader.readUInt32LE()
        else { throw NTLMParseError(reason: "truncated \(name) field") }
        if length == 0 { return [] }
        guard let payload = ByteReader.slice(bytes, offset: Int(offset), length: Int(length)) else {
            throw NTLMParseError(reason: "\(name) (offset \(offset), length \(length)) lies beyond the message")
        }
        return payload
    }

    static func text(_ raw: [UInt8], unicode: Bool, name: String) throws(NTLMParseError) -> String {
        guard unicode else { return NTLMStrings.decodeOEM(raw) }
        guard raw.count % 2 == 0 else { throw NTLMParseError(reason: "\(name) has an odd UTF-16 length") }
        return NTLMStrings.decodeUTF16LE(raw)
    }

    private static func parseNegotiate(_ bytes: [UInt8]) throws(NTLMParseError) -> NTLMNegotiateMessage {
        var reader = ByteReader(bytes, offset: 12)
        guard let raw = reader.readUInt32LE() else { throw NTLMParseError(reason: "truncated NTLM type 1") }
        let flags = NTLMNegotiateFlags(rawValue: raw)
        var message = NTLMNegotiateMessage(flags: flags)
        if bytes.count >= 32 {
            if flags.contains(.oemDomainSupplied) {
                message.domain = NTLMStrings.decodeOEM(try field(bytes, at: 16, name: "type 1 domain"))
            }
            if flags.contains(.oemWorkstationSupplied) {
                message.workstation = NTLMStrings.decodeOEM(try field(bytes, at: 24, name: "type 1 workstation"))
            }
        }
        return message
    }

    private static func parseChallenge(_ bytes: [UInt8]) throws(NTLMParseError) -> NTLMChallengeMessage {
        guard bytes.count >= 32 else { throw NTLMParseError(reason: "NTLM type 2 shorter than 32 bytes") }
        var reader = ByteReader(bytes, offset: 20)
        guard let raw = reader.readUInt32LE(), let challenge = reader.readBytes(8) else {
            throw NTLMParseError(reason: "truncated NTLM type 2")
        }
        let flags = NTLMNegotiateFlags(rawValue: raw)
        let name = try text(
            field(bytes, at: 12, name: "target name"), unicode: flags.contains(.unicode), name: "target name")
        var info: [NTLMAVPair] = []
        if bytes.count >= 48 {
            let rawInfo = try field(bytes, at: 40, name: "target info")
            if !rawInfo.isEmpty { info = try NTLMAVPair.parse(rawInfo) }
        }
        return NTLMChallengeMessage(flags: flags, targetName: name, serverChallenge: challenge, targetInfo: info)
    }

    private static func parseAuthenticate(
        _ bytes: [UInt8], negotiated: NTLMNegotiateFlags?
    ) throws(NTLMParseError) -> NTLMAuthenticateMessage {
        guard bytes.count >= 64 else { throw NTLMParseError(reason: "NTLM type 3 shorter than 64 bytes") }
        var reader = ByteReader(bytes, offset: 60)
        guard let raw = reader.readUInt32LE() else { throw NTLMParseError(reason: "truncated NTLM type 3") }
        let flags = NTLMNegotiateFlags(rawValue: raw)
        let unicode = (negotiated ?? flags).contains(.unicode)
        return NTLMAuthenticateMessage(
            lmChallengeResponse: try field(bytes, at: 12, name: "LmChallengeResponse"),
            ntChallengeResponse: try field(bytes, at: 20, name: "NtChallengeResponse"),
            domain: try text(field(bytes, at: 28, name: "domain"), unicode: unicode, name: "domain"),
            user: try text(field(bytes, at: 36, name: "user name"), unicode: unicode, name: "user name"),
            workstation: try text(field(bytes, at: 44, name: "workstation"), unicode: unicode, name: "workstation"),
            encryptedRandomSessionKey: try field(bytes, at: 52, name: "EncryptedRandomSessionKey"),
            flags: flags)
    }
}
