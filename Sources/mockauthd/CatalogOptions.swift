import ArgumentParser
import Foundation
import MockAuthClients

/// `--scenarios DIR`, shared by every subcommand that reads the catalog.
struct CatalogOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The scenario directory.",
            discussion: "Defaults to ./Scenarios in a checkout, else the catalog bundled with mockauthd.",
            valueName: "dir"))
    var scenarios: String?

    /// The catalog to use.
    var catalog: ScenarioCatalog {
        scenarios.map { .directory($0) } ?? .default()
    }

    /// The scenarios named by `references` (names or paths), or the whole catalog when there are none.
    func load(_ references: [String]) throws -> [Scenario] {
        let catalog = self.catalog
        guard !references.isEmpty else { return try catalog.loadAll() }
        var errors: [ScenarioError] = []
        var scenarios: [Scenario] = []
        for reference in references {
            do {
                scenarios.append(try catalog.load(reference))
            } catch {
                errors.append(error)
            }
        }
        guard errors.isEmpty else { throw ScenarioErrors(errors) }
        return scenarios
    }
}
