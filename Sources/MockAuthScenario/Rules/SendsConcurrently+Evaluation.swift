import MockAuthTranscript

/// `sends-concurrently`: each request was in flight from its arrival (``RequestRecord/sequence``)
/// to its answer (``RequestRecord/answerSequence``, or its arrival when the server answered at
/// once); the rule holds when `requests` of those spans overlap at one point. A record that
/// stands for folded repeats counts once: the repeats' own spans are not kept.
extension SendsConcurrently {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let received = transcript.orderedRequests(to: server).map(\.request)
        guard !received.isEmpty else {
            return .notExercised("the client never sent a request to \(transcript.serverName(server))")
        }
        let (most, together) = Self.mostInFlight(received)
        let count = received.reduce(0) { $0 + $1.occurrences }
        guard most >= requests else {
            let sentence =
                most <= 1
                ? "\(transcript.serverName(server)) never had two requests in flight at once: the client sent each of its \(count) request\(count == 1 ? "" : "s") after the answer to the one before"
                : "\(transcript.serverName(server)) had at most \(most) requests in flight at once (\(Self.list(together))), not \(requests)"
            return .violated(explained(sentence, context.because))
        }
        return .met(
            "\(server) had \(most) requests in flight at once (\(Self.list(together))), each received before the others were answered"
        )
    }

    /// The most requests in flight at one point, and those requests: a sweep over every arrival
    /// and answer in the run's order, an arrival counting before an answer with the same place.
    package static func mostInFlight(_ requests: [RequestRecord]) -> (count: Int, requests: [RequestRecord]) {
        // (place, is an arrival, index)
        var events: [(place: UInt64, arrival: Bool, index: Int)] = []
        for (index, request) in requests.enumerated() {
            events.append((request.sequence, true, index))
            events.append((request.answerSequence ?? request.sequence, false, index))
        }
        events.sort { ($0.place, $0.arrival ? 0 : 1) < ($1.place, $1.arrival ? 0 : 1) }
        var inFlight: Set<Int> = []
        var most: Set<Int> = []
        for event in events {
            if event.arrival {
                inFlight.insert(event.index)
                if inFlight.count > most.count { most = inFlight }
            } else {
                inFlight.remove(event.index)
            }
        }
        return (most.count, most.sorted().map { requests[$0] })
    }

    /// "GET /one, GET /two".
    private static func list(_ requests: [RequestRecord]) -> String {
        requests.map(\.summary).joined(separator: ", ")
    }
}
