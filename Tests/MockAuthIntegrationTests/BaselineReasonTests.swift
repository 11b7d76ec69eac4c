import Foundation
import MockAuth
import MockAuthConformance
import MockAuthTestSupport
import Testing

@Suite("Every deviation in a reference baseline says why")
struct BaselineReasonTests {
    static let directory = MockAuthDBinary.repositoryRoot.appendingPathComponent("Conformance/baselines")

    @Test("each FAIL, INCONCLUSIVE or ERROR cell of Conformance/baselines has a reason in words")
    func referenceBaselines() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter {
            $0.hasSuffix(".json")
        }
        #expect(files.count >= 5, "\(files)")
        for file in files.sorted() {
            let baseline = try Baseline(json: Data(contentsOf: Self.directory.appendingPathComponent(file)))
            let unexplained = baseline.unexplained.map { "\($0.client) × \($0.scenario) \($0.result.label)" }
            #expect(unexplained.isEmpty, "\(file): cells without a reason: \(unexplained)")
            // A reason for a cell the baseline does not hold is stale.
            let stale = baseline.deviations.filter { deviation in
                !baseline.results.contains {
                    $0.client == deviation.client && $0.scenario == deviation.scenario && $0.result == deviation.result
                }
            }.map { "\($0.client) × \($0.scenario) \($0.result.label)" }
            #expect(stale.isEmpty, "\(file): deviations for cells it does not hold: \(stale)")
        }
    }

    @Test("a FAIL without a deviation, or with a reason of a word or two, is unexplained")
    func rejectsBareEntries() {
        let entries = [
            Baseline.Entry(client: "c", scenario: "a", result: .fail),
            Baseline.Entry(client: "c", scenario: "b", result: .inconclusive),
            Baseline.Entry(client: "c", scenario: "d", result: .fail),
            Baseline.Entry(client: "c", scenario: "e", result: .pass),
            Baseline.Entry(client: "c", scenario: "f", result: .skip),
            Baseline.Entry(client: "c", scenario: "g", result: .error),
        ]
        let baseline = Baseline(
            results: entries,
            deviations: [
                .init(client: "c", scenario: "b", result: .inconclusive, reason: "known issue"),
                .init(
                    client: "c", scenario: "d", result: .fail,
                    reason: "the client sent the password before the challenge"),
                // Explains another result than the one recorded.
                .init(client: "c", scenario: "g", result: .fail, reason: "the harness could not start the client"),
            ])
        #expect(baseline.unexplained.map(\.scenario) == ["a", "b", "g"])
    }
}
