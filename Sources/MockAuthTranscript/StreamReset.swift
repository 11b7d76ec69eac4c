/// Why the server reset a request's HTTP/2 stream instead of answering it (RFC 9113 §7). The raw
/// value is the error code's name, as transcripts record it.
public enum StreamReset: String, Sendable, Codable, Hashable, CaseIterable, CustomStringConvertible {
    /// `HTTP_1_1_REQUIRED` (0xd): the request needs HTTP/1.1. The server sends it when the request
    /// needs connection-based authentication (NTLM, Negotiate), which multiplexed streams cannot
    /// carry; a correct client retries the request over HTTP/1.1 on a new connection.
    case http11Required = "HTTP_1_1_REQUIRED"

    /// The error code on the wire.
    public var code: UInt32 {
        switch self {
        case .http11Required: 0xd
        }
    }

    /// Why the server sent it, in words a verdict can use.
    public var explanation: String {
        switch self {
        case .http11Required:
            "connection-based authentication (NTLM, Negotiate) cannot work over HTTP/2"
        }
    }

    public var description: String { rawValue }
}
