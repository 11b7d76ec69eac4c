/// The cookie grammar of RFC 6265bis: the names in a client's `Cookie` field (the judge names one
/// cookie with them), and the name a `Set-Cookie` value sets (the loader checks a route's cookies).
package enum CookieSyntax {
    /// The names of the cookies in one `Cookie` field value, in order (RFC 6265bis §4.2.1:
    /// `cookie-pair *( ";" SP cookie-pair )`), read leniently as servers do: pairs split at `;`,
    /// whitespace around them ignored, the name everything before the first `=`. A pair without
    /// `=` is a cookie with an empty name (§5.6, as browsers send a nameless cookie); empty pairs
    /// are skipped. Linear in the value, which the request-head limits already bound (8,190 bytes
    /// a field line).
    package static func names(inCookieField value: String) -> [String] {
        value.utf8.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: true).compactMap { pair in
            let trimmed = trimmingWhitespace(pair)
            guard !trimmed.isEmpty else { return nil }
            guard let equals = trimmed.firstIndex(of: UInt8(ascii: "=")) else { return "" }
            return String(decoding: trimmingWhitespace(trimmed[..<equals]), as: UTF8.self)
        }
    }

    /// The name a `Set-Cookie` value sets, if its cookie-pair (before the first `;`) is `name=value`
    /// with a token for a name (RFC 6265bis §4.1.1); `nil` otherwise.
    package static func name(ofSetCookie value: String) -> String? {
        let utf8 = value.utf8
        let pair = utf8[..<(utf8.firstIndex(of: UInt8(ascii: ";")) ?? utf8.endIndex)]
        guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { return nil }
        let name = String(decoding: trimmingWhitespace(pair[..<equals]), as: UTF8.self)
        return HTTPFieldSyntax.isToken(name) ? name : nil
    }

    /// `bytes` without spaces and tabs at either end.
    private static func trimmingWhitespace(_ bytes: Substring.UTF8View) -> Substring.UTF8View {
        var bytes = bytes
        while let first = bytes.first, first == 0x20 || first == 0x09 { bytes = bytes.dropFirst() }
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes = bytes.dropLast() }
        return bytes
    }
}
