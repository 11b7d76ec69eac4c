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
    /// Whose behaviour the cell judges (``Credit``): the client's unless the capability table says
    /// the adapter configured or decided it.
    package var credit: Credit
    /// For a `configured` or `adapter` cell, what did it: the option set, or the adapter's code and why.
    package var creditNote: String?

    package init(
        client: String, scenario: String, result: VerdictResult, reason: String, tags: [String],
        exitStatus: Int32? = nil, milliseconds: Int = 0, details: String = "", credit: Credit = .client,
        creditNote: String? = nil
    ) {
        self.client = client
        self.scenario = scenario
        self.result = result
        self.reason = reason
        self.tags = tags
        self.exitStatus = exitStatus
        self.milliseconds = milliseconds
        self.details = details
        self.credit = credit
        self.creditNote = creditNote
    }

    /// The cell of a judged run, credited as `credit` says (the client's when `nil`).
    package init(_ run: JudgedRun, credit: (credit: Credit, note: String?)? = nil) {
        let (seconds, attoseconds) = run.duration.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        var details = run.verdict.report
        if let transcript = run.transcript { details += "\n\n" + TranscriptSummary.describe(transcript) }
        self.init(
            client: run.client, scenario: run.scenario.name, result: run.verdict.result, reason: run.verdict.reason,
            tags: run.scenario.tags, exitStatus: run.verdict.client?.status, milliseconds: Int(milliseconds),
            details: details, credit: credit?.credit ?? .client, creditNote: credit?.note)
    }
}

/// Every cell of a run, with what produced it.
package struct ConformanceReport: Sendable, Codable, Equatable {
    /// The JSON format's version; readers should check it. 2: cells have a credit, the report the
    /// clients' versions, and results may be UNSUPPORTED.
    package static let formatVersion = 2

    package var version: Int
    package var clients: [String]
    package var scenarios: [String]
    package var results: [ConformanceCell]
    /// Seconds the whole run took.
    package var seconds: Double
    /// Each client's version and TLS library, as its `version` command printed it during the run
    /// (the capability table's); absent for a client given without one.
    package var versions: [String: String]

    package init(
        clients: [String], scenarios: [String], results: [ConformanceCell], seconds: Double,
        versions: [String: String] = [:]
    ) {
        self.version = Self.formatVersion
        self.clients = clients
        self.scenarios = scenarios
        self.results = results
        self.seconds = seconds
        self.versions = versions
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

extension ConformanceCell {
    private enum CodingKeys: String, CodingKey {
        case client, scenario, result, reason, tags, exitStatus, milliseconds, details, credit, creditNote
    }

    /// Reads a cell; a report written before credits (format 1) reads as the client's.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            client: try container.decode(String.self, forKey: .client),
            scenario: try container.decode(String.self, forKey: .scenario),
            result: try container.decode(VerdictResult.self, forKey: .result),
            reason: try container.decode(String.self, forKey: .reason),
            tags: try container.decode([String].self, forKey: .tags),
            exitStatus: try container.decodeIfPresent(Int32.self, forKey: .exitStatus),
            milliseconds: try container.decode(Int.self, forKey: .milliseconds),
            details: try container.decode(String.self, forKey: .details),
            credit: try container.decodeIfPresent(Credit.self, forKey: .credit) ?? .client,
            creditNote: try container.decodeIfPresent(String.self, forKey: .creditNote))
    }
}

extension ConformanceReport {
    private enum CodingKeys: String, CodingKey {
        case version, clients, scenarios, results, seconds, versions
    }

    /// Reads a report; one written before versions were kept (format 1) has none.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            clients: try container.decode([String].self, forKey: .clients),
            scenarios: try container.decode([String].self, forKey: .scenarios),
            results: try container.decode([ConformanceCell].self, forKey: .results),
            seconds: try container.decode(Double.self, forKey: .seconds),
            versions: try container.decodeIfPresent([String: String].self, forKey: .versions) ?? [:])
        version = try container.decode(Int.self, forKey: .version)
    }
}
