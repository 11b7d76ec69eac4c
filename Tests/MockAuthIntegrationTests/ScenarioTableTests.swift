import Foundation
import MockAuthTestSupport
import MockAuthTesting
import Testing

/// The scenario tables a reader sees are the catalog's: `Scenarios/README.md` is what
/// `mockauthd list --markdown` prints, and the README's sample rows name real scenarios and controls.
@Suite("The scenario tables")
struct ScenarioTableTests {
    static let root = MockAuthDBinary.repositoryRoot

    @Test("Scenarios/README.md is `mockauthd list --markdown` (regenerate it with make scenario-table)")
    func catalogPage() async throws {
        let listed = try await Shell.execute(
            [MockAuthDBinary.path, "list", "--markdown", "--scenarios", MockAuthDBinary.scenarios])
        #expect(listed.status == 0, "\(listed.error)")
        let page = try String(
            contentsOf: Self.root.appendingPathComponent("Scenarios/README.md"), encoding: .utf8)
        #expect(listed.output == page, "Scenarios/README.md is stale: run make scenario-table")
        let names = try ScenarioCatalog.directory(MockAuthDBinary.scenarios).loadAll().map(\.name)
        for name in names { #expect(page.contains("[`\(name)`](\(name).yaml)"), "\(name) is missing") }
    }

    @Test("every scenario the README's sample table names exists, with the control it shows")
    func readmeSample() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let catalog = ScenarioCatalog.directory(MockAuthDBinary.scenarios)
        // The rows of the table in the README's "## Scenarios" section.
        let section =
            readme.components(separatedBy: "\n## Scenarios\n").dropFirst().first?
            .components(separatedBy: "\n## ").first ?? ""
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| `") }
        #expect(rows.count >= 5, "the README shows a sample of the catalog")
        for row in rows {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 4 else { continue }
            let name = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let scenario = try catalog.load(name)
            let shownControl = cells[3].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            #expect(shownControl == (scenario.control ?? ""), "\(name): the README shows control '\(shownControl)'")
        }
    }
}
