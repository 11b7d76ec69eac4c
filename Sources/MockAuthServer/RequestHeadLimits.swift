import MockAuthTranscript
import NIOHTTP1

/// The most any listener accepts in one request head: a client over them gets
/// `431 Request Header Fields Too Large`, worded as its listener words refusals, the refusal in the
/// transcript, and its connection closed (``RequestHeadLimitHandler``).
enum RequestHeadLimits {
    /// Header fields in one request (Apache httpd's `LimitRequestFields` default).
    static let maximumFieldCount = 100
    /// Bytes in one field line, `name: value` (Apache httpd's `LimitRequestFieldSize` default).
    /// `Authorization` and `Proxy-Authorization` are exempt: a Negotiate token with a Kerberos PAC
    /// is legitimately tens of kilobytes. Their bound is ``maximumHeadBytes`` and their schemes' own
    /// parsers (at most 64 auth parameters; NTLM and SPNEGO blobs read within their lengths), whose
    /// refusal the transcript records in the request's `auth`.
    static let maximumFieldLineBytes = 8_190
    /// Bytes in the whole head, counted as NIO's parser counts them: the request-target and every
    /// field's name and value (not the method, the version, the `: ` and line ends). 80 KiB.
    ///
    /// The parser is given this very limit (``decoderLimits``), so a head over it is refused while it
    /// is being read, before the parser holds more of it; its `headerOverflow` is then answered as
    /// this limit (``RequestHeadLimitHandler``), never as a malformed request.
    static let maximumHeadBytes = 80 * 1024

    /// NIO's parser held to ``maximumHeadBytes`` and nothing else: a single field over it is a head
    /// over it, and a head of more fields than it has bytes has more bytes of names than that, so
    /// every `headerOverflow` it reports is this limit passed. (The field count and line length are
    /// checked on the complete head, where the refusal can say by how much.)
    static let decoderLimits: NIOHTTPDecoderLimitConfiguration = {
        var limits = NIOHTTPDecoderLimitConfiguration()
        limits.maxHeaderListSize = maximumHeadBytes
        limits.maxHeaderFieldSize = maximumHeadBytes
        limits.maxHeaderFieldCount = maximumHeadBytes
        return limits
    }()

    /// A forward proxy's request decoder, held to ``decoderLimits``: it hands on the bytes it holds
    /// when it is removed (what follows a CONNECT head goes to the tunnel).
    static func forwardProxyDecoder() -> HTTPRequestDecoder {
        HTTPRequestDecoder(leftOverBytesStrategy: .forwardBytes, limitConfiguration: decoderLimits)
    }

    /// The refusal of a head the parser stopped reading at ``maximumHeadBytes``.
    static let headTooLarge = RequestRefusal(limit: .headSize, actual: maximumHeadBytes + 1, allowed: maximumHeadBytes)

    /// Why `head` is refused, or `nil` when it is within the limits. Linear in the head's size.
    static func refusal(of head: HTTPRequestHead) -> RequestRefusal? {
        var count = 0
        var longest = 0
        var total = head.uri.utf8.count
        for (name, value) in head.headers {
            count += 1
            let line = name.utf8.count + 2 + value.utf8.count
            total += line - 2
            // Credentials have no line limit: a line is looked at as such only when it is over it.
            if line > longest, line <= maximumFieldLineBytes || !isCredentials(name) { longest = line }
        }
        if count > maximumFieldCount {
            return RequestRefusal(limit: .headerCount, actual: count, allowed: maximumFieldCount)
        }
        if longest > maximumFieldLineBytes {
            return RequestRefusal(limit: .headerLine, actual: longest, allowed: maximumFieldLineBytes)
        }
        // Reached on an HTTP/2 stream, whose head no HTTP/1.1 parser measured.
        if total > maximumHeadBytes {
            return RequestRefusal(limit: .headSize, actual: total, allowed: maximumHeadBytes)
        }
        return nil
    }

    /// Whether `name` is `Authorization` or `Proxy-Authorization`, in any case, without allocating.
    private static func isCredentials(_ name: String) -> Bool {
        // The length first: most names are neither, and it costs nothing to tell.
        switch name.utf8.count {
        case 13: asciiEqualIgnoringCase(name, "authorization")
        case 19: asciiEqualIgnoringCase(name, "proxy-authorization")
        default: false
        }
    }

    private static func asciiEqualIgnoringCase(_ name: String, _ lowercase: StaticString) -> Bool {
        lowercase.withUTF8Buffer { expected in
            var iterator = name.utf8.makeIterator()
            for byte in expected {
                guard let actual = iterator.next(), actual | 0x20 == byte else { return false }
            }
            return iterator.next() == nil
        }
    }
}
