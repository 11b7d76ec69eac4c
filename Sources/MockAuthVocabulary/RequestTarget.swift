/// The request-target of an HTTP/1.1 request line (RFC 9112 §3.2), as far as a server that is not
/// a proxy needs it: which resource it names.
///
/// An origin server gets the origin-form (`/path?query`) from nearly every client, but "MUST
/// accept the absolute-form" (`http://host:port/path?query`, RFC 9112 §3.2.2), which some clients
/// send to an origin too (PHP's stream wrapper with `request_fulluri` through a tunnel). Routing,
/// the transcript's paths and Digest's `uri` comparison all read a target through this one type, so
/// that both forms of one request name the same resource everywhere.
package enum RequestTarget {
    /// The origin-form of an absolute-form `target` (`/path?query`, `/` for an empty path; the
    /// fragment, which no request should carry, left out), or `nil` when `target` is not in
    /// absolute-form: a scheme (a letter, then letters, digits, `+`, `-` or `.`) followed by `://`.
    /// So `/next?to=http://elsewhere/` stays an origin-form target.
    package static func originForm(ofAbsolute target: String) -> String? {
        let bytes = target.utf8
        guard let first = bytes.first, isLetter(first) else { return nil }
        var index = bytes.index(after: bytes.startIndex)
        while index != bytes.endIndex, isSchemeCharacter(bytes[index]) { index = bytes.index(after: index) }
        let rest = target[index...]
        guard rest.hasPrefix("://") else { return nil }
        let authority = rest.dropFirst(3)
        guard let end = authority.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) else { return "/" }
        var origin = authority[end...]
        if let fragment = origin.firstIndex(of: "#") { origin = origin[..<fragment] }
        return origin.hasPrefix("/") ? String(origin) : "/" + origin
    }

    /// The path `target` names, without its query: the target's own up to `?`, or that of its
    /// origin-form when it is in absolute-form (`http://host/a/b?c` → `/a/b`).
    package static func path(of target: String) -> String {
        let origin = originForm(ofAbsolute: target) ?? target
        guard let query = origin.utf8.firstIndex(of: UInt8(ascii: "?")) else { return origin }
        return String(origin[..<query])
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isSchemeCharacter(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
