import MockAuthVocabulary

/// Parses `WWW-Authenticate`/`Authorization` values per RFC 9110 §11: several challenges in one line,
/// token68 forms, quoted-strings with escapes, case-insensitive scheme and parameter names.
///
/// It never traps: any input either parses or throws ``AuthParseError``.
package enum AuthParameterParser {
    /// The most auth-params one challenge or credentials item may carry (Digest, the richest scheme,
    /// uses about a dozen); beyond it the value is refused, so a hostile header costs little.
    package static let maximumParameters = 64
    /// The most challenges or credentials items one header value may carry.
    package static let maximumItems = 64

    /// Parses a challenge list such as `Basic realm="a", Digest realm="b", nonce="x", qop="auth,auth-int"`.
    package static func parseChallenges(_ headerValue: String) throws(AuthParseError) -> [AuthChallenge] {
        var scanner = AuthHeaderScanner(Array(headerValue.utf8))
        var challenges: [AuthChallenge] = []
        scanner.skipListSeparators()
        while !scanner.isAtEnd {
            guard challenges.count < maximumItems else {
                throw AuthParseError(
                    reason: "more than \(maximumItems) challenges or credentials in one header value", offset: 0)
            }
            challenges.append(try scanner.parseChallenge())
            scanner.skipListSeparators()
        }
        return challenges
    }

    /// Parses one `Authorization` value, e.g. `Basic dGVzdDoxMjPCow==` or `Digest username="Mufasa", …`.
    package static func parseCredentials(_ headerValue: String) throws(AuthParseError) -> AuthCredentialsValue {
        let items = try parseChallenges(headerValue)
        guard let first = items.first else {
            throw AuthParseError(reason: "empty credentials", offset: 0)
        }
        guard items.count == 1 else {
            throw AuthParseError(reason: "more than one credentials item in one value", offset: 0)
        }
        return first
    }
}

/// A cursor over header bytes implementing the RFC 9110 §11 grammar.
struct AuthHeaderScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index >= bytes.count }
    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func error(_ reason: String) -> AuthParseError {
        AuthParseError(reason: reason, offset: index)
    }

    /// About how many list elements the whole value holds: its commas plus one (a comma inside a
    /// quoted string counts too). One branch-free pass the compiler vectorizes, for a message that
    /// says how many parameters a client sent.
    private func listElementCount() -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var commas = 0
            for byte in buffer { commas &+= byte == UInt8(ascii: ",") ? 1 : 0 }
            return commas + 1
        }
    }

    /// Skips spaces, tabs and empty list elements.
    mutating func skipListSeparators() {
        while let byte = current, byte == UInt8(ascii: ",") || Self.isWhitespace(byte) { index += 1 }
    }

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = index
        while let byte = current, Self.isWhitespace(byte) { index += 1 }
        return index > start
    }

    private mutating func readToken() -> String? {
        let start = index
        while let byte = current, Self.isTokenCharacter(byte) { index += 1 }
        guard index > start else { return nil }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    mutating func parseChallenge() throws(AuthParseError) -> AuthChallenge {
        guard let scheme = readToken() else { throw error("expected an auth-scheme token") }
        var challenge = AuthChallenge(scheme: scheme)
        let hadSpace = skipWhitespace()
        if isAtEnd || current == UInt8(ascii: ",") { return challenge }
        guard hadSpace else { throw error("expected a space after auth-scheme \(scheme)") }
        if let token68 = tryToken68() {
            challenge.token68 = token68
            return challenge
        }
        try parseParameters(into: &challenge)
        return challenge
    }

    /// Reads `1*tchar68 *"="` when it is followed by the end of the item; otherwise leaves the cursor alone.
    private mutating func tryToken68() -> String? {
        let start = index
        while let byte = current, Self.isToken68Character(byte) { index += 1 }
        guard index > start else { return nil }
        while current == UInt8(ascii: "=") { index += 1 }
        let end = index
        skipWhitespace()
        if isAtEnd || current == UInt8(ascii: ",") {
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
        index = start
        return nil
    }

    private mutating func parseParameters(into challenge: inout AuthChallenge) throws(AuthParseError) {
        // Names seen so far, lower-cased: the duplicate check is one set lookup, so a value with many
        // parameters costs linear time (and there are at most `maximumParameters` of them).
        var seen = Set<String>()
        while !isAtEnd {
            let itemStart = index
            guard let name = readToken() else { throw error("expected an auth-param name") }
            skipWhitespace()
            guard current == UInt8(ascii: "=") else {
                if challenge.parameters.isEmpty { throw error("expected '=' after parameter \(name)") }
                index = itemStart  // the next challenge starts here
                return
            }
            index += 1
            skipWhitespace()
            let parameter: AuthParameter
            if current == UInt8(ascii: "\"") {
                parameter = AuthParameter(name: name, value: try readQuotedString(), isQuoted: true)
            } else if let token = readToken() {
                parameter = AuthParameter(name: name, value: token, isQuoted: false)
            } else {
                throw error("expected a token or quoted-string value for parameter \(name)")
            }
            guard seen.insert(name.lowercased()).inserted else { throw error("duplicate parameter \(name)") }
            guard seen.count <= AuthParameterParser.maximumParameters else {
                throw error(
                    "about \(listElementCount()) auth parameters, more than the \(AuthParameterParser.maximumParameters) a server reads"
                )
            }
            challenge.parameters.append(parameter)
            skipWhitespace()
            if isAtEnd { return }
            guard current == UInt8(ascii: ",") else { throw error("expected ',' after parameter \(name)") }
            skipListSeparators()
        }
    }

    private mutating func readQuotedString() throws(AuthParseError) -> String {
        index += 1  // opening quote
        var value: [UInt8] = []
        while let byte = current {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return Self.decodeText(value)
            case UInt8(ascii: "\\"):
                guard let escaped = current, Self.isQuotedStringCharacter(escaped) else {
                    throw error("invalid quoted-pair")
                }
                value.append(escaped)
                index += 1
            default:
                guard Self.isQuotedStringCharacter(byte) else {
                    throw error("control character in quoted-string")
                }
                value.append(byte)
            }
        }
        throw error("unterminated quoted-string")
    }

    /// UTF-8 when valid, else ISO-8859-1 (obs-text).
    static func decodeText(_ bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    static func isTokenCharacter(_ byte: UInt8) -> Bool { HTTPFieldSyntax.isTokenCharacter(byte) }

    static func isToken68Character(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~+/".utf8.contains(byte)
        }
    }

    /// HTAB, SP, VCHAR and obs-text: what qdtext and quoted-pair allow (`"` and `\` are handled by the caller).
    static func isQuotedStringCharacter(_ byte: UInt8) -> Bool {
        byte == 0x09 || (byte >= 0x20 && byte != 0x7F)
    }
}
