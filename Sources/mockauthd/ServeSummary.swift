import Foundation
import MockAuthClients
import MockAuthConformance
import MockAuthControl

/// What `serve` says on exit about the runs that saw traffic: a line each, and with `--report`, the
/// same report `conform` writes (JSON, and JUnit XML beside it).
enum ServeSummary {
    static func text(_ runs: [FinishedRun]) -> String {
        guard !runs.isEmpty else { return "\nNo run saw traffic." }
        var lines = ["\nVerdicts of the \(runs.count) run\(runs.count == 1 ? "" : "s") that saw traffic:"]
        for run in runs {
            let judged = run.judged
            let who = run.id == judged.scenario.name ? judged.client : "\(run.id), \(judged.client)"
            lines.append(
                "  \(judged.scenario.name) (\(who)): \(judged.verdict.result.label): \(judged.verdict.reason)")
        }
        return lines.joined(separator: "\n")
    }

    /// The report of `runs` in `conform`'s formats.
    static func report(_ finished: [FinishedRun]) -> ConformanceReport {
        let runs = finished.map(\.judged)
        func unique(_ names: [String]) -> [String] {
            var seen: Set<String> = []
            return names.filter { seen.insert($0).inserted }
        }
        let seconds = runs.map { Double($0.duration.components.seconds) }.max() ?? 0
        return ConformanceReport(
            clients: unique(runs.map(\.client)), scenarios: unique(runs.map(\.scenario.name)),
            results: runs.map { ConformanceCell($0) }, seconds: seconds)
    }

    /// Writes the JSON report to `path` and the JUnit XML beside it (`report.json` → `report.xml`).
    static func write(_ runs: [FinishedRun], to path: String) throws {
        let report = report(runs)
        let json = URL(fileURLWithPath: path)
        let junit = json.deletingPathExtension().appendingPathExtension("xml")
        do {
            try report.jsonData().write(to: json)
            try Data(report.junitXML.utf8).write(to: junit)
        } catch {
            throw HarnessError("cannot write the report \(path): \(error)")
        }
        print("wrote \(json.path) and \(junit.path)")
    }
}
