import MockAuthVerdict

/// What a client says happened: each request's response or error, or how its command ended.
public struct ClientReport: Sendable, Equatable {
    /// What one request got.
    public struct Response: Sendable, Equatable {
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

    /// One entry per request the client made, in order.
    public var responses: [Response]
    /// Set when the client could not try at all (missing capability, setup failure).
    public var notAttempted: String?
    /// How the client's command ended, for clients that are commands.
    public var exit: ClientExit?

    public init(responses: [Response] = [], notAttempted: String? = nil, exit: ClientExit? = nil) {
        self.responses = responses
        self.notAttempted = notAttempted
        self.exit = exit
    }

    /// Records a response.
    public mutating func record(_ url: String, status: Int) {
        responses.append(Response(url: url, status: status))
    }

    /// Records a failure.
    public mutating func record(_ url: String, error: any Error) {
        responses.append(Response(url: url, error: String(describing: error)))
    }

    /// Whether every request got a 2xx.
    public var succeeded: Bool {
        notAttempted == nil && !responses.isEmpty && responses.allSatisfy { ($0.status ?? 0) / 100 == 2 }
    }

    /// One line per request: "https://…/ → 200" or "https://…/ → error: …"; or how the command ended.
    public var summary: String {
        if let notAttempted { return "not attempted: \(notAttempted)" }
        if let exit {
            if exit.timedOut { return "the command was stopped after \(exit.timeoutSeconds) s" }
            return "the command exited with status \(exit.status.map(String.init) ?? "?")"
        }
        return responses.map { response in
            let result = response.status.map(String.init) ?? response.error.map { "error: \($0)" } ?? "done"
            return "\(response.url) → \(result)"
        }.joined(separator: "\n")
    }
}
