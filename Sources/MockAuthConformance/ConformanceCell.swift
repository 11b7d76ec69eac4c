import MockAuth

/// One cell of the matrix: a client on a scenario, as reports write it.
public struct ConformanceCell: Sendable, Codable, Equatable {
    public var client: String
    public var scenario: String
    public var result: VerdictResult
    /// Why, in words: the violations, the skip reason, what held.
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
        client: String, scenario: String, result: VerdictResult, reason: String, tags: [String],
        exitStatus: Int32? = nil, milliseconds: Int = 0, details: String = ""
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

    /// The cell of a judged run.
    public init(_ run: JudgedRun) {
        let (seconds, attoseconds) = run.duration.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        var details = run.verdict.report
        if let transcript = run.transcript { details += "\n\n" + TranscriptSummary.describe(transcript) }
        self.init(
            client: run.client, scenario: run.scenario.name, result: run.verdict.result, reason: run.verdict.reason,
            tags: run.scenario.tags, exitStatus: run.verdict.client?.status, milliseconds: Int(milliseconds),
            details: details)
    }
}

/// Every cell of a run, with what produced it.
public struct ConformanceReport: Sendable, Codable, Equatable {
    /// The JSON format's version; readers should check it.
    public static let formatVersion = 1

    public var version: Int
    public var clients: [String]
    public var scenarios: [String]
    public var results: [ConformanceCell]
    /// Seconds the whole run took.
    public var seconds: Double

    public init(clients: [String], scenarios: [String], results: [ConformanceCell], seconds: Double) {
        self.version = Self.formatVersion
        self.clients = clients
        self.scenarios = scenarios
        self.results = results
        self.seconds = seconds
    }

    /// The cell of `client` on `scenario`.
    public func result(_ client: String, _ scenario: String) -> ConformanceCell? {
        results.first { $0.client == client && $0.scenario == scenario }
    }

    /// How many cells have each result.
    public var counts: [VerdictResult: Int] {
        results.reduce(into: [:]) { $0[$1.result, default: 0] += 1 }
    }
}
