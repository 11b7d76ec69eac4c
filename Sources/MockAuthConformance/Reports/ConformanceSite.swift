import Foundation
import MockAuth

/// The conformance matrix as a static site, from a run's JSON report (`mockauthd conform site`):
///
/// - `index.html`: the summary per client and the heat map, with a link to every client's page and
///   every scenario's page;
/// - `clients/NAME.html`: every cell of the client, grouped by area, with its outcome, credit,
///   reason and what the servers saw, and the client's version;
/// - `scenarios/NAME.html`: every client's cell of the scenario side by side, with the scenario's
///   tags (and its summary and description when the catalog is given);
/// - `style.css`, shared by every page.
///
/// Plain HTML and CSS, no script and no external resource; every text from the report is escaped;
/// file names come from ``SiteFileNames``; every link is relative, so the site works from `file://`
/// and from any sub-path of a web server (GitHub Pages).
package struct ConformanceSite: Sendable {
    /// One file of the site: its path relative to the site's directory, and its text.
    package struct File: Sendable, Equatable {
        package var path: String
        package var contents: String
    }

    package var report: ConformanceReport
    /// What the catalog says about each scenario, by name; a scenario missing here shows its name and
    /// tags alone.
    package var about: [String: ScenarioAbout]
    /// Every client with a page: the report's clients, then any other a cell names.
    package let clients: [String]
    /// Every scenario with a page: the report's scenarios, then any other a cell names.
    package let scenarios: [String]
    let clientNames: SiteFileNames
    let scenarioNames: SiteFileNames
    /// The cells of each client, in scenario order.
    let cellsByClient: [String: [ConformanceCell]]
    /// The cells of each scenario, in client order.
    let cellsByScenario: [String: [ConformanceCell]]

    package init(report: ConformanceReport, about: [String: ScenarioAbout] = [:]) {
        self.report = report
        self.about = about
        clients = Self.unique(report.clients + report.results.map(\.client))
        scenarios = Self.unique(report.scenarios + report.results.map(\.scenario))
        clientNames = SiteFileNames(clients)
        scenarioNames = SiteFileNames(scenarios)
        let clientOrder = Dictionary(clients.enumerated().map { ($1, $0) }) { first, _ in first }
        let scenarioOrder = Dictionary(scenarios.enumerated().map { ($1, $0) }) { first, _ in first }
        cellsByClient = Dictionary(grouping: report.results, by: \.client).mapValues { cells in
            cells.sorted { scenarioOrder[$0.scenario, default: 0] < scenarioOrder[$1.scenario, default: 0] }
        }
        cellsByScenario = Dictionary(grouping: report.results, by: \.scenario).mapValues { cells in
            cells.sorted { clientOrder[$0.client, default: 0] < clientOrder[$1.client, default: 0] }
        }
    }

    /// The page of `client`, relative to the site's directory.
    package func clientPath(_ client: String) -> String { "clients/\(clientNames[client]).html" }

    /// The page of `scenario`, relative to the site's directory.
    package func scenarioPath(_ scenario: String) -> String { "scenarios/\(scenarioNames[scenario]).html" }

    /// The id of `scenario`'s cell on a client page (`clients/curl.html#s-tls-expired`).
    func cellAnchor(scenario: String) -> String { "s-\(scenarioNames[scenario])" }

    /// The id of `client`'s row on a scenario page.
    func rowAnchor(client: String) -> String { "c-\(clientNames[client])" }

    /// Every file of the site: `index.html`, `style.css`, then the client pages and the scenario pages.
    package var files: [File] {
        [File(path: "index.html", contents: indexPage), File(path: "style.css", contents: Self.stylesheet)]
            + clients.map { File(path: clientPath($0), contents: clientPage($0)) }
            + scenarios.map { File(path: scenarioPath($0), contents: scenarioPage($0)) }
    }

    /// `names` without repeats, in first-seen order.
    private static func unique(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }
}
