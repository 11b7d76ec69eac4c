import MockAuth

extension ConformanceSite {
    /// `clients/NAME.html`: the client's version and totals, then every cell of the client grouped by
    /// area (``ConformanceArea``, then `other`), each an `<article id="s-SCENARIO">` with its outcome,
    /// a link to the scenario's page, its credit (and credit note), its reason, the client's exit
    /// status and time, and an excerpt of its details: what each expectation came to and what the
    /// servers saw (opened unless the cell passed).
    func clientPage(_ client: String) -> String {
        let cells = cellsByClient[client] ?? []
        let summary = report.summaries.first { $0.client == client }
        var body = [
            #"<h1>Client <code>\#(xml(client))</code></h1>"#,
            #"<p class="version">Version (read during the run): \#(xml(report.versions[client] ?? "not recorded"))</p>"#,
            #"<p class="lead">\#(cells.count) cells: \#(Self.counts(cells))</p>"#,
        ]
        if let summary {
            body.append(
                #"<p class="lead">Its own cells (credited to the client, or to the client as configured): \#(summary.total.judged) judged. "#
                    + "The adapter's cells, counted apart: \(xml(summary.adapterText)). "
                    + "Where it falls short: \(xml(summary.shortfallText)).</p>")
        }
        let groups = Self.byArea(cells, tags: \.tags)
        body.append(
            #"<nav class="areas">Areas: "#
                + groups.map { area, cells in
                    ##"<a href="#\##(Self.areaAnchor(area))">\##(xml(Self.areaTitle(area)))</a> (\##(cells.count))"##
                }.joined(separator: " · ") + "</nav>")
        for (area, cells) in groups {
            body.append(#"<section class="area" id="\#(Self.areaAnchor(area))">"#)
            body.append("<h2>\(xml(Self.areaTitle(area))) \(Self.counts(cells))</h2>")
            body += cells.map { cellArticle($0, root: "../") }
            body.append("</section>")
        }
        if cells.isEmpty { body.append("<p>No cell of this client is in the report.</p>") }
        return Self.page(title: "\(client): MockAuth conformance", root: "../", body: body.joined(separator: "\n"))
    }

    /// One cell on its client's page.
    func cellArticle(_ cell: ConformanceCell, root: String) -> String {
        let adapter = cell.credit == .adapter ? " adapter" : ""
        var timing = "\(cell.milliseconds) ms"
        if let status = cell.exitStatus { timing = "exited \(status), " + timing }
        var lines = [
            #"<article class="cell cell-\#(cell.result.rawValue)\#(adapter)" id="\#(cellAnchor(scenario: cell.scenario))">"#,
            #"<h3><a href="\#(root)\#(scenarioPath(cell.scenario))">\#(xml(cell.scenario))</a> \#(Self.outcome(cell))</h3>"#,
            "<dl>",
            "<dt>credited to</dt><dd>\(Self.credit(cell))</dd>",
            #"<dt>reason</dt><dd class="reason">\#(xml(cell.reason))</dd>"#,
            "<dt>run</dt><dd>\(xml(timing))</dd>",
            "</dl>",
        ]
        let excerpt = cell.detailsExcerpt()
        if !excerpt.isEmpty {
            lines.append(
                "<details\(cell.result == .pass ? "" : " open")><summary>What each expectation came to, and what the servers saw</summary>"
                    + #"<pre class="excerpt">\#(xml(excerpt))</pre></details>"#)
        }
        lines.append("</article>")
        return lines.joined(separator: "\n")
    }
}
