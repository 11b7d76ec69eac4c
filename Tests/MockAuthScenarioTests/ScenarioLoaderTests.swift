import Foundation
import Testing

@testable import MockAuthScenario

@Suite("Loading the catalog")
struct ScenarioLoaderTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let catalog = repository.appendingPathComponent("Scenarios").path

    @Test("every bundled scenario loads, and every control exists")
    func catalogLoads() throws {
        let scenarios = try ScenarioLoader.loadCatalog(directory: Self.catalog)
        let names = scenarios.map(\.name)
        for contract in [
            "tls-valid", "tls-self-signed", "tls-expired", "tls-not-yet-valid", "tls-wrong-host", "tls-untrusted-root",
            "tls-incomplete-chain", "tls-client-cert-required", "tls-pin-mismatch", "tls-pin-reissued",
        ] {
            #expect(names.contains(contract), "the contract scenario \(contract) is missing")
        }
        for scenario in scenarios {
            #expect(
                !scenario.summary.isEmpty && scenario.description.count > 80,
                "\(scenario.name) needs a real description")
            #expect(!scenario.tags.isEmpty, "\(scenario.name) has no tags")
        }
    }

    @Test("every rejection scenario names a control that itself expects success")
    func rejectionsHaveControls() throws {
        let scenarios = try ScenarioLoader.loadCatalog(directory: Self.catalog)
        for scenario in scenarios
        where scenario.expectations.contains(where: { $0.rule is RejectsCertificate }) {
            let control = try #require(scenario.control, "\(scenario.name) has no control")
            let twin = try #require(scenarios.first { $0.name == control })
            #expect(
                twin.expectations.allSatisfy { !($0.rule is RejectsCertificate) },
                "\(scenario.name)'s control \(control) must break nothing")
        }
    }

    @Test("a name is looked up in the catalog; an unknown one gets a suggestion")
    func lookup() throws {
        #expect(try ScenarioLoader.load("tls-expired", catalog: Self.catalog).name == "tls-expired")
        #expect(throws: ScenarioError(.notFound, at: nil, "")) {
            try ScenarioLoader.load("tls-expird", catalog: Self.catalog)
        }
        do {
            _ = try ScenarioLoader.load("tls-expird", catalog: Self.catalog)
        } catch {
            #expect(error.hint == "tls-expired")
        }
    }

    @Test("a control that is not in the catalog is reported")
    func missingControl() {
        let source = ScenarioLoader.Source(
            name: "lonely", text: ScenarioReadingTests.minimal + "\ncontrol: tls-nothing", file: "lonely.yaml")
        #expect(throws: ScenarioErrors.self) { try ScenarioLoader.loadCatalog([source]) }
    }
}
