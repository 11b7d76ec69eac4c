import Foundation
import MockAuth
import MockAuthScenario
import MockAuthTestSupport
import MockAuthVocabulary
import Testing

@Suite("The JSON Schema of the scenario format")
struct ScenarioSchemaTests {
    static let schema = MockAuthDBinary.scenarios + "/scenario.schema.json"

    /// Validates YAML files against the schema with Python's jsonschema (installed by .ci/run).
    func validate(_ files: [String]) async throws -> CommandResult {
        try await Shell.execute(
            [
                "/usr/bin/env", "python3", "-c",
                """
                import json, sys, yaml, jsonschema
                schema = json.load(open(sys.argv[1]))
                jsonschema.Draft202012Validator.check_schema(schema)
                failed = 0
                for path in sys.argv[2:]:
                    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(yaml.safe_load(open(path))))
                    for error in errors:
                        print(f"{path}: {error.message}")
                    failed += bool(errors)
                sys.exit(1 if failed else 0)
                """,
                Self.schema,
            ] + files)
    }

    @Test("every catalog file satisfies the schema")
    func catalog() async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: MockAuthDBinary.scenarios)
            .filter { $0.hasSuffix(".yaml") }.map { MockAuthDBinary.scenarios + "/" + $0 }
        let result = try await validate(files)
        #expect(result.status == 0, "\(result.output)\(result.error)")
    }

    @Test("the schema rejects what the loader rejects")
    func rejects() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString).yaml")
            .path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try "version: 1\nsummary: x\nservers:\n  origin:\n    tls: { profile: expird }\nexpect: []\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let result = try await validate([file])
        #expect(result.status == 1, "\(result.output)\(result.error)")
        #expect(result.output.contains("expird"), "\(result.output)")
    }

    @Test("the schema lists exactly the profiles and rules the model knows")
    func matchesModel() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.schema))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let definitions = try #require(schema["$defs"] as? [String: [String: Any]])
        func enumeration(_ definition: String, _ property: String) -> [String] {
            let properties = definitions[definition]?["properties"] as? [String: [String: Any]]
            return properties?[property]?["enum"] as? [String] ?? []
        }
        #expect(enumeration("tls", "profile") == TLSProfile.allCases.map(\.rawValue))
        #expect(enumeration("tls", "key") == KeyAlgorithm.allCases.map(\.rawValue))
        #expect(enumeration("expectation", "rule") == ScenarioRules.names.map(\.rawValue))
        let host = (definitions["server"]?["properties"] as? [String: [String: Any]])?["host"]
        let alternatives = host?["anyOf"] as? [[String: Any]]
        #expect(alternatives?.first?["enum"] as? [String] == ListenHost.loopbackNames)
        let pattern = try #require(alternatives?.last?["pattern"] as? String)
        for name in [
            "api.mockauth.test", "x.y.wild.test", "api.test", "example.com", "API.test", "-a.test", "bücher.test",
            "api.dot.test.", "api.test..",
        ] {
            let schemaAccepts = name.range(of: pattern, options: .regularExpression) != nil
            #expect(schemaAccepts == (ListenHost(name) != nil), "\(name): the schema and the loader disagree")
        }
        #expect(enumeration("client", "trust") == TrustAnchors.allCases.map(\.rawValue))
        let auth = definitions["auth"]?["properties"] as? [String: [String: Any]]
        let offered = (auth?["schemes"]?["items"] as? [String: Any])?["enum"] as? [String]
        #expect(offered == AuthSchemeSpec.allCases.map(\.rawValue))
    }
}
