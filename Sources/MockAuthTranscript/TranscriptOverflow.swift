/// What a transcript left out or folded once a server reached the recorder's limit of kept records
/// (`TranscriptLimits.recordsPerServer`).
///
/// Identical requests and connections are folded into one record with a count (they are the same to
/// every rule), so a client that repeats itself never reaches the limit. Only a client that keeps
/// sending requests, or opening connections, unlike any before (a new path, username or CONNECT
/// target each time) does. Past the limit, such requests are counted here and not kept, and a rule
/// that depends on them cannot see them; such connections are folded into generalized records
/// (`ConnectionRecord.generalized`), which every rule that counts connections still sees, and
/// summed up here.
public struct TranscriptOverflow: Sendable, Codable, Hashable {
    /// The limit: records kept per server.
    public var limit: Int
    /// Requests not kept, per server id.
    public var droppedRequests: [String: Int]
    /// Connections folded into generalized records, per server id; `nil` when none was (and in
    /// transcripts written before connections were folded). Read from the JSON; `package` in Swift,
    /// like its type, to keep the public surface as it is.
    package var foldedConnections: [String: FoldedConnections]?

    package init(limit: Int, droppedRequests: [String: Int], foldedConnections: [String: FoldedConnections]? = nil) {
        self.limit = limit
        self.droppedRequests = droppedRequests
        self.foldedConnections = foldedConnections
    }
}
