import Foundation

/// Loads scenario files and catalogs (sets of `NAME.yaml`).
package enum ScenarioLoader {
    /// A scenario file's text, before parsing.
    package struct Source: Sendable {
        /// The scenario's name (the file stem).
        package var name: String
        /// The YAML text.
        package var text: String
        /// The path used in error locations.
        package var file: String

        package init(name: String, text: String, file: String) {
            self.name = name
            self.text = text
            self.file = file
        }
    }

    /// Loads one scenario file; its name is the file stem.
    package static func load(file path: String) throws(ScenarioError) -> Scenario {
        try parse(try read(file: path))
    }

    /// Parses one scenario source.
    package static func parse(_ source: Source) throws(ScenarioError) -> Scenario {
        guard source.name.isScenarioIdentifier else {
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(file: source.file, line: 1, column: 1),
                "the file name '\(source.name)' is not a scenario name (lower-case letters, digits and dashes)",
                hint: "rename the file, e.g. \(Self.suggestedName(for: source.name)).yaml")
        }
        return try Scenario(yaml: source.text, name: source.name, file: source.file)
    }

    /// A scenario name close to `name`: lower-cased, every other character a dash (`TLS_1.0` →
    /// `tls-1-0`).
    static func suggestedName(for name: String) -> String {
        let mapped = name.lowercased().map { character -> Character in
            character.isASCII && (character.isLetter || character.isNumber) ? character : "-"
        }
        let collapsed = String(mapped).split(separator: "-", omittingEmptySubsequences: true).joined(separator: "-")
        return collapsed.isEmpty ? "scenario" : collapsed
    }

    /// Loads every `*.yaml` in `directory` as one catalog (see ``loadCatalog(_:)``).
    package static func loadCatalog(directory: String) throws(ScenarioErrors) -> [Scenario] {
        let files: [String]
        do {
            files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".yaml") }
        } catch {
            throw ScenarioErrors([
                ScenarioError(
                    .notFound, at: nil, "cannot read scenario directory '\(directory)': \(error.localizedDescription)")
            ])
        }
        var sources: [Source] = []
        var errors: [ScenarioError] = []
        for file in files {
            do {
                sources.append(try read(file: (directory as NSString).appendingPathComponent(file)))
            } catch {
                errors.append(error)
            }
        }
        guard errors.isEmpty else { throw ScenarioErrors(errors) }
        return try loadCatalog(sources)
    }

    /// Parses a catalog, sorted by name, and checks that each `control` names one of its scenarios.
    ///
    /// - Throws: ``ScenarioErrors`` listing every file's first mistake.
    package static func loadCatalog(_ sources: [Source]) throws(ScenarioErrors) -> [Scenario] {
        var scenarios: [Scenario] = []
        var errors: [ScenarioError] = []
        for source in sources {
            do {
                scenarios.append(try parse(source))
            } catch {
                errors.append(error)
            }
        }
        let names = Set(scenarios.map(\.name))
        for scenario in scenarios {
            guard let control = scenario.control, !names.contains(control),
                let file = sources.first(where: { $0.name == scenario.name })?.file
            else { continue }
            errors.append(
                ScenarioError(
                    .unknownReference, at: ScenarioLocation(file: file, line: 1, column: 1),
                    "control '\(control)' is not a scenario of this catalog",
                    hint: closestWord(to: control, among: Array(names)).map { "control: \($0)" }))
        }
        guard errors.isEmpty else { throw ScenarioErrors(errors) }
        return scenarios.sorted { $0.name < $1.name }
    }

    /// Whether `reference` names a file rather than a catalog entry.
    package static func isPath(_ reference: String) -> Bool {
        reference.contains("/") || reference.hasSuffix(".yaml") || reference.hasSuffix(".json")
    }

    /// Resolves `reference` as a path (see ``isPath(_:)``) or as a scenario name in `directory`.
    package static func load(_ reference: String, catalog directory: String) throws(ScenarioError) -> Scenario {
        if isPath(reference) { return try load(file: reference) }
        let path = (directory as NSString).appendingPathComponent("\(reference).yaml")
        guard FileManager.default.fileExists(atPath: path) else {
            let known = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
                .filter { $0.hasSuffix(".yaml") }
                .map { String($0.dropLast(5)) }
            throw unknownName(reference, known: known, in: directory)
        }
        return try load(file: path)
    }

    /// The error for a scenario name that is not in a catalog.
    package static func unknownName(_ reference: String, known: [String], in catalog: String) -> ScenarioError {
        ScenarioError(
            .notFound, at: nil, "no scenario named '\(reference)' in \(catalog)",
            hint: closestWord(to: reference, among: known) ?? "a name from 'mockauthd list', or a path to a .yaml file")
    }

    private static func read(file path: String) throws(ScenarioError) -> Source {
        let url = URL(fileURLWithPath: path)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ScenarioError(
                .notFound, at: nil, "cannot read scenario file '\(path)': \(error.localizedDescription)")
        }
        let bytes = Array(data)
        if let invalid = UTF8Position.firstInvalid(in: bytes) {
            throw ScenarioError(
                .syntax, at: ScenarioLocation(file: path, line: invalid.line, column: invalid.column),
                "the file is not valid UTF-8 (byte 0x\(String(invalid.byte, radix: 16, uppercase: true)))",
                hint: "save the file as UTF-8")
        }
        return Source(
            name: url.deletingPathExtension().lastPathComponent, text: String(decoding: bytes, as: UTF8.self),
            file: path)
    }
}
