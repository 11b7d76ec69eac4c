/// What a client says happened to each of its requests.
public struct ClientReport: Sendable, Equatable {
    /// One request's outcome.
    public struct Outcome: Sendable, Equatable {
        public var url: String
        /// The final status, if a response arrived.
        public var status: Int?
        /// The error, in words, if the request failed.
        public var error: String?

        public init(url: String, status: Int? = nil, error: String? = nil) {
            self.url = url
            self.status = status
            self.error = error
        }
    }

    public var outcomes: [Outcome]
    /// Set when the client could not try at all (missing capability, setup failure).
    public var notAttempted: String?

    public init(outcomes: [Outcome] = [], notAttempted: String? = nil) {
        self.outcomes = outcomes
        self.notAttempted = notAttempted
    }

    /// Records a response.
    public mutating func record(_ url: String, status: Int) {
        outcomes.append(Outcome(url: url, status: status))
    }

    /// Records a failure.
    public mutating func record(_ url: String, error: any Error) {
        outcomes.append(Outcome(url: url, error: String(describing: error)))
    }

    /// One line per request: "https://…/ → 200" or "https://…/ → error: …".
    public var summary: String {
        if let notAttempted { return "not attempted: \(notAttempted)" }
        return outcomes.map { outcome in
            let result = outcome.status.map(String.init) ?? outcome.error.map { "error: \($0)" } ?? "done"
            return "\(outcome.url) → \(result)"
        }.joined(separator: "\n")
    }
}
