/// What a transcript left out once a server reached the recorder's limit of kept records.
///
/// Identical requests and connections are folded into one record with a count (they are the same to
/// every rule), so a client that repeats itself never reaches the limit. Only a client that keeps
/// sending requests unlike any before (a new path each time) does; past the limit, such requests
/// are counted here and not kept, and a rule that depends on them cannot see them.
public struct TranscriptOverflow: Sendable, Codable, Hashable {
    /// The limit: records kept per server.
    public var limit: Int
    /// Requests not kept, per server id.
    public var droppedRequests: [String: Int]

    package init(limit: Int, droppedRequests: [String: Int]) {
        self.limit = limit
        self.droppedRequests = droppedRequests
    }
}
