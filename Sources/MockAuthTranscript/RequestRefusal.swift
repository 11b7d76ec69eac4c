/// Why a server refused a request for its size before any route or authentication saw it: the
/// client sent more than a server accepts (answered `431` or `413`).
public struct RequestRefusal: Sendable, Codable, Hashable, CustomStringConvertible {
    /// The limit a request went over.
    public enum Limit: String, Sendable, Codable, Hashable, CaseIterable {
        /// Too many header fields.
        case headerCount = "header-count"
        /// One header field line too long.
        case headerLine = "header-line"
        /// The whole head too large: its request-target and header fields together.
        case headSize = "head-size"
        /// A body larger than the server reads.
        case body
    }

    public var limit: Limit
    /// What the client sent: header fields, bytes of the longest field line, or (for a head or a
    /// body) the bytes the server had read, or the body's declared length, when it stopped counting.
    public var actual: Int
    /// The most the server accepts.
    public var allowed: Int

    package init(limit: Limit, actual: Int, allowed: Int) {
        self.limit = limit
        self.actual = actual
        self.allowed = allowed
    }

    /// "the request carried 150 header fields (the server accepts at most 100)".
    public var description: String {
        switch limit {
        case .headerCount: "the request carried \(actual) header fields (the server accepts at most \(allowed))"
        case .headerLine: "a header field line of \(actual) bytes (the server accepts at most \(allowed))"
        case .headSize: "a request head of more than \(allowed) bytes (the server accepts at most \(allowed))"
        case .body: "a body of more than \(allowed) bytes (the server reads at most \(allowed))"
        }
    }
}
