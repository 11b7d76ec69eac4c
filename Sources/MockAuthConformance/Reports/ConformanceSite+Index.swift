import Foundation
import MockAuth

extension ConformanceSite {
    /// `index.html`: the run in one line, the summary per client (``ConformanceReport/summaryHTML``)
    /// and the heat map (``ConformanceReport/heatMapSVG``), then a link to every client's page (with
    /// its version) and to every scenario's page, the scenarios grouped by area with their summary
    /// (when the catalog was given) and how the clients fared.
    var indexPage: String {
        var body = [
            "<h1>MockAuth conformance</h1>",
            #"<p class="lead">\#(runLine)</p>"#,
            #"<h2 id="summary">The clients at a glance</h2>"#,
            report.summaryHTML,
            #"<div class="heatmap">"#, report.heatMapSVG, "</div>",
            #"<h2 id="clients">Clients</h2>"#,
            #"<table class="client-list"><thead><tr><th>client</th><th>version (read during the run)</th><th>cells</th></tr></thead><tbody>"#,
        ]
        for client in clients {
            body.append(
                #"<tr><td><a href="\#(clientPath(client))">\#(xml(client))</a></td>"#
                    + #"<td class="version">\#(xml(report.versions[client] ?? "—"))</td>"#
                    + "<td>\(Self.counts(cellsByClient[client] ?? []))</td></tr>")
        }
        body.append("</tbody></table>")
        body.append(#"<h2 id="scenarios">Scenarios</h2>"#)
        for (area, names) in Self.byArea(scenarios, tags: tags(of:)) {
            body.append(#"<h3 id="\#(Self.areaAnchor(area))">\#(xml(Self.areaTitle(area)))</h3>"#)
            body.append(
                #"<table class="scenario-list"><thead><tr><th>scenario</th><th>what it checks</th><th>the clients' cells</th></tr></thead><tbody>"#
            )
            for scenario in names {
                body.append(
                    #"<tr><td><a href="\#(scenarioPath(scenario))">\#(xml(scenario))</a></td>"#
                        + #"<td class="about">\#(xml(about[scenario]?.summary ?? ""))</td>"#
                        + "<td>\(Self.counts(cellsByScenario[scenario] ?? []))</td></tr>")
            }
            body.append("</tbody></table>")
        }
        return Self.page(title: "MockAuth conformance", root: "", body: body.joined(separator: "\n"))
    }

    /// The run in words: cells, clients × scenarios, seconds, and each outcome's count.
    var runLine: String {
        let seconds = String(format: "%.1f", report.seconds)
        return
            "\(report.results.count) cells: \(clients.count) clients × \(scenarios.count) scenarios, \(seconds) s. "
            + Self.counts(report.results)
    }

    /// The tags of `scenario`: the catalog's cells carry them, so the first cell's.
    func tags(of scenario: String) -> [String] {
        cellsByScenario[scenario]?.first?.tags ?? []
    }
}
