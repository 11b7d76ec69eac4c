import Foundation

/// Just enough NTLM to move a server's handshake state: a type 1, and a type 3 for a user name
/// (with empty responses: the server refuses it, saying why).
enum NTLMMessages {
    /// `NTLM <type 1>`: Unicode, NTLM, request target, always sign, extended session security.
    static let negotiate: String = {
        var bytes = Array("NTLMSSP\0".utf8)
        bytes += littleEndian(UInt32(1))
        bytes += littleEndian(UInt32(0x0008_8205))
        return "NTLM " + Data(bytes).base64EncodedString()
    }()

    /// `NTLM <type 3>` naming `user`, with no domain, workstation or responses.
    static func authenticate(user: String) -> String {
        let name = user.utf16.flatMap { littleEndian($0) }
        let headerLength = 64
        var bytes = Array("NTLMSSP\0".utf8)
        bytes += littleEndian(UInt32(3))
        // LmChallengeResponse, NtChallengeResponse, domain: empty.
        for _ in 0..<3 { bytes += field(length: 0, offset: headerLength) }
        bytes += field(length: name.count, offset: headerLength)
        // Workstation, EncryptedRandomSessionKey: empty.
        for _ in 0..<2 { bytes += field(length: 0, offset: headerLength + name.count) }
        bytes += littleEndian(UInt32(0x0008_8205))
        return "NTLM " + Data(bytes + name).base64EncodedString()
    }

    private static func field(length: Int, offset: Int) -> [UInt8] {
        littleEndian(UInt16(length)) + littleEndian(UInt16(length)) + littleEndian(UInt32(offset))
    }

    private static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian, Array.init)
    }
}
