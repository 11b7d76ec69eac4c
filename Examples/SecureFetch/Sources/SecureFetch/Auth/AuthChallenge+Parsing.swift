extension AuthChallenge {
    /// Every challenge in `fieldValues`: several `WWW-Authenticate` lines, each holding one or more
    /// comma-separated challenges (RFC 9110 section 11.6.1). Unreadable parts are skipped, never fatal.
    ///
    /// ```swift
    /// AuthChallenge.parse([#"Basic realm="a", Digest realm="b", nonce="n", qop="auth""#, "NTLM"])
    /// // Basic(realm a), Digest(realm b, nonce n, qop auth), NTLM
    /// ```
    static func parse(_ fieldValues: [String]) -> [AuthChallenge] {
        fieldValues.flatMap { value in
            var parser = ChallengeParser(value)
            return parser.challenges()
        }
    }
}

/// A cursor over one field value.
private struct ChallengeParser {
    private let bytes: [UInt8]
    private var index = 0

    init(_ value: String) {
        bytes = Array(value.utf8)
    }

    private var atEnd: Bool { index >= bytes.count }
    private var current: UInt8? { atEnd ? nil : bytes[index] }

    mutating func challenges() -> [AuthChallenge] {
        var challenges: [AuthChallenge] = []
        while true {
            skip(while: { $0 == .comma || $0.isWhitespace })
            if atEnd { break }
            guard let scheme = token() else {
                index += 1  // not a token character: skip it
                continue
            }
            var challenge = AuthChallenge(scheme: scheme)
            skip(while: \.isWhitespace)
            if let token68 = token68() {
                challenge.token68 = token68
            } else {
                challenge.parameters = parameters()
            }
            challenges.append(challenge)
        }
        return challenges
    }

    /// `name=value` pairs up to the next challenge (a token not followed by `=`) or the end.
    private mutating func parameters() -> [String: String] {
        var parameters: [String: String] = [:]
        while true {
            skip(while: { $0 == .comma || $0.isWhitespace })
            let start = index
            guard let name = token() else { break }
            skip(while: \.isWhitespace)
            guard current == .equals else {
                index = start  // a token without "=": the next challenge's scheme
                break
            }
            index += 1
            skip(while: \.isWhitespace)
            let value = current == .quote ? quotedString() : (token() ?? "")
            parameters[name.lowercased()] = value
        }
        return parameters
    }

    /// A token68 (`abc+/=`), when the challenge uses that form: it stands alone up to a comma or the end.
    private mutating func token68() -> String? {
        let start = index
        skip(while: \.isToken68)
        guard index > start else { return nil }
        skip(while: { $0 == .equals })
        let end = index
        skip(while: \.isWhitespace)
        guard atEnd || current == .comma else {
            index = start
            return nil
        }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private mutating func token() -> String? {
        let start = index
        skip(while: \.isTokenCharacter)
        guard index > start else { return nil }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// A quoted-string starting at `"`, with `\` escapes; an unterminated one runs to the end.
    private mutating func quotedString() -> String {
        index += 1
        var value: [UInt8] = []
        while let byte = current {
            index += 1
            if byte == .quote { break }
            if byte == .backslash, let escaped = current {
                value.append(escaped)
                index += 1
            } else {
                value.append(byte)
            }
        }
        return String(decoding: value, as: UTF8.self)
    }

    private mutating func skip(while predicate: (UInt8) -> Bool) {
        while let byte = current, predicate(byte) { index += 1 }
    }
}

extension UInt8 {
    fileprivate static let comma = UInt8(ascii: ",")
    fileprivate static let equals = UInt8(ascii: "=")
    fileprivate static let quote = UInt8(ascii: "\"")
    fileprivate static let backslash = UInt8(ascii: "\\")

    fileprivate var isWhitespace: Bool { self == UInt8(ascii: " ") || self == UInt8(ascii: "\t") }

    fileprivate var isAlphanumeric: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }

    /// RFC 9110 `tchar`.
    fileprivate var isTokenCharacter: Bool {
        isAlphanumeric || Array("!#$%&'*+-.^_`|~".utf8).contains(self)
    }

    /// RFC 9110 `token68` characters, without the trailing `=`.
    fileprivate var isToken68: Bool {
        isAlphanumeric || Array("-._~+/".utf8).contains(self)
    }
}
