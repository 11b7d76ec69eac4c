import NIOHTTP1

/// What an origin connection of a forwarded request reports to the client connection's handler.
enum OriginEvent: Sendable {
    /// A part of the origin's response.
    case response(HTTPClientResponsePart)
    /// The origin connection closed.
    case closed
}
