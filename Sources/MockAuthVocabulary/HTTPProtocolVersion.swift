/// The HTTP version a request arrived over, as transcripts record it and rules name it.
///
/// The raw value is the name scenario files and transcripts use (`HTTP/1.1`, `HTTP/2`).
public enum HTTPProtocolVersion: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// HTTP/1.0 (RFC 1945): one request per connection unless the client asks to keep it.
    case http1_0 = "HTTP/1.0"
    /// HTTP/1.1 (RFC 9112).
    case http1_1 = "HTTP/1.1"
    /// HTTP/2 (RFC 9113): over TLS with ALPN `h2`, or in cleartext with prior knowledge.
    case http2 = "HTTP/2"

    /// The version of a request line or stream: `major`.`minor` as the parser read it; `nil` for
    /// any other (HTTP/0.9, HTTP/3 are never served here).
    package init?(major: Int, minor: Int) {
        switch (major, minor) {
        case (1, 0): self = .http1_0
        case (1, 1): self = .http1_1
        case (2, _): self = .http2
        default: return nil
        }
    }

    /// Whether the version multiplexes requests as streams over one connection (HTTP/2): then a
    /// connection is not one client's conversation, and connection-based authentication cannot work.
    package var multiplexes: Bool {
        switch self {
        case .http2: true
        case .http1_0, .http1_1: false
        }
    }

    public var description: String { rawValue }
}
