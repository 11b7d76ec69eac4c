import Foundation

extension ConformanceReport {
    /// The versioned JSON form: `version`, `clients`, `scenarios`, `seconds` and a flat `results` array of
    /// `{client, scenario, result, reason, tags, exitStatus, milliseconds, details}`.
    package func jsonData() throws -> Data {
        try JSONEncoder.conformance.encode(self)
    }

    /// Reads the JSON form back (e.g. a baseline).
    package init(json data: Data) throws {
        self = try JSONDecoder().decode(ConformanceReport.self, from: data)
    }
}

extension JSONEncoder {
    /// How reports and baselines are written: pretty, keys sorted (stable diffs), slashes as they are.
    static var conformance: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
