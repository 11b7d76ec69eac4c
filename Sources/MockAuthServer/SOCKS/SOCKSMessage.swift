/// The three messages a SOCKS5 client sends before its tunnel is up, in order: the greeting
/// (RFC 1928 §3), RFC 1929's username/password step when the proxy chose it, and the request
/// (RFC 1928 §4). Each says how long it is in its first bytes, so the proxy can tell where one
/// ends and the next begins when a client sends them without waiting for the answers.
enum SOCKSMessage: Equatable, Sendable {
    case greeting
    case usernamePasswordStep
    case request

    /// The longest greeting: version, method count, 255 methods.
    static let longestGreeting = 2 + 255
    /// The longest request: version, command, reserved byte, address type, a 255-byte name with
    /// its length byte, the port.
    static let longestRequest = 4 + 1 + 255 + 2

    /// The longest message of this kind.
    var longest: Int {
        switch self {
        case .greeting: Self.longestGreeting
        case .usernamePasswordStep: SOCKSUsernamePassword.maximumLength
        case .request: Self.longestRequest
        }
    }

    /// How many bytes the message that starts `bytes` has, or `nil` when that cannot be told yet
    /// (every byte so far belongs to it) or ever (a request with an address type RFC 1928 does not
    /// have, which the parser refuses). A length is read whatever the version byte says: the
    /// parser refuses a wrong version as soon as it sees it.
    func length<Bytes: RandomAccessCollection>(in bytes: Bytes) -> Int?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        func byte(_ offset: Int) -> Int? {
            offset < bytes.count ? Int(bytes[bytes.startIndex + offset]) : nil
        }
        switch self {
        case .greeting:
            // VER NMETHODS METHODS
            return byte(1).map { 2 + $0 }
        case .usernamePasswordStep:
            // VER ULEN UNAME PLEN PASSWD
            guard let usernameLength = byte(1), let passwordLength = byte(2 + usernameLength) else { return nil }
            return 3 + usernameLength + passwordLength
        case .request:
            // VER CMD RSV ATYP DST.ADDR DST.PORT
            switch byte(3) {
            case 0x01: return 4 + 4 + 2
            case 0x04: return 4 + 16 + 2
            case 0x03: return byte(4).map { 4 + 1 + $0 + 2 }
            default: return nil
            }
        }
    }
}
