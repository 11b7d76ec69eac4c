import Foundation
import MockAuth

/// A stored conformance result with known deviations: what a client is expected to get, and why it
/// deviates where it does.
package struct Baseline: Sendable, Codable, Equatable {
    /// A known, accepted deviation from PASS, with its reason in words.
    package struct Deviation: Sendable, Codable, Equatable {
        package var client: String
        package var scenario: String
        package var result: VerdictResult
        package var reason: String

        package init(client: String, scenario: String, result: VerdictResult, reason: String) {
            self.client = client
            self.scenario = scenario
            self.result = result
            self.reason = reason
        }
    }

    /// The expected outcome of one cell, and whose behaviour it judges (absent in baselines written
    /// before credits: the client's).
    package struct Entry: Sendable, Codable, Equatable {
        package var client: String
        package var scenario: String
        package var result: VerdictResult
        package var credit: Credit?

        package init(client: String, scenario: String, result: VerdictResult, credit: Credit? = nil) {
            self.client = client
            self.scenario = scenario
            self.result = result
            self.credit = credit
        }
    }

    package var version: Int
    /// The expected outcome of each cell.
    package var results: [Entry]
    package var deviations: [Deviation]

    package init(results: [Entry], deviations: [Deviation]) {
        self.version = ConformanceReport.formatVersion
        self.results = results
        self.deviations = deviations
    }

    /// Reads a baseline: `version`, `results` (each at least client, scenario, result, so a full
    /// `--json` report works too) and optional `deviations`.
    package init(json data: Data) throws {
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
    package init(merging baselines: [Baseline]) {
        self.init(results: baselines.flatMap(\.results), deviations: baselines.flatMap(\.deviations))
    }

    /// A PASS in the baseline that is something else now, and is not a known deviation.
    package struct Regression: Sendable, Equatable, CustomStringConvertible {
        package var client: String
        package var scenario: String
        package var now: VerdictResult
        package var reason: String

        package var description: String { "\(client) × \(scenario): PASS → \(now.label): \(reason)" }
    }

    /// The regressions of `report` against this baseline: cells that passed here and are anything
    /// else now (FAIL, ERROR, and SKIP or INCONCLUSIVE too: a client that stops being judged has
    /// lost a PASS). Improvements and new scenarios are not regressions.
    package func regressions(in report: ConformanceReport) -> [Regression] {
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

    /// Cells that differ from the baseline in either direction, in result or in credit (for information).
    package func changes(in report: ConformanceReport) -> [String] {
        report.results.compactMap { cell in
            guard let old = results.first(where: { $0.client == cell.client && $0.scenario == cell.scenario })
            else { return nil }
            let oldCredit = old.credit ?? .client
            if old.result != cell.result {
                return "\(cell.client) × \(cell.scenario): \(old.result.label) → \(cell.result.label)"
            }
            if oldCredit != cell.credit {
                return "\(cell.client) × \(cell.scenario): credited to \(oldCredit.rawValue) → \(cell.credit.rawValue)"
            }
            return nil
        }
    }
}
