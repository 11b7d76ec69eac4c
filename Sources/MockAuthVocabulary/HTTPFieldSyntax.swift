/// The RFC 9110 grammar of header field names and values, shared by the auth-parameter parser, the
/// scenario loader and the judge.
package enum HTTPFieldSyntax {
    /// `tchar`: the characters of a token (RFC 9110 §5.6.2), such as a field name or an auth-scheme.
    package static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// Whether `text` is a token: one or more `tchar`.
    package static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isTokenCharacter)
    }

    /// Whether `text` may be sent as a field value: visible characters, spaces, tabs and obs-text,
    /// with no CR, LF, NUL or other control character (a CR or LF would start another header line),
    /// and no whitespace at either end (RFC 9110 §5.5).
    package static func isFieldValue(_ text: String) -> Bool {
        let bytes = text.utf8
        guard bytes.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else { return false }
        guard let first = bytes.first, let last = bytes.last else { return true }
        return first != 0x20 && first != 0x09 && last != 0x20 && last != 0x09
    }
}
