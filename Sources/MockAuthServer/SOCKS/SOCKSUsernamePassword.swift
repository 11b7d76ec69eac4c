/// The client's request of RFC 1929's username/password step, which NIOSOCKS hands on unparsed:
///
/// ```
/// +-----+------+----------+------+----------+
/// | VER | ULEN |  UNAME   | PLEN |  PASSWD  |
/// |  1  |  1   | 1 to 255 |  1   | 1 to 255 |
/// +-----+------+----------+------+----------+
/// ```
///
/// `VER` is 1. Read strictly: another version, a length of zero or bytes after the password are
/// malformed. The proxy hands it the step's bytes only (``SOCKSPipeliningHandler`` holds a CONNECT
/// sent behind it until status 0 is written), so bytes after the password do not reach it from a
/// client. The whole request is at most ``maximumLength`` bytes, so a proxy never holds more than that.
struct SOCKSUsernamePassword: Equatable {
    /// The username's bytes, as sent.
    var username: [UInt8]
    /// The password's bytes, as sent.
    var password: [UInt8]

    /// The longest request: 1 + 1 + 255 + 1 + 255 bytes.
    static let maximumLength = 513
    /// The version of the step (RFC 1929 §2).
    static let version: UInt8 = 0x01

    /// What a prefix of the client's bytes holds.
    enum Parse: Equatable {
        /// More bytes are needed.
        case incomplete
        /// Not an RFC 1929 request; the words say why, and the username is given when it could
        /// be read (an empty password, bytes after the password).
        case malformed(String, username: [UInt8]? = nil)
        /// A whole request, and nothing after it.
        case complete(SOCKSUsernamePassword)
    }

    /// Parses `bytes`, everything the client has sent since the method was chosen.
    static func parse(_ bytes: [UInt8]) -> Parse {
        guard let version = bytes.first else { return .incomplete }
        guard version == Self.version else { return .malformed("version \(version), not 1") }
        guard bytes.count >= 2 else { return .incomplete }
        let usernameLength = Int(bytes[1])
        guard usernameLength > 0 else { return .malformed("an empty username") }
        let passwordLengthAt = 2 + usernameLength
        guard bytes.count > passwordLengthAt else { return .incomplete }
        let passwordLength = Int(bytes[passwordLengthAt])
        let username = Array(bytes[2..<passwordLengthAt])
        guard passwordLength > 0 else {
            // RFC 1929 gives PLEN 1 to 255: a client with no password to give (the JDK sends the
            // user's login name and a zero length) has not given one.
            return .malformed("an empty password, where RFC 1929 wants 1 to 255 bytes", username: username)
        }
        let end = passwordLengthAt + 1 + passwordLength
        guard bytes.count >= end else { return .incomplete }
        guard bytes.count == end else {
            let extra = bytes.count - end
            return .malformed("\(extra) byte\(extra == 1 ? "" : "s") after the password", username: username)
        }
        return .complete(
            SOCKSUsernamePassword(username: username, password: Array(bytes[(passwordLengthAt + 1)..<end])))
    }

    /// The proxy's answer: version 1, then 0 for success or 1 for failure.
    static func answer(accepted: Bool) -> [UInt8] { [Self.version, accepted ? 0x00 : 0x01] }
}
