extension Transcript {
    /// The connections to `server` that carried requests, each with whether it came through a
    /// proxy of the run: its client's address is one a proxy dialled from
    /// (``ConnectionRecord/dialledFrom``), not the client's own.
    package func requestConnections(to server: String) -> [(connection: ConnectionRecord, throughProxy: Bool)] {
        let dialled = Set(connections.flatMap { $0.dialledFrom ?? [] })
        return connections(to: server).filter { !$0.requests.isEmpty }.map { connection in
            (connection, connection.remoteAddress.map(dialled.contains) ?? false)
        }
    }
}
