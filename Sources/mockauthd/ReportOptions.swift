import ArgumentParser
import Foundation
import MockAuthClients
import MockAuthConformance

/// Where `conform` and `conform merge` write a report, and the baselines they compare it with.
struct ReportOptions: ParsableArguments {
    @Option(name: .long, help: "Write the results as JSON.") var json: String?
    @Option(name: .long, help: "Write the results as JUnit XML.") var junit: String?
    @Option(name: .long, help: "Write the results as Markdown.") var markdown: String?
    @Option(name: .long, help: "Write the results as a self-contained HTML page.") var html: String?

    @Option(
        name: .long,
        help:
            "Compare with this stored result (JSON, with optional 'deviations'); repeat for one file per client; exit 1 on regressions."
    )
    var baseline: [String] = []

    @Flag(
        name: .long,
        help:
            "After a run without regressions, rewrite each --baseline file with this run's cells for the clients it holds (new scenarios and changed cells; deviations kept)."
    )
    var updateBaselines = false

    @Flag(name: .long, help: "Leave the per-cell reasons out of --markdown (a stable table for docs).")
    var markdownMatrixOnly = false

    /// The baselines, read before any client runs (a bad path is a usage error, not a late surprise).
    func readBaselines() throws -> [Baseline] {
        try baseline.map { path in
            do {
                return try Baseline(json: Data(contentsOf: URL(fileURLWithPath: path)))
            } catch {
                throw ValidationError("cannot read the baseline \(path): \(error)")
            }
        }
    }

    /// Writes every report asked for.
    func write(_ report: ConformanceReport) throws {
        func save(_ path: String?, _ contents: () throws -> Data) throws {
            guard let path else { return }
            do {
                try contents().write(to: URL(fileURLWithPath: path))
            } catch {
                throw HarnessError("cannot write \(path): \(error)")
            }
            print("wrote \(path)")
        }
        try save(json) { try report.jsonData() }
        try save(junit) { Data(report.junitXML.utf8) }
        try save(markdown) { Data(report.markdown(reasons: !markdownMatrixOnly).utf8) }
        try save(html) { Data(try report.html().utf8) }
    }

    /// Prints what changed against `baselines` and exits 1 on a regression (any PASS lost).
    func compare(_ report: ConformanceReport, with baselines: [Baseline]) throws {
        guard !baselines.isEmpty else { return }
        let merged = Baseline(merging: baselines)
        for change in merged.changes(in: report) { print("changed: \(change)") }
        let regressions = merged.regressions(in: report)
        let files = baseline.joined(separator: ", ")
        guard regressions.isEmpty else {
            printError("\(regressions.count) regression\(regressions.count == 1 ? "" : "s") against \(files):")
            for regression in regressions { printError("  \(regression)") }
            throw ExitCode(ExitStatus.clientFailed)
        }
        print("no regressions against \(files)")
        guard updateBaselines else { return }
        for (path, stored) in zip(baseline, baselines) {
            let updated = stored.updated(with: report)
            guard updated != stored else { continue }
            do {
                try updated.jsonData().write(to: URL(fileURLWithPath: path))
            } catch {
                throw HarnessError("cannot write \(path): \(error)")
            }
            print("updated \(path)")
        }
    }
}
