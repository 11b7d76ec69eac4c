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
    @Option(name: .long, help: "Write the heat map of clients × areas as an SVG image.") var svg: String?
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write the summary per client as Markdown.",
            discussion:
                "A file that exists and holds the summary markers gets only the text between them rewritten; one without them is an error, so a hand-written page is never overwritten."
        )
    )
    var summary: String?
    @Option(name: .long, help: "The heat map's path as --summary's page links it (default: --svg as given).")
    var summaryHeatMap: String?

    @Option(
        name: .long,
        help:
            "Compare with this stored result (JSON, with optional 'deviations'); repeat for one file per client; exit 1 on regressions."
    )
    var baseline: [String] = []

    @Flag(
        name: .long,
        help:
            "After a run without regressions, rewrite each --baseline file with this run's cells for the clients it holds (new scenarios and changed cells; deviations kept); a file that holds no client yet takes the one named like it (mine.json: mine)."
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

    /// Writes every report asked for; with a capability table, `--summary`'s page gets the table too
    /// (between its markers, when it has them).
    func write(_ report: ConformanceReport, table: ConformanceClientTable? = nil) throws {
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
        try save(svg) { Data(report.heatMapSVG.utf8) }
        try save(summary) { Data(try summaryPage(report, table: table).utf8) }
    }

    /// The page `--summary` writes: the whole file, or the file with its summary section replaced.
    private func summaryPage(_ report: ConformanceReport, table: ConformanceClientTable?) throws -> String {
        let text = report.summaryMarkdown(heatMap: summaryHeatMap ?? svg)
        guard let summary, let existing = try? String(contentsOfFile: summary, encoding: .utf8) else { return text }
        guard let page = ConformanceReport.replacingSummary(in: existing, with: text) else {
            throw HarnessError(
                "\(summary) exists and has no summary markers (\(ConformanceReport.summaryBegin) … \(ConformanceReport.summaryEnd)); not overwriting it"
            )
        }
        guard let table, !table.clients.isEmpty else { return page }
        return table.replacingMarkdown(in: page) ?? page
    }

    /// Prints what changed against `baselines` and exits 1 on a regression (any PASS lost).
    func compare(_ report: ConformanceReport, with baselines: [Baseline]) throws {
        guard !baselines.isEmpty else { return }
        let merged = Baseline(merging: baselines)
        let unexplained = merged.unexplained
        if !unexplained.isEmpty {
            printError(
                "warning: \(unexplained.count) baseline cell\(unexplained.count == 1 ? "" : "s") without a reason in 'deviations' (what the client did, in at least \(Baseline.minimumReasonWords) words):"
            )
            for entry in unexplained { printError("  \(entry.client) × \(entry.scenario): \(entry.result.label)") }
        }
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
            // A new, empty file takes the client of its name; one no client is named after stays empty.
            var adopted: Set<String> = []
            if stored.clients.isEmpty {
                guard let client = Baseline.newClient(forFile: path, in: report) else {
                    printError(
                        "warning: \(path) holds no client, and no client of this run is named after it: not updated")
                    continue
                }
                adopted.insert(client)
            }
            let updated = stored.updated(with: report, adopting: adopted)
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
