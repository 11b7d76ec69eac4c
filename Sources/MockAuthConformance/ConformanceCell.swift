import MockAuth

/// One cell of the matrix: a client on a scenario, as reports write it.
package struct ConformanceCell: Sendable, Codable, Equatable {
    package var client: String
    package var scenario: String
    package var result: VerdictResult
    /// Why, in words: the violations, the skip reason, what held.
    package var reason: String
    /// The scenario's tags.
    package var tags: [String]
    /// The client command's exit status, when it ran.
    package var exitStatus: Int32?
    /// Milliseconds the cell took.
    package var milliseconds: Int
    /// The verdict's full report and what the servers recorded, for the HTML details.
    package var details: String

    package init(
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
    package init(_ run: JudgedRun) {
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
package struct ConformanceReport: Sendable, Codable, Equatable {
    /// The JSON format's version; readers should check it.
    package static let formatVersion = 1

    package var version: Int
    package var clients: [String]
    package var scenarios: [String]
    package var results: [ConformanceCell]
    /// Seconds the whole run took.
    package var seconds: Double

    package init(clients: [String], scenarios: [String], results: [ConformanceCell], seconds: Double) {
        self.version = Self.formatVersion
        self.clients = clients
        self.scenarios = scenarios
        self.results = results
        self.seconds = seconds
    }

    /// The cell of `client` on `scenario`.
    package func result(_ client: String, _ scenario: String) -> ConformanceCell? {
        results.first { $0.client == client && $0.scenario == scenario }
    }

    /// How many cells have each result.
    package var counts: [VerdictResult: Int] {
        results.reduce(into: [:]) { $0[$1.result, default: 0] += 1 }
    }
}
