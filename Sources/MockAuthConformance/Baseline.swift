import Foundation
import MockAuth

/// A stored conformance result with known deviations: what a client is expected to get, and why it
/// deviates where it does.
public struct Baseline: Sendable, Codable, Equatable {
    /// A known, accepted deviation from PASS, with its reason in words.
    public struct Deviation: Sendable, Codable, Equatable {
        public var client: String
        public var scenario: String
        public var result: VerdictResult
        public var reason: String

        public init(client: String, scenario: String, result: VerdictResult, reason: String) {
            self.client = client
            self.scenario = scenario
            self.result = result
            self.reason = reason
        }
    }

    /// The expected outcome of one cell.
    public struct Entry: Sendable, Codable, Equatable {
        public var client: String
        public var scenario: String
        public var result: VerdictResult

        public init(client: String, scenario: String, result: VerdictResult) {
            self.client = client
            self.scenario = scenario
            self.result = result
        }
    }

    public var version: Int
    /// The expected outcome of each cell.
    public var results: [Entry]
    public var deviations: [Deviation]

    public init(results: [Entry], deviations: [Deviation]) {
        self.version = ConformanceReport.formatVersion
        self.results = results
        self.deviations = deviations
    }

    /// Reads a baseline: `version`, `results` (each at least client, scenario, result, so a full
    /// `--json` report works too) and optional `deviations`.
    public init(json data: Data) throws {
        struct Loose: Decodable {
            var version: Int
            var results: [Entry]
            var deviations: [Deviation]?
        }
        let loose = try JSONDecoder().decode(Loose.self, from: data)
        self.version = loose.version
        self.results = loose.results
        self.deviations = loose.deviations ?? []
    }

    /// Several baselines as one (e.g. one file per client).
    public init(merging baselines: [Baseline]) {
        self.init(results: baselines.flatMap(\.results), deviations: baselines.flatMap(\.deviations))
    }

    /// A PASS in the baseline that is something else now, and is not a known deviation.
    public struct Regression: Sendable, Equatable, CustomStringConvertible {
        public var client: String
        public var scenario: String
        public var now: VerdictResult
        public var reason: String

        public var description: String { "\(client) × \(scenario): PASS → \(now.label): \(reason)" }
    }

    /// The regressions of `report` against this baseline: cells that passed here and are anything
    /// else now (FAIL, ERROR, and SKIP or INCONCLUSIVE too: a client that stops being judged has
    /// lost a PASS). Improvements and new scenarios are not regressions.
    public func regressions(in report: ConformanceReport) -> [Regression] {
        report.results.compactMap { cell in
            guard cell.result != .pass,
                results.contains(where: {
                    $0.client == cell.client && $0.scenario == cell.scenario && $0.result == .pass
                }),
                !deviations.contains(where: {
                    $0.client == cell.client && $0.scenario == cell.scenario && $0.result == cell.result
                })
            else { return nil }
            return Regression(client: cell.client, scenario: cell.scenario, now: cell.result, reason: cell.reason)
        }
    }

    /// Cells that differ from the baseline in either direction (for information).
    public func changes(in report: ConformanceReport) -> [String] {
        report.results.compactMap { cell in
            guard let old = results.first(where: { $0.client == cell.client && $0.scenario == cell.scenario }),
                old.result != cell.result
            else { return nil }
            return "\(cell.client) × \(cell.scenario): \(old.result.label) → \(cell.result.label)"
        }
    }
}
