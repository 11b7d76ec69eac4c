import MockAuth

extension ConformanceReport {
    /// A Markdown matrix (scenarios down, clients across; a cell whose behaviour the adapter's code
    /// decides is marked "(adapter)") with totals, followed (unless `reasons` is false) by the reason
    /// of every cell that is not a pass, and by what decided every cell not credited to the client.
    package func markdown(reasons: Bool = true) -> String {
        var lines = ["| scenario | " + clients.joined(separator: " | ") + " |"]
        lines.append("|---|" + clients.map { _ in "---|" }.joined())
        for scenario in scenarios {
            let cells = clients.map { client -> String in
                guard let cell = result(client, scenario) else { return "–" }
                return cell.credit == .adapter ? "\(cell.result.label) (adapter)" : cell.result.label
            }
            lines.append("| `\(scenario)` | " + cells.joined(separator: " | ") + " |")
        }
        lines.append("")
        for summary in summaries {
            let counts = VerdictResult.allCases.filter { summary.total[$0] > 0 }.map {
                "\(summary.total[$0]) \($0.label)"
            }
            let adapter = summary.adapter.total == 0 ? "" : "; the adapter's cells: \(summary.adapterText)"
            let version = versions[summary.client].map { " (\($0))" } ?? ""
            lines.append("- **\(summary.client)**\(version): " + counts.joined(separator: ", ") + adapter)
        }
        guard reasons else { return lines.joined(separator: "\n") + "\n" }
        let notable = results.filter { $0.result != .pass }
        if !notable.isEmpty {
            lines += ["", "### Why", ""]
            for cell in notable {
                let credit = cell.credit == .adapter ? " (adapter)" : ""
                lines.append(
                    "- **\(cell.client)** × `\(cell.scenario)`: \(cell.result.label)\(credit): \(Self.oneLine(cell.reason))"
                )
            }
        }
        let credited = results.filter { $0.credit != .client }
        if !credited.isEmpty {
            lines += ["", "### Cells not credited to the client as documented", ""]
            for cell in credited {
                lines.append(
                    "- **\(cell.client)** × `\(cell.scenario)`: \(cell.credit.rawValue): \(Self.oneLine(cell.creditNote ?? ""))"
                )
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` on one line of a Markdown table or list.
    static func oneLine(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
