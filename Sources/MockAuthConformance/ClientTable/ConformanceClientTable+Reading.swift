import Foundation
import MockAuth
import MockAuthScenario
import Yams

extension ConformanceClientTable {
    /// The table's format version this reader understands.
    package static let formatVersion = 1

    /// Reads the table in `path`.
    ///
    /// - Throws: ``ScenarioError`` with the file, line and column of the mistake: not YAML, a key the
    ///   format does not know, a feature `mockauthd conform` does not know, a library lack without
    ///   its source, a reason left empty, a client named twice.
    package init(contentsOf path: String) throws(ScenarioError) {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ScenarioError(
                .notFound, at: nil, "cannot read the client table \(path): \(error.localizedDescription)")
        }
        try self.init(yaml: text, file: path)
    }

    /// Reads the table in `yaml`, naming `file` in errors.
    package init(yaml: String, file: String) throws(ScenarioError) {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: yaml) else {
                throw ScenarioError(.invalidValue, at: nil, "\(file) is empty: it needs 'version: 1' and 'clients'")
            }
            root = node
        } catch let error as ScenarioError {
            throw error
        } catch {
            throw ScenarioError(.syntax, at: ScenarioLocation(file: file, line: 1, column: 1), "not YAML: \(error)")
        }
        var mapping = try YAMLMapping(root, file: file, context: "the client table")
        let version = try mapping.int("version")
        guard version == Self.formatVersion else {
            throw ScenarioError(
                .unsupportedVersion, at: mapping.location(of: "version"),
                "the client table is version \(version.map(String.init) ?? "(missing)"); this mockauthd reads version \(Self.formatVersion)",
                hint: "version: \(Self.formatVersion)")
        }
        let entries = try mapping.required("clients", example: "clients:\n  - name: curl\n    command: …")
            .sequenceElements(file: file, what: "'clients'", example: "clients:\n  - name: curl\n    command: …")
        var clients: [Client] = []
        for entry in entries {
            let client = try Client(entry, file: file)
            if clients.contains(where: { $0.name == client.name }) {
                throw ScenarioError(
                    .invalidValue, at: ScenarioLocation(entry, file: file),
                    "the client '\(client.name)' is listed twice")
            }
            clients.append(client)
        }
        try mapping.finish()
        self.init(clients: clients)
    }
}

extension ConformanceClientTable.Client {
    fileprivate init(_ node: Node, file: String) throws(ScenarioError) {
        var mapping = try YAMLMapping(node, file: file, context: "a client")
        let name = try Self.text(&mapping, "name", example: "name: curl")
        guard !name.contains("="), !name.contains(where: \.isWhitespace) else {
            throw ScenarioError(
                .invalidValue, at: mapping.location(of: "name"), "a client's name is one word without '=': '\(name)'")
        }
        var client = Self(name: name, command: try Self.text(&mapping, "command", example: "command: ./adapter.sh"))
        client.version = try mapping.string("version")
        client.documentation = try mapping.string("documentation")
        client.lacks = try Self.lacks(&mapping, "lacks", sourceRequired: true, client: name)
        client.notDriven = try Self.lacks(&mapping, "not-driven", sourceRequired: false, client: name)
        client.configured = try Self.rules(&mapping, "configured", client: name)
        client.adapterDecides = try Self.rules(&mapping, "adapter-decides", client: name)
        for lack in client.lacks {
            let twice =
                (lack.feature.map { client.undrivenFeatures.contains($0) } ?? false)
                || !lack.scenarios.isDisjoint(with: client.undrivenScenarios.keys)
            guard twice else { continue }
            throw ScenarioError(
                .invalidValue, at: mapping.location(of: "not-driven"),
                "\(name): '\(lack.what)' is both lacking and not driven: a library that lacks it is UNSUPPORTED, say it once"
            )
        }
        try mapping.finish()
        self = client
    }

