import MockAuthTranscript
import NIOHTTP1

/// The most a scenario server accepts in one request head, on top of NIO's parser (which refuses a
/// head over 80 KiB with 400): a client over them gets `431 Request Header Fields Too Large`, the
/// refusal in the transcript, and its connection closed.
enum RequestHeadLimits {
    /// Header fields in one request (Apache httpd's `LimitRequestFields` default).
    static let maximumFieldCount = 100
    /// Bytes in one field line, `name: value` (Apache httpd's `LimitRequestFieldSize` default).
    /// `Authorization` and `Proxy-Authorization` are exempt: a Negotiate token with a Kerberos PAC
    /// is legitimately tens of kilobytes. Their bound is NIO's 80 KiB head and their schemes' own
    /// parsers (at most 64 auth parameters; NTLM and SPNEGO blobs read within their lengths), whose
    /// refusal the transcript records in the request's `auth`.
    static let maximumFieldLineBytes = 8_190

    /// Why `headers` are refused, or `nil` when they are within the limits. Linear in the head's size.
    static func refusal(of headers: HTTPHeaders) -> RequestRefusal? {
        var count = 0
        var longest = 0
        for (name, value) in headers {
            count += 1
            guard !isCredentials(name) else { continue }
            longest = max(longest, name.utf8.count + 2 + value.utf8.count)
        }
        if count > maximumFieldCount {
            return RequestRefusal(limit: .headerCount, actual: count, allowed: maximumFieldCount)
        }
        if longest > maximumFieldLineBytes {
            return RequestRefusal(limit: .headerLine, actual: longest, allowed: maximumFieldLineBytes)
        }
        return nil
    }

    /// Whether `name` is `Authorization` or `Proxy-Authorization`, in any case, without allocating.
    private static func isCredentials(_ name: String) -> Bool {
        asciiEqualIgnoringCase(name, "authorization") || asciiEqualIgnoringCase(name, "proxy-authorization")
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
