import MockAuth

extension ConformanceSite {
    /// `scenarios/NAME.html`: the scenario's summary, description and control (when the catalog was
    /// given), its area and tags, then every client side by side, one row each (`id="c-CLIENT"`): the
    /// outcome, the credit (and credit note) and the reason, the client linked to its cell on its own
    /// page. A client with no cell for the scenario has a row that says so.
    func scenarioPage(_ scenario: String) -> String {
        let cells = cellsByScenario[scenario] ?? []
        let tags = tags(of: scenario)
        let area = ConformanceArea(tags: tags)
        var body = [#"<h1>Scenario <code>\#(xml(scenario))</code></h1>"#]
        if let about = about[scenario] {
            body.append(#"<p class="about summary">\#(xml(about.summary))</p>"#)
            if !about.description.isEmpty {
                body.append(#"<p class="about description">\#(xml(about.description))</p>"#)
            }
            if let control = about.control {
                let name = xml(control)
                let link = scenarios.contains(control) ? #"<a href="../\#(scenarioPath(control))">\#(name)</a>"# : name
                body.append(#"<p class="about">Control: \#(link), the same situation with nothing broken.</p>"#)
            }
            if let retired = about.retired { body.append(#"<p class="about">Retired: \#(xml(retired))</p>"#) }
        }
        body.append(
            #"<p>Area: <a href="../index.html#\#(Self.areaAnchor(area))">\#(xml(Self.areaTitle(area)))</a>. Tags: "#
                + (tags.isEmpty ? "none" : tags.map { #"<span class="tag">\#(xml($0))</span>"# }.joined(separator: " "))
                + "</p>")
        body.append(#"<p class="lead">\#(cells.count) clients: \#(Self.counts(cells))</p>"#)
        body.append(
            #"<table class="cells"><thead><tr><th>client</th><th>outcome</th><th>credited to</th><th>reason</th></tr></thead><tbody>"#
        )
        let byClient = Dictionary(cells.map { ($0.client, $0) }) { first, _ in first }
        for client in clients {
            let link = #"<a href="../\#(clientPath(client))#\#(cellAnchor(scenario: scenario))">\#(xml(client))</a>"#
            guard let cell = byClient[client] else {
                body.append(
                    #"<tr class="missing" id="\#(rowAnchor(client: client))"><td>\#(xml(client))</td><td>–</td><td></td><td>no cell for this scenario in the report</td></tr>"#
                )
                continue
            }
            body.append(
                #"<tr id="\#(rowAnchor(client: client))"><td>\#(link)</td><td>\#(Self.outcome(cell))</td>"#
                    + #"<td>\#(Self.credit(cell))</td><td class="reason">\#(xml(cell.reason))</td></tr>"#)
        }
        body.append("</tbody></table>")
        return Self.page(
            title: "\(scenario): MockAuth conformance", root: "../", body: body.joined(separator: "\n"))
    }
}
