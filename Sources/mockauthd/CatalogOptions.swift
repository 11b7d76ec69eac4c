import ArgumentParser
import Foundation
import MockAuth

/// `--scenarios DIR`, shared by every subcommand that reads the catalog.
struct CatalogOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The scenario directory.",
            discussion: "Defaults to ./Scenarios in a checkout, else the catalog bundled with mockauthd.",
            valueName: "dir"))
    var scenarios: String?

    /// The catalog directory to use.
    func directory() throws -> String {
        if let scenarios { return scenarios }
        guard let directory = ScenarioCatalog.defaultDirectory() else {
            throw ValidationError("no scenario catalog found: pass --scenarios DIR")
        }
        return directory
    }

    /// The scenarios named by `references` (names or paths), or the whole catalog when there are none.
    func load(_ references: [String]) throws -> [Scenario] {
        let directory = try directory()
        guard !references.isEmpty else { return try ScenarioLoader.loadCatalog(directory: directory) }
        var errors: [ScenarioError] = []
        var scenarios: [Scenario] = []
        for reference in references {
            do {
                scenarios.append(try ScenarioLoader.load(reference, catalog: directory))
            } catch {
                errors.append(error)
            }
        }
        guard errors.isEmpty else { throw ScenarioErrors(errors) }
        return scenarios
    }
}
