import MockAuth

extension ConformanceReport {
    /// The markers between which `--summary` rewrites a page that has them (`docs/conformance.md`).
    package static let summaryBegin = "<!-- make conformance: summary begin (generated, do not edit by hand) -->"
    package static let summaryEnd = "<!-- make conformance: summary end -->"

    /// One screen per run: a row per client with its totals and the areas where it falls short
    /// (FAIL, INCONCLUSIVE or ERROR cells), followed by the heat map when `heatMap` names its file.
    package func summaryMarkdown(heatMap: String? = nil) -> String {
        let outcomes = VerdictResult.allCases
        var lines = [
            "| client | " + outcomes.map(\.label).joined(separator: " | ")
                + " | where it falls short (FAIL, INCONCLUSIVE, ERROR cells by area) |",
            "|---|" + outcomes.map { _ in "---:|" }.joined() + "---|",
        ]
        for summary in summaries {
            let counts = outcomes.map { String(summary.total[$0]) }.joined(separator: " | ")
            lines.append("| \(summary.client) | \(counts) | \(summary.shortfallText) |")
        }
        lines.append("")
        lines.append(
            "\(results.count) cells: \(clients.count) clients × \(scenarios.count) scenarios. Areas group the "
                + "scenarios by their tags: "
                + ConformanceArea.allCases.map(\.title).joined(separator: ", ") + ".")
        if let heatMap {
            lines.append("")
            lines.append("![Passes per client and area: the share of judged cells that passed](\(heatMap))")
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
        let outcomes = VerdictResult.allCases
        var rows = [
            "<table id=\"client-summary\"><thead><tr><th>client</th>"
                + outcomes.map { "<th>\($0.label)</th>" }.joined()
                + "<th>where it falls short (FAIL, INCONCLUSIVE, ERROR cells by area)</th></tr></thead><tbody>"
        ]
        for summary in summaries {
            rows.append(
                "<tr><td>\(xml(summary.client))</td>"
                    + outcomes.map { "<td class=\"count \($0.rawValue)\">\(summary.total[$0])</td>" }.joined()
                    + "<td>\(xml(summary.shortfallText))</td></tr>")
        }
        rows.append("</tbody></table>")
        return rows.joined(separator: "\n")
    }
}
