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

        func run() throws {
            let scenarios = try catalog.load([]).filter { tag == nil || $0.tags.contains(tag ?? "") }
            if json {
                let entries = scenarios.map {
                    [
                        "name": $0.name, "summary": $0.summary, "tags": $0.tags.joined(separator: ","),
                        "control": $0.control ?? "",
                    ]
                }
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                print(String(decoding: try encoder.encode(entries), as: UTF8.self))
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
