import Foundation

extension Baseline {
    /// This baseline with `report`'s cells for the clients it holds (and for `adopting`, clients it
    /// is to hold from now on): changed cells take the new result and credit, new scenarios are added,
    /// scenarios the report did not run (a `--tag` run) keep theirs. Deviations are kept as they
    /// are. Entries are ordered by client, then scenario.
    package func updated(with report: ConformanceReport, adopting adopted: Set<String> = []) -> Baseline {
        let clients = Set(results.map(\.client)).union(adopted)
        var entries: [String: Entry] = [:]
        for entry in results { entries["\(entry.client)\u{0}\(entry.scenario)"] = entry }
        for cell in report.results where clients.contains(cell.client) {
            entries["\(cell.client)\u{0}\(cell.scenario)"] = Entry(
                client: cell.client, scenario: cell.scenario, result: cell.result, credit: cell.credit)
        }
        let ordered = entries.values.sorted { ($0.client, $0.scenario) < ($1.client, $1.scenario) }
        return Baseline(results: ordered, deviations: deviations)
    }

    /// The clients this baseline holds: those of its entries and of its deviations.
    package var clients: Set<String> { Set(results.map(\.client) + deviations.map(\.client)) }

    /// The client a baseline file that holds none yet is for: the one `report` ran that is named
    /// like the file (`Conformance/baselines/node-fetch.json`: `node-fetch`), if any.
    package static func newClient(forFile path: String, in report: ConformanceReport) -> String? {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return report.clients.contains(name) ? name : nil
    }

    /// The baseline as the files in `Conformance/baselines` hold it: as a report's JSON is written,
    /// ending with a newline, as a text file does.
    package func jsonData() throws -> Data {
        var data = try JSONEncoder.harnessOutput().encode(self)
        data.append(UInt8(ascii: "\n"))
        return data
    }
}
