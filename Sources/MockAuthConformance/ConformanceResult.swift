/// One cell of the matrix: a client on a scenario.
public struct ConformanceResult: Sendable, Codable, Equatable {
    /// The outcome of a cell.
    public enum Outcome: String, Sendable, Codable, Equatable, CaseIterable {
        case pass, fail, skip, inconclusive, error

        /// `PASS`, `FAIL` …
        public var label: String { rawValue.uppercased() }
    }

    public var client: String
    public var scenario: String
    public var result: Outcome
    /// Why, in words: the violations, the skip reason, what the server saw.
    public var reason: String
    /// The scenario's tags.
    public var tags: [String]
    /// The client command's exit status, when it ran.
    public var exitStatus: Int32?
    /// Milliseconds the cell took.
    public var milliseconds: Int
    /// The verdict's full report and what the servers recorded, for the HTML details.
    public var details: String

    public init(
        client: String, scenario: String, result: Outcome, reason: String, tags: [String], exitStatus: Int32? = nil,
        milliseconds: Int = 0, details: String = ""
    ) {
        self.client = client
        self.scenario = scenario
        self.result = result
        self.reason = reason
        self.tags = tags
        self.exitStatus = exitStatus
        self.milliseconds = milliseconds
        self.details = details
    }
}

/// Every cell of a run, with what produced it.
public struct ConformanceReport: Sendable, Codable, Equatable {
    /// The JSON format's version; readers should check it.
    public static let formatVersion = 1

    public var version: Int
    public var clients: [String]
    public var scenarios: [String]
    public var results: [ConformanceResult]
    /// Seconds the whole run took.
    public var seconds: Double

    public init(clients: [String], scenarios: [String], results: [ConformanceResult], seconds: Double) {
        self.version = Self.formatVersion
        self.clients = clients
        self.scenarios = scenarios
        self.results = results
        self.seconds = seconds
    }

    /// The cell of `client` on `scenario`.
    public func result(_ client: String, _ scenario: String) -> ConformanceResult? {
        results.first { $0.client == client && $0.scenario == scenario }
    }

    /// How many cells have each outcome.
    public var counts: [ConformanceResult.Outcome: Int] {
        results.reduce(into: [:]) { $0[$1.result, default: 0] += 1 }
    }
}
