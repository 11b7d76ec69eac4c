import MockAuth

/// Progress lines while a run goes on, and the matrix at the end; colour only on a terminal.
package struct TerminalReporter: Sendable {
    package var colour: Bool

    package init(colour: Bool) {
        self.colour = colour
    }

    /// One line for a finished cell: `PASS  curl  tls-expired  (43 ms)`.
    package func progressLine(_ cell: ConformanceCell, finished: Int, of total: Int) -> String {
        let counter = "[\(finished)/\(total)]".padding(toLength: 10, withPad: " ", startingAt: 0)
        let label = paint(cell.result.label.padding(toLength: 12, withPad: " ", startingAt: 0), cell.result)
        var line = "\(counter) \(label) \(cell.client)  \(cell.scenario)  (\(cell.milliseconds) ms)"
        if cell.result != .pass { line += "\n           \(cell.reason)" }
        return line
    }

    /// The matrix: scenarios down, clients across.
    package func matrix(_ report: ConformanceReport) -> String {
        let width = max(8, report.scenarios.map(\.count).max() ?? 0)
        let columns = report.clients.map { max(12, $0.count) }
        var lines = [
            "scenario".padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + zip(report.clients, columns).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(
                    separator: "  ")
        ]
        for scenario in report.scenarios {
            var line = scenario.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
            line += zip(report.clients, columns).map { client, column in
                guard let cell = report.result(client, scenario) else {
                    return "–".padding(toLength: column, withPad: " ", startingAt: 0)
                }
                return paint(cell.result.label.padding(toLength: column, withPad: " ", startingAt: 0), cell.result)
            }.joined(separator: "  ")
            lines.append(line)
        }
        let counts = VerdictResult.allCases.map { "\(report.counts[$0] ?? 0) \($0.label)" }
        lines.append("")
        lines.append(
            "\(report.results.count) cells in \(String(format: "%.1f", report.seconds)) s: "
                + counts.joined(separator: ", "))
        return lines.joined(separator: "\n")
    }

    private func paint(_ text: String, _ outcome: VerdictResult) -> String {
        guard colour else { return text }
        let code =
            switch outcome {
            case .pass: "32"
            case .fail: "31"
            case .unsupported: "36"
            case .skip: "90"
            case .inconclusive: "33"
            case .error: "35"
            }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
