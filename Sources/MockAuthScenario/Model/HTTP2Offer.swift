/// Whether an origin speaks HTTP/2, and beside what (a server's `http2:`).
package enum HTTP2Offer: Sendable, Equatable {
    /// HTTP/1.1 alone (`http2: false`, the default).
    case no
    /// HTTP/2 as well as HTTP/1.1 (`http2: true`): over TLS the server offers ALPN `h2` and
    /// `http/1.1` and serves whichever the client picks; in plain HTTP it serves HTTP/1.1, and
    /// HTTP/2 with prior knowledge (a connection that opens with the HTTP/2 preface).
    case besideHTTP1
    /// HTTP/2 alone (`http2: only`, over TLS only), as gRPC servers and HTTP/2-only front ends
    /// speak: ALPN offers `h2` and nothing else, and a connection whose handshake did not choose it
    /// is closed after the handshake, unanswered.
    case only

    /// Whether the server speaks HTTP/2 at all.
    package var offersHTTP2: Bool {
        switch self {
        case .no: false
        case .besideHTTP1, .only: true
        }
    }

    /// The protocols the server offers by ALPN, most preferred first; empty when it offers none
    /// (an HTTP/1.1-only server leaves ALPN out).
    package var applicationProtocols: [String] {
        switch self {
        case .no: []
        case .besideHTTP1: ["h2", "http/1.1"]
        case .only: ["h2"]
        }
    }
}
