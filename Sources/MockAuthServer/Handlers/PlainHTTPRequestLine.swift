import MockAuthVocabulary

/// Recognizes an HTTP/1 request line (`GET /next HTTP/1.1`) arriving where a TLS handshake was
/// expected: a client given an `http://` URL for a TLS port (one that ignored a host's
/// Strict-Transport-Security, say) sends its request in plain text there. A TLS record opens with
/// a content type byte (22 for a ClientHello) and an SSLv2 hello with a byte of 128 or more,
/// neither of which is a token character, so a handshake is told apart at its first byte.
struct PlainHTTPRequestLine {
    /// Stop looking after this many bytes without a line end (the servers' own line limit).
    static let byteLimit = RequestHeadLimits.maximumFieldLineBytes
    /// The longest method kept: a request line's method is a token of any length.
    static let methodLimit = 32

    private var line: [UInt8] = []
    /// Whether the first line has been judged (or the bytes were a handshake).
    private(set) var isDone = false

    /// The longest target kept (longer ones end in `…`).
    static let targetLimit = 120

    /// Reads the connection's next bytes; returns the request line's method once the first line
    /// is complete and is one: `METHOD SP target SP HTTP/d.d`.
    mutating func scan(_ bytes: some Sequence<UInt8>) -> String? {
        scanRequest(bytes)?.method
    }

    /// ``scan(_:)``, returning the request line's target as well (at most ``targetLimit``
    /// characters of it).
    mutating func scanRequest(_ bytes: some Sequence<UInt8>) -> (method: String, target: String)? {
        guard !isDone else { return nil }
        for byte in bytes {
            if line.isEmpty, !HTTPFieldSyntax.isTokenCharacter(byte) {
                isDone = true
                return nil
            }
            if byte == UInt8(ascii: "\n") {
                isDone = true
                return Self.request(ofLine: line)
            }
            line.append(byte)
            if line.count > Self.byteLimit {
                isDone = true
                return nil
            }
        }
        return nil
    }

    /// The method of `line` (without its line end) when it is a request line, else `nil`.
    static func method(ofLine line: [UInt8]) -> String? {
        request(ofLine: line)?.method
    }

    /// The method and target of `line` (without its line end) when it is a request line, else `nil`.
    static func request(ofLine line: [UInt8]) -> (method: String, target: String)? {
        var text = line
        if text.last == UInt8(ascii: "\r") { text.removeLast() }
        let parts = text.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, let method = parts.first, let target = parts.dropFirst().first,
            let version = parts.last
        else { return nil }
        guard !method.isEmpty, method.allSatisfy(HTTPFieldSyntax.isTokenCharacter),
            !target.isEmpty, target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
            isVersion(Array(version))
        else { return nil }
        let shown = String(decoding: target.prefix(targetLimit), as: UTF8.self)
        return (
            String(decoding: method.prefix(methodLimit), as: UTF8.self),
            target.count > targetLimit ? shown + "…" : shown
        )
    }

    /// `HTTP/` followed by a digit, a dot and a digit.
    private static func isVersion(_ bytes: [UInt8]) -> Bool {
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        return bytes.count == 8 && bytes.starts(with: Array("HTTP/".utf8)) && isDigit(bytes[5])
            && bytes[6] == UInt8(ascii: ".") && isDigit(bytes[7])
    }
}
