/// The user-id and password decoded from `Basic <base64(user-id:password)>` (RFC 7617 §2).
package struct BasicCredentials: Sendable, Equatable {
    /// The user-id (everything before the first `:`).
    package var userID: String
    /// The password (everything after the first `:`; may itself contain `:`).
    package var password: String
    /// `true` when the decoded bytes were valid UTF-8; otherwise they were read as ISO-8859-1.
    package var wasUTF8: Bool

    /// Creates credentials.
    package init(userID: String, password: String, wasUTF8: Bool = true) {
        self.userID = userID
        self.password = password
        self.wasUTF8 = wasUTF8
    }

    /// Parses the token68 of a `Basic` credentials value; returns a reason in words when it is malformed.
    package static func parse(token68: String) -> Result<BasicCredentials, BasicParseError> {
        guard let decoded = Base64.decode(token68) else {
            return .failure(BasicParseError(reason: "Basic credentials are not valid base64"))
        }
        guard let colon = decoded.firstIndex(of: UInt8(ascii: ":")) else {
            return .failure(BasicParseError(reason: "Basic credentials have no ':' between user-id and password"))
        }
        let userBytes = Array(decoded[..<colon])
        let passwordBytes = Array(decoded[decoded.index(after: colon)...])
        let isUTF8 = String(validating: decoded, as: UTF8.self) != nil
        if userBytes.contains(where: { $0 < 0x20 || $0 == 0x7F })
            || passwordBytes.contains(where: { $0 < 0x20 || $0 == 0x7F })
        {
            return .failure(BasicParseError(reason: "Basic credentials contain control characters"))
        }
        return .success(
            BasicCredentials(
                userID: AuthHeaderScanner.decodeText(userBytes),
                password: AuthHeaderScanner.decodeText(passwordBytes),
                wasUTF8: isUTF8
            )
        )
    }

    /// The token68 a client would send: `base64(UTF-8(user-id ":" password))`.
    package var token68: String {
        Base64.encode(Array("\(userID):\(password)".utf8))
    }
}

/// Why Basic credentials could not be decoded.
package struct BasicParseError: Error, Sendable, Equatable {
    /// What was wrong, in words.
    package var reason: String
}
