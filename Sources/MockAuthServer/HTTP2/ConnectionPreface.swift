import NIOCore

/// The protocol a connection of an HTTP/2-capable server speaks.
enum ServedProtocol: Sendable, Equatable {
    /// HTTP/1.x: one request after another on the connection.
    case http1
    /// HTTP/2: requests on multiplexed streams.
    case http2

    /// The protocol ALPN chose: `h2` is HTTP/2; `http/1.1`, anything else or nothing is HTTP/1.1.
    init(alpn negotiated: String?) {
        self = negotiated == "h2" ? .http2 : .http1
    }
}

/// The HTTP/2 client connection preface (RFC 9113 §3.4): what a client with prior knowledge sends
/// first on a cleartext connection.
enum ConnectionPreface {
    /// `PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n`.
    static let bytes: [UInt8] = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)

    /// What the first bytes of a cleartext connection say: HTTP/2 once they hold the whole preface,
    /// HTTP/1 as soon as they differ from it, `nil` while they are still a beginning of it.
    static func classify(_ buffer: ByteBuffer) -> ServedProtocol? {
        let count = min(buffer.readableBytes, bytes.count)
        guard let start = buffer.getBytes(at: buffer.readerIndex, length: count) else { return nil }
        guard start == Array(bytes.prefix(count)) else { return .http1 }
        return count == bytes.count ? .http2 : nil
    }
}
