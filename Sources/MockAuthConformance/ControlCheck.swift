import MockAuth

/// Wrong-reason detection: a rejection scenario names its control (a twin that breaks nothing). A
/// client that does not pass the control is not credited for "passing" the rejection: it would have
/// refused anyway. Those cells become INCONCLUSIVE, with the reason.
enum ControlCheck {
    static func apply(to results: [ConformanceResult], scenarios: [Scenario]) -> [ConformanceResult] {
        let controls = Dictionary(
            uniqueKeysWithValues: scenarios.compactMap { scenario in
                scenario.control.map { (scenario.name, $0) }
            })
        return results.map { cell in
            guard cell.result == .pass, let control = controls[cell.scenario],
                let twin = results.first(where: { $0.client == cell.client && $0.scenario == control }),
                twin.result != .pass, twin.result != .skip
            else { return cell }
            var inconclusive = cell
            inconclusive.result = .inconclusive
            inconclusive.reason =
                "the client also fails the control \(control) (\(twin.result.label): \(twin.reason)), so refusing here proves nothing"
            return inconclusive
        }
    }
}
