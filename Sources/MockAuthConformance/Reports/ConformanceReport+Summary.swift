import MockAuth

extension ConformanceReport {
    /// The markers between which `--summary` rewrites a page that has them (`docs/conformance.md`).
    package static let summaryBegin = "<!-- make conformance: summary begin (generated, do not edit by hand) -->"
    package static let summaryEnd = "<!-- make conformance: summary end -->"

    /// The outcomes of a summary row: the judged ones, then the ones not judged.
    static let summaryOutcomes: [VerdictResult] = [.pass, .fail, .inconclusive, .error, .unsupported, .skip]

    /// One screen per run: a row per client with its version (as the run read it), its cells that
    /// speak for it (credited to the client or to the client as configured): judged, then each
    /// outcome, the cells whose behaviour the adapter's code decides (apart, in no total), and the
    /// areas where it falls short (FAIL, INCONCLUSIVE or ERROR cells); then the heat map when
    /// `heatMap` names its file.
    package func summaryMarkdown(heatMap: String? = nil) -> String {
        let outcomes = Self.summaryOutcomes
        var lines = [
            "| client | version (read during the run) | judged | " + outcomes.map(\.label).joined(separator: " | ")
                + " | judged: as documented + as configured | adapter's cells | where it falls short (FAIL, INCONCLUSIVE, ERROR cells by area) |",
            "|---|---|---:|" + outcomes.map { _ in "---:|" }.joined() + "---|---|---|",
        ]
        for summary in summaries {
            let counts = outcomes.map { String(summary.total[$0]) }.joined(separator: " | ")
            let version = (versions[summary.client] ?? "—").replacingOccurrences(of: "|", with: "/")
            lines.append(
                "| \(summary.client) | \(version) | \(summary.total.judged) | \(counts) | \(summary.creditText) | \(summary.adapterText) | \(summary.shortfallText) |"
            )
        }
        let judged = summaries.reduce(0) { $0 + $1.total.judged }
        let unsupported = summaries.reduce(0) { $0 + $1.total.unsupported }
        let skipped = summaries.reduce(0) { $0 + $1.total.skip }
        let adapter = summaries.reduce(0) { $0 + $1.adapter.total }
        let configured = summaries.reduce(0) { $0 + ($1.credited[.configured] ?? 0) }
        lines.append("")
        lines.append(
            "\(results.count) cells: \(clients.count) clients × \(scenarios.count) scenarios. \(judged) judged, "
                + "\(unsupported) UNSUPPORTED (the library lacks what the scenario needs, by its documentation), "
                + "\(skipped) SKIP (the adapter does not drive it), and \(adapter) whose behaviour the adapter's code "
                + "decides, counted apart. Of the judged cells, \(configured) judge the client as its adapter "
                + "configured it with a documented option. Areas group the scenarios by their tags: "
                + ConformanceArea.allCases.map(\.title).joined(separator: ", ") + ".")
        if let heatMap {
            lines.append("")
            lines.append(
                "![Passes per client and area: the share of the client's judged cells that passed](\(heatMap))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `page` with the text between ``summaryBegin`` and ``summaryEnd`` replaced by `summary`, or
    /// `nil` when the page lacks the markers.
    package static func replacingSummary(in page: String, with summary: String) -> String? {
        guard let begin = page.range(of: summaryBegin),
            let end = page.range(of: summaryEnd, range: begin.upperBound..<page.endIndex)
        else { return nil }
        return String(page[..<begin.upperBound]) + "\n" + summary + String(page[end.lowerBound...])
    }

    /// The summary as an HTML table (`id="client-summary"`), for the top of the HTML page.
    package var summaryHTML: String {
        let outcomes = Self.summaryOutcomes
        var rows = [
            "<table id=\"client-summary\"><thead><tr><th>client</th><th>version</th><th>judged</th>"
                + outcomes.map { "<th>\($0.label)</th>" }.joined()
                + "<th>judged: as documented + as configured</th><th>adapter's cells</th><th>where it falls short (FAIL, INCONCLUSIVE, ERROR cells by area)</th></tr></thead><tbody>"
        ]
        for summary in summaries {
            rows.append(
                "<tr><td>\(xml(summary.client))</td><td>\(xml(versions[summary.client] ?? "—"))</td>"
                    + "<td class=\"count\">\(summary.total.judged)</td>"
                    + outcomes.map { "<td class=\"count \($0.rawValue)\">\(summary.total[$0])</td>" }.joined()
                    + "<td>\(xml(summary.creditText))</td><td>\(xml(summary.adapterText))</td><td>\(xml(summary.shortfallText))</td></tr>"
            )
        }
        rows.append("</tbody></table>")
        return rows.joined(separator: "\n")
    }
}
