import MockAuth

extension ConformanceReport {
    /// A heat map of clients (rows) × areas (columns) as a standalone SVG image: each cell shows the
    /// passes out of the client's judged cells (UNSUPPORTED and SKIP are not judged; cells whose
    /// behaviour the adapter's code decides are not the client's and not counted), coloured from red
    /// (none passed) to green (all passed), grey when none was judged. Each cell's tooltip gives the
    /// counts. No script, no external resource.
    package var heatMapSVG: String {
        let areas = ConformanceArea.allCases
        let labelWidth = 170
        let cellWidth = 92
        let cellHeight = 30
        let headerHeight = 48
        let legendHeight = 40
        let width = labelWidth + cellWidth * areas.count + 10
        let summaries = self.summaries
        let height = headerHeight + cellHeight * summaries.count + legendHeight
        var svg = [
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)" "#
                + #"viewBox="0 0 \#(width) \#(height)" font-family="Helvetica, Arial, sans-serif" font-size="12">"#,
            #"<title>MockAuth conformance: passes per client and area</title>"#,
            #"<rect width="100%" height="100%" fill="white"/>"#,
        ]
        for (column, area) in areas.enumerated() {
            let x = labelWidth + column * cellWidth + cellWidth / 2
            let words = area.title.split(separator: " ")
            let first = words.prefix((words.count + 1) / 2).joined(separator: " ")
            let second = words.dropFirst((words.count + 1) / 2).joined(separator: " ")
            svg.append(
                #"<text x="\#(x)" y="\#(second.isEmpty ? 32 : 22)" text-anchor="middle" font-weight="bold">\#(xml(first))</text>"#
            )
            if !second.isEmpty {
                svg.append(
                    #"<text x="\#(x)" y="38" text-anchor="middle" font-weight="bold">\#(xml(second))</text>"#)
            }
        }
        for (row, summary) in summaries.enumerated() {
            let y = headerHeight + row * cellHeight
            svg.append(
                #"<text x="\#(labelWidth - 8)" y="\#(y + cellHeight / 2 + 4)" text-anchor="end">\#(xml(summary.client))</text>"#
            )
            for (column, entry) in summary.areas.enumerated() {
                let x = labelWidth + column * cellWidth
                let tally = entry.tally
                let fill: String
                let label: String
                if tally.judged == 0 {
                    fill = "#e6e6e6"
                    label = tally.unsupported > 0 ? "unsupported" : tally.skip == 0 ? "" : "skip"
                } else {
                    let share = Double(tally.pass) / Double(tally.judged)
                    // Squared, so that a few failures in an area already show.
                    fill = "hsl(\(Int((share * share * 120).rounded())), 65%, \(share == 1 ? 78 : 82)%)"
                    label = "\(tally.pass)/\(tally.judged)"
                }
                let tooltip =
                    "\(summary.client) × \(entry.area.title): "
                    + VerdictResult.allCases.map { "\(tally[$0]) \($0.label)" }.joined(separator: ", ")
                svg.append(
                    #"<g><title>\#(xml(tooltip))</title>"#
                        + #"<rect x="\#(x + 1)" y="\#(y + 1)" width="\#(cellWidth - 2)" height="\#(cellHeight - 2)" fill="\#(fill)"/>"#
                        + #"<text x="\#(x + cellWidth / 2)" y="\#(y + cellHeight / 2 + 4)" text-anchor="middle">\#(label)</text></g>"#
                )
            }
        }
        let legendY = headerHeight + cellHeight * summaries.count + 24
        svg.append(
            #"<text x="\#(labelWidth)" y="\#(legendY)" fill="dimgray">Each cell: PASS / judged (PASS, FAIL, INCONCLUSIVE, ERROR) of the client's own cells; UNSUPPORTED, SKIP and the adapter's cells are not counted. Red: none passed; green: all passed; grey: none judged.</text>"#
        )
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }
}
