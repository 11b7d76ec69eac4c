import Foundation
import Testing

@testable import MockAuthScenario

@Suite("Reading preconditions: precondition: true on an expectation")
struct PreconditionReadingTests {
    static let base = """
        version: 1
        summary: Preconditions.
        servers:
          api:
            routes:
              - path: /login
                set-cookies: ["sid=1; Path=/"]
          www:
            host: localhost
        expect:
          - rule: receives
            server: api
            cookie: sid
            precondition: true
            because: whether it keeps sid to api is not known
          - rule: never-receives
            server: www
            cookie: sid
        """

    func error(_ yaml: String) -> ScenarioError? {
        do {
            _ = try Scenario(yaml: yaml, name: "preconditions", file: "preconditions.yaml")
            return nil
        } catch {
            return error
        }
    }

    @Test("precondition is read as a boolean, false when absent, and a precondition is a must")
    func reads() throws {
        let scenario = try Scenario(yaml: Self.base, name: "preconditions", file: "preconditions.yaml")
        #expect(scenario.expectations.map(\.precondition) == [true, false])
        #expect(scenario.expectations.map(\.level) == [.must, .must])
        #expect(scenario.expectations[0].because == "whether it keeps sid to api is not known")
        #expect(scenario.expectations[0].summary == "(given that it sends cookie sid to api)")
        #expect(
            scenario.correctClientSummary == "(given that it sends cookie sid to api); never sends cookie sid to www")

        let explicit = Self.base.replacingOccurrences(
            of: "precondition: true", with: "precondition: true\n    level: must")
        #expect(try Scenario(yaml: explicit, name: "p", file: "p.yaml").expectations[0].precondition)
        let off = Self.base.replacingOccurrences(of: "precondition: true", with: "precondition: false")
        #expect(try Scenario(yaml: off, name: "p", file: "p.yaml").expectations.map(\.precondition) == [false, false])
    }

    @Test(
        "a value that is not a boolean, a misspelt key, a should, an alternative of any-of are refused, with what to write",
        arguments: [
            (
                "precondition: maybe",
                "preconditions.yaml:14:19: error: 'precondition' must be true or false, not 'maybe'",
                "precondition: true"
            ),
            ("precondition: [true]", "'precondition' must be a single value", nil),
            ("precondtion: true", "unknown key 'precondtion' in an expectation", "'precondition'"),
            (
                "precondition: true\n    level: should",
                "preconditions.yaml:15:5: error: a precondition cannot be 'level: should'",
                "precondition: true without 'level' (a precondition is a must), or no 'precondition' for a should"
            ),
        ])
    func refuses(line: String, message: String, hint: String?) throws {
        let yaml = Self.base.replacingOccurrences(of: "precondition: true", with: line)
        let refused = try #require(self.error(yaml))
        #expect(refused.description.contains(message), "\(refused)")
        if let hint { #expect(refused.hint == hint, "\(refused)") }
    }

    @Test("only a whole any-of may be a precondition, never one of its alternatives")
    func anyOf() throws {
        let whole = Self.base.replacingOccurrences(
            of: """
                  - rule: receives
                    server: api
                    cookie: sid
                """,
            with: """
                  - rule: any-of
                    of:
                      - { rule: receives, server: api, cookie: sid }
                      - { rule: request-succeeds, server: api, path: /login }
                """)
        let scenario = try Scenario(yaml: whole, name: "p", file: "p.yaml")
        #expect(scenario.expectations[0].precondition)

        let alternative = Self.base.replacingOccurrences(
            of: """
                  - rule: receives
                    server: api
                    cookie: sid
                    precondition: true
                """,
            with: """
                  - rule: any-of
                    of:
                      - { rule: receives, server: api, cookie: sid, precondition: true }
                      - { rule: request-succeeds, server: api, path: /login }
                """)
        let refused = try #require(self.error(alternative))
        #expect(refused.code == .invalidValue)
        #expect(
            refused.description.contains(
                "preconditions.yaml:13:53: error: an alternative of 'any-of' cannot be a precondition"), "\(refused)")
        #expect(refused.hint == "precondition: true on the any-of entry, beside 'of'")
    }

    @Test("a scenario whose every must is a precondition tests nothing, and is refused")
    func nothingTested() throws {
        let yaml = Self.base + "\n    precondition: true"
        let refused = try #require(self.error(yaml))
        #expect(refused.description.contains("every 'must' expectation is a precondition"), "\(refused)")
        // Shoulds beside the preconditions test nothing either.
        let withShould = Self.base + "\n    level: should"
        #expect(self.error(withShould)?.description.contains("every 'must' expectation is a precondition") == true)
    }
}
