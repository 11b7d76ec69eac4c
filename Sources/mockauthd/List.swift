import ArgumentParser
import Foundation
import MockAuthClients

extension MockAuthD {
    /// `mockauthd list`: the catalog's scenarios.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the scenarios of the catalog.")

        @OptionGroup var catalog: CatalogOptions

        @Option(name: .long, help: "Only scenarios with this tag.")
        var tag: String?

        @Flag(name: .long, help: "Print JSON instead of a table.")
        var json = false

        @Flag(name: .long, help: "Print the catalog as a Markdown page (Scenarios/README.md is this page).")
        var markdown = false

        func validate() throws {
            if json && markdown { throw ValidationError("--json and --markdown: choose one") }
        }

        func run() throws {
            let scenarios = try catalog.load([]).filter { tag == nil || $0.tags.contains(tag ?? "") }
            if markdown {
                print(ScenarioTable.markdown(scenarios), terminator: "")
                return
            }
            if json {
                let entries = scenarios.map {
                    [
                        "name": $0.name, "summary": $0.summary, "tags": $0.tags.joined(separator: ","),
                        "control": $0.control ?? "",
                    ]
                }
                print(String(decoding: try JSONEncoder.harnessOutput().encode(entries), as: UTF8.self))
                return
            }
            let width = max(8, scenarios.map(\.name.count).max() ?? 0)
            for scenario in scenarios {
                let retired = scenario.retired.map { " [retired: \($0)]" } ?? ""
                print(
                    scenario.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + scenario.summary
                        + retired)
            }
        }
    }
}
