import Foundation

/// Loads scenario files and catalogs (directories of `NAME.yaml`).
public enum ScenarioLoader {
    /// Loads one scenario file; its name is the file stem.
    public static func load(file path: String) throws(ScenarioError) -> Scenario {
        let url = URL(fileURLWithPath: path)
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw ScenarioError(.notFound, at: nil, "cannot read scenario file '\(path)': \(error.localizedDescription)")
        }
        let name = url.deletingPathExtension().lastPathComponent
        guard name.isScenarioIdentifier else {
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(file: path, line: 1, column: 1),
                "the file name '\(name)' is not a scenario name (lower-case letters, digits and dashes)",
                hint: "rename the file, e.g. \(name.lowercased().replacingOccurrences(of: "_", with: "-")).yaml")
        }
        return try Scenario(yaml: text, name: name, file: path)
    }

    /// Loads every `*.yaml` in `directory`, sorted by name, and checks that each `control` names
    /// a scenario of the same catalog.
    ///
    /// - Throws: ``ScenarioErrors`` listing every file's first mistake.
    public static func loadCatalog(directory: String) throws(ScenarioErrors) -> [Scenario] {
        let files: [String]
        do {
            files = try FileManager.default.contentsOfDirectory(atPath: directory)
                .filter { $0.hasSuffix(".yaml") }
                .sorted()
        } catch {
            throw ScenarioErrors([
                ScenarioError(.notFound, at: nil, "cannot read scenario directory '\(directory)': \(error.localizedDescription)")
            ])
        }
        var scenarios: [Scenario] = []
        var errors: [ScenarioError] = []
        for file in files {
            do {
                scenarios.append(try load(file: (directory as NSString).appendingPathComponent(file)))
            } catch {
                errors.append(error)
            }
        }
        let names = Set(scenarios.map(\.name))
        for scenario in scenarios {
            if let control = scenario.control, !names.contains(control) {
                let file = (directory as NSString).appendingPathComponent("\(scenario.name).yaml")
                errors.append(
                    ScenarioError(
                        .unknownReference, at: ScenarioLocation(file: file, line: 1, column: 1),
                        "control '\(control)' is not a scenario in \(directory)",
                        hint: closestWord(to: control, among: Array(names)).map { "control: \($0)" }))
            }
        }
        guard errors.isEmpty else { throw ScenarioErrors(errors) }
        return scenarios.sorted { $0.name < $1.name }
    }

    /// Resolves `reference` as a path (when it names an existing file or ends in `.yaml`/`.json`)
    /// or as a scenario name in `directory`.
    public static func load(_ reference: String, catalog directory: String) throws(ScenarioError) -> Scenario {
        let looksLikePath = reference.contains("/") || reference.hasSuffix(".yaml") || reference.hasSuffix(".json")
        if looksLikePath || FileManager.default.fileExists(atPath: reference) && !reference.isScenarioIdentifier {
            return try load(file: reference)
        }
        let path = (directory as NSString).appendingPathComponent("\(reference).yaml")
        guard FileManager.default.fileExists(atPath: path) else {
            let known = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
                .filter { $0.hasSuffix(".yaml") }
                .map { String($0.dropLast(5)) }
            throw ScenarioError(
                .notFound, at: nil, "no scenario named '\(reference)' in \(directory)",
                hint: closestWord(to: reference, among: known) ?? "a name from 'mockauthd list', or a path to a .yaml file")
        }
        return try load(file: path)
    }
}
