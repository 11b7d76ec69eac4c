import Foundation

/// Everything the servers of one scenario run saw, in the order they saw it.
///
/// A transcript is a plain value: it holds no NIO types, so the judge can be tested on transcript
/// literals and a transcript can be written to JSON (`mockauthd check --json`).
public struct Transcript: Sendable, Codable, Equatable {
    /// The endpoints that were served, one per scenario server.
    public var endpoints: [EndpointRecord]
    /// Every connection any of those endpoints accepted, ordered by connection id; identical ones
    /// folded (see ``ConnectionRecord/repeats`` and ``RequestRecord/repeats``).
    public var connections: [ConnectionRecord]
    /// What the recorder could not keep once it reached its limit, when it did.
    public var overflow: TranscriptOverflow?

    package init(
        endpoints: [EndpointRecord] = [], connections: [ConnectionRecord] = [], overflow: TranscriptOverflow? = nil
    ) {
        self.endpoints = endpoints
        self.connections = connections
        self.overflow = overflow
    }

    /// The endpoint that served the scenario server called `server`, if any.
    public func endpoint(_ server: String) -> EndpointRecord? {
        endpoints.first { $0.server == server }
    }

    /// The connections accepted by the scenario server called `server`.
    public func connections(to server: String) -> [ConnectionRecord] {
        connections.filter { $0.server == server }
    }

    /// The request records of the scenario server called `server`, in arrival order, with their connections.
    ///
    /// Repeated requests of one kind are folded into one record (see ``RequestRecord/repeats``): to
    /// count requests, use ``requestCount(to:)``.
    package func orderedRequests(to server: String) -> [(connection: ConnectionRecord, request: RequestRecord)] {
        requests(to: server).sorted { $0.request.sequence < $1.request.sequence }
    }

    /// The request records of the scenario server called `server`, with the connection each came over.
    ///
    /// One record may stand for several requests of the same kind (``RequestRecord/occurrences``).
    public func requests(to server: String) -> [(connection: ConnectionRecord, request: RequestRecord)] {
        connections(to: server).flatMap { connection in
            connection.requests.map { (connection, $0) }
        }
    }

    /// How many requests reached the scenario server called `server`, counting each folded repeat.
    public func requestCount(to server: String) -> Int {
        connections(to: server).reduce(0) { count, connection in
            connection.requests.reduce(count) { $0 + $1.occurrences }
        }
    }
}
