import Foundation
import MockAuthCommands
import MockAuthTesting
import Testing

/// *Getting started*'s "Scenarios of your own": the YAML it shows is a scenario the loader takes,
/// and it judges: a client that never answers the challenge does not pass it.
@Suite("Getting started: a scenario of your own")
struct OwnScenarioExampleTests {
    /// The Swift block of the section "Scenarios of your own", and the YAML inside it.
    static func example() throws -> (swift: String, yaml: String) {
        let page = try String(
            contentsOf: MockAuthDBinary.repositoryRoot.appendingPathComponent(
                "Sources/MockAuthClients/MockAuthClients.docc/GettingStarted.md"),
            encoding: .utf8)
        let section = try #require(page.components(separatedBy: "## Scenarios of your own").dropFirst().first)
        let swift = try #require(
            section.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first)
        let literal = try #require(swift.components(separatedBy: "\"\"\"").dropFirst().first)
        // The literal's lines as Swift reads them: less their common indentation (its first line's).
        let lines = literal.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast()
        let indentation = try #require(lines.first?.prefix { $0 == " " }.count)
        return (swift, lines.map { String($0.dropFirst(indentation)) }.joined(separator: "\n") + "\n")
    }

    @Test("the YAML loads, and the page calls withScenario with it")
    func loads() throws {
        let (swift, yaml) = try Self.example()
        let scenario = try Scenario(yaml: yaml, name: "digest-on-http", file: "GettingStarted.md")
        #expect(scenario.summary == "Digest over plain HTTP")
        #expect(swift.contains("withScenario(scenario)"))
    }

    /// curl with the account it is given, answering the challenge (`--digest`) or sending Basic
    /// unasked (`--basic`): the defect the scenario is there to catch.
    static func curl(_ scheme: String) -> CommandClient {
        CommandClient(
            name: "curl \(scheme)",
            shell: #"curl -sS -o /dev/null --max-time 10 "#
                + scheme + #" -u "$MOCKAUTH_USERNAME:$MOCKAUTH_PASSWORD" "$MOCKAUTH_URL""#)
    }

    @Test("curl --digest passes it; curl --basic, which never answers the Digest challenge, fails it")
    func judges() async throws {
        let scenario = try Scenario(yaml: try Self.example().yaml, name: "digest-on-http", file: "GettingStarted.md")
        let correct = await ScenarioRunner(timeoutSeconds: 30).run(scenario, with: Self.curl("--digest"))
        #expect(correct.verdict.passed, "\(correct.verdict.report)")
        let defective = await ScenarioRunner(timeoutSeconds: 30).run(scenario, with: Self.curl("--basic"))
        #expect(defective.verdict.result == .fail, "\(defective.verdict.report)")
    }
}
