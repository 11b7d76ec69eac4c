import Foundation
import MockAuth
import MockAuthKerberos
import MockAuthRemote
import MockAuthTestSupport
import Testing

/// The client contract is ``ClientVariable`` and ``ClientMaterial``: the README's environment table,
/// the control API's schema and docs/remote.md's material table say exactly what they hold.
@Suite("The client contract's documentation matches the vocabulary")
struct ClientContractDocsTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: MockAuthDBinary.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The rows of the table under `heading` in `markdown`, up to the next heading.
    static func tableRows(_ markdown: String, under heading: String) -> [String] {
        guard let start = markdown.range(of: heading) else { return [] }
        let section = markdown[start.upperBound...]
        let end = section.range(of: "\n#")?.lowerBound ?? section.endIndex
        return section[..<end].split(separator: "\n").map(String.init).filter { $0.hasPrefix("| `") }
    }

    /// Every `` `NAME` `` of the first cell of `row` (a field's subfields in parentheses left out).
    static func firstCellNames(_ row: String) -> [String] {
        let cell = row.dropFirst(2).prefix { $0 != "|" }.split(separator: "(").first ?? ""
        return cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
            .map { String($0.element) }
    }

    /// The material of every scenario of the catalog, as the control API answers it.
    static func catalogDescriptions() async throws -> [RunDescription] {
        var descriptions: [RunDescription] = []
        for scenario in try ScenarioCatalog.directory(MockAuthDBinary.scenarios).loadAll() {
            // A Kerberos scenario's run starts its realm (MIT Kerberos's KDC): without one, skipped with the install.
            let kerberos = scenario.requirements.features.contains(.kerberos)
            if kerberos { try await Tool.require(.kerberos) }
            let run = try await ScenarioRun.start(scenario, kerberos: kerberos ? MITKerberos() : nil)
            descriptions.append(
                RunDescription(
                    id: "run-\(descriptions.count)", scenario: scenario.name, control: scenario.control, url: run.url,
                    urls: run.urls, environment: run.environment, material: run.material))
            await run.shutdown()
        }
        return descriptions
    }

    @Test("the README's environment table lists every ClientVariable, and nothing else")
    func readmeTable() throws {
        let rows = Self.tableRows(try Self.text("README.md"), under: "### The environment a client command gets")
        let documented = rows.flatMap(Self.firstCellNames)
        #expect(documented.count == Set(documented).count, "a variable is listed twice: \(documented)")
        #expect(Set(documented) == Set(ClientVariable.allCases.map(\.name)))
    }

    @Test("run.schema.json names every variable of the environment, per-request ones by their pattern")
    func schemaEnvironment() throws {
        let data = try Data(
            contentsOf: MockAuthDBinary.repositoryRoot.appendingPathComponent("docs/schemas/control/run.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        let environment = try #require(properties["environment"] as? [String: Any])
        let names = try #require((environment["propertyNames"] as? [String: Any])?["anyOf"] as? [[String: Any]])
        let listed = try #require(names.first?["enum"] as? [String])
        #expect(listed.count == Set(listed).count)
        #expect(Set(listed) == Set(ClientVariable.allCases.filter { !$0.isPerRequest }.map(\.name)))
        let pattern = try #require(names.last?["pattern"] as? String)
        let expression = try NSRegularExpression(pattern: pattern)
        for variable in ClientVariable.allCases {
            for name in [variable.name(request: 2), variable.name(request: 13)] {
                let matches = expression.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil
                #expect(matches == variable.isPerRequest, "\(name)")
            }
        }
    }

    @Test(
        "every scenario's run description is what run.schema.json allows; remote.md and the schema name the material's fields"
    )
    func material() async throws {
        let descriptions = try await Self.catalogDescriptions()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("run-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var fields: Set<String> = []
        var files: [String] = []
        for description in descriptions {
            let json = try encoder.encode(description)
            // MockAuthRemote reads back what the server wrote.
            #expect(try JSONDecoder().decode(RunDescription.self, from: json) == description, "\(description.scenario)")
            let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
            if let material = object["material"] as? [String: Any] { fields.formUnion(material.keys) }
            let file = directory.appendingPathComponent("\(description.scenario).json")
            try json.write(to: file)
            files.append(file.path)
        }
        let rows = Self.tableRows(try Self.text("docs/remote.md"), under: "| `material` field | variable | what |")
        #expect(Set(rows.flatMap(Self.firstCellNames)) == fields)
        let data = try Data(
            contentsOf: MockAuthDBinary.repositoryRoot.appendingPathComponent("docs/schemas/control/run.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let material = ((schema["properties"] as? [String: Any])?["material"] as? [String: Any])?["properties"]
        #expect(Set((material as? [String: Any]).map { Array($0.keys) } ?? []) == fields)
        let validation = try await Shell.execute(
            [
                "/usr/bin/env", "python3", "-c",
                """
                import json, sys, jsonschema
                schema = json.load(open(sys.argv[1]))
                validator = jsonschema.Draft202012Validator(schema)
                failed = 0
                for path in sys.argv[2:]:
                    for error in validator.iter_errors(json.load(open(path))):
                        failed += 1
                        print(f"{path}: {error.json_path}: {error.message}")
                sys.exit(1 if failed else 0)
                """,
                MockAuthDBinary.repositoryRoot.appendingPathComponent("docs/schemas/control/run.schema.json").path,
            ] + files)
        #expect(validation.status == 0, "\(validation.output)\(validation.error)")
    }
}