    /// A required, non-empty text.
    private static func text(_ mapping: inout YAMLMapping, _ key: String, example: String) throws(ScenarioError)
        -> String
    {
        let node = try mapping.required(key, example: example)
        let value = try node.scalarString(file: mapping.file, what: "'\(key)'").trimmingCharacters(in: .whitespaces)
        guard !value.isEmpty else {
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(node, file: mapping.file), "'\(key)' is empty", hint: example)
        }
        return value
    }

    /// The one feature `name` names.
    private static func feature(_ name: String, at location: ScenarioLocation) throws(ScenarioError) -> ClientFeature {
        guard let feature = ClientFeature(name: name) else {
            throw ScenarioError(
                .invalidValue, at: location, "unknown feature '\(name)'",
                hint: closestFeature(to: name) ?? ClientFeature.allCases.map(\.name).joined(separator: ", "))
        }
        return feature
    }

    private static func closestFeature(to name: String) -> String? {
        closestWord(to: name, among: ClientFeature.allCases.map(\.name)).map { "'\($0)'" }
    }

    private static func lacks(_ mapping: inout YAMLMapping, _ key: String, sourceRequired: Bool, client: String)
        throws(ScenarioError) -> [ConformanceClientTable.Lack]
    {
        guard let node = mapping.node(key) else { return [] }
        let example = "\(key):\n  - feature: ntlm\n    because: …\(sourceRequired ? "\n    source: https://…" : "")"
        var result: [ConformanceClientTable.Lack] = []
        for element in try node.sequenceElements(file: mapping.file, what: "'\(key)'", example: example) {
            var entry = try YAMLMapping(element, file: mapping.file, context: "an entry of \(client)'s '\(key)'")
            var lack: ConformanceClientTable.Lack
            if let scenarios = try entry.strings("scenarios") {
                // What no feature names: some scenarios by name, with what they need in words.
                guard !scenarios.isEmpty, entry.node("feature") == nil else {
                    throw ScenarioError(
                        .invalidValue, at: entry.location,
                        "an entry of \(client)'s '\(key)' names either a feature or scenarios (with 'what'), not both",
                        hint: "scenarios: [proxy-digest]\nwhat: Digest to a proxy")
                }
                lack = .init(
                    scenarios: Set(scenarios), what: try text(&entry, "what", example: "what: Digest to a proxy"),
                    because: try text(&entry, "because", example: "because: one sentence, true of the library"))
            } else {
                let name = try text(&entry, "feature", example: "feature: ntlm")
                lack = .init(
                    feature: try feature(name, at: entry.location(of: "feature")),
                    because: try text(&entry, "because", example: "because: one sentence, true of the library"))
            }
            lack.source = try entry.string("source")
            if sourceRequired, lack.source?.isEmpty ?? true {
                throw ScenarioError(
                    .missingKey, at: entry.location,
                    "\(client) lacks '\(lack.what)': say where its documentation says so ('source')",
                    hint: "source: https://…")
            }
            let repeated =
                result.contains { $0.feature != nil && $0.feature == lack.feature }
                || result.contains { !$0.scenarios.isDisjoint(with: lack.scenarios) }
            if repeated {
                throw ScenarioError(
                    .invalidValue, at: entry.location, "\(client)'s '\(key)' names '\(lack.what)' twice")
            }
            try entry.finish()
            result.append(lack)
        }
        return result
    }

    private static func rules(_ mapping: inout YAMLMapping, _ key: String, client: String) throws(ScenarioError)
        -> [ConformanceClientTable.CreditRule]
    {
        guard let node = mapping.node(key) else { return [] }
        let adapter = key == "adapter-decides"
        let example =
            adapter
            ? "\(key):\n  - features: [pinning]\n    code: Conformance/adapters/x.mjs\n    symbol: checkPins\n    because: …"
            : "\(key):\n  - features: [cookies]\n    option: --cookie-jar FILE\n    source: https://…"
        var result: [ConformanceClientTable.CreditRule] = []
        for element in try node.sequenceElements(file: mapping.file, what: "'\(key)'", example: example) {
            var entry = try YAMLMapping(element, file: mapping.file, context: "an entry of \(client)'s '\(key)'")
            var features: Set<ClientFeature> = []
            for name in try entry.strings("features") ?? [] {
                features.insert(try feature(name, at: entry.location(of: "features")))
            }
            let scenarios = Set(try entry.strings("scenarios") ?? [])
            guard !features.isEmpty || !scenarios.isEmpty else {
                throw ScenarioError(
                    .missingKey, at: entry.location,
                    "an entry of \(client)'s '\(key)' names no features and no scenarios",
                    hint: example)
            }
            let rule: ConformanceClientTable.CreditRule
            if adapter {
                rule = .init(
                    features: features, scenarios: scenarios,
                    note: try text(&entry, "because", example: "because: what the adapter's code does, and why"),
                    code: try text(&entry, "code", example: "code: Conformance/adapters/x.mjs"),
                    symbol: try entry.string("symbol"))
            } else {
                rule = .init(
                    features: features, scenarios: scenarios,
                    note: try text(&entry, "option", example: "option: --cookie-jar FILE"),
                    source: try text(&entry, "source", example: "source: https://…"))
            }
            try entry.finish()
            result.append(rule)
        }
        return result
    }
}
