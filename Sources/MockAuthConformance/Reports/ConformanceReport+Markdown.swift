import MockAuth

extension ConformanceReport {
    /// A Markdown matrix (scenarios down, clients across) with totals, followed (unless `reasons` is
    /// false) by the reason of every cell that is not a pass.
    package func markdown(reasons: Bool = true) -> String {
        var lines = ["| scenario | " + clients.joined(separator: " | ") + " |"]
        lines.append("|---|" + clients.map { _ in "---|" }.joined())
        for scenario in scenarios {
            let cells = clients.map { result($0, scenario)?.result.label ?? "–" }
            lines.append("| `\(scenario)` | " + cells.joined(separator: " | ") + " |")
        }
        lines.append("")
        let totals = clients.map { client -> String in
            let cells = results.filter { $0.client == client }
            let counts = VerdictResult.allCases.compactMap { outcome -> String? in
                let count = cells.filter { $0.result == outcome }.count
                return count == 0 ? nil : "\(count) \(outcome.label)"
            }
            return "- **\(client)**: " + counts.joined(separator: ", ")
        }
        lines += totals
        let notable = results.filter { $0.result != .pass }
        if reasons, !notable.isEmpty {
            lines.append("")
            lines.append("### Why")
            lines.append("")
            for cell in notable {
                let reason = cell.reason.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(
                    of: "\n", with: " ")
                lines.append("- **\(cell.client)** × `\(cell.scenario)`: \(cell.result.label): \(reason)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
