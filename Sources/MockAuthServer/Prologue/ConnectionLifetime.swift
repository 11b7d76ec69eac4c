/// The end of a served connection, in one place for every listener (origin, TLS or plain,
/// revocation server, proxy, SOCKS proxy, control API): its record is marked closed (a request
/// still waiting for its answer is recorded unanswered, a handshake still in progress becomes
/// abandoned, or failed when the client sent an alert), and every authentication gate of the
/// server forgets the connection (NTLM and Negotiate handshakes).
///
/// A value, held by the connection's ``ConnectionLimitsHandler``, which is in every pipeline and
/// ends the connection when the channel goes inactive, before it passes the event on. What stands
/// before that handler has had its last word by then: the TLS handler its error for a handshake
/// cut off (which ``TLSTranscriptHandler`` leaves to this end, the channel being inactive), and the
/// HTTP/1.1 decoder its error for a request cut off, recorded before the connection is folded into
/// an identical one. So a connection costs no handler of its own for its end, which every request
/// part and response would pass.
struct ConnectionLifetime {
    private let recorder: ConnectionRecorder?
    private let gates: [AuthGate]

    /// - Parameters:
    ///   - recorder: the connection's record; `nil` where the listener keeps no transcript.
    ///   - gates: the authentication gates that forget the connection when it closes.
    init(recorder: ConnectionRecorder?, gates: [AuthGate]) {
        self.recorder = recorder
        self.gates = gates
    }

    /// The connection has closed (or its pipeline could not be made).
    func ended() {
        guard let recorder else { return }
        recorder.closed()
        for gate in gates { gate.connectionClosed(recorder.id) }
    }
}
