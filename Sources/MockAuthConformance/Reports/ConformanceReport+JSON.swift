import Foundation

extension ConformanceReport {
    /// The versioned JSON form: `version`, `clients`, `scenarios`, `seconds` and a flat `results` array of
    /// `{client, scenario, result, reason, tags, exitStatus, milliseconds, details}`.
    package func jsonData() throws -> Data {
        try JSONEncoder.harnessOutput().encode(self)
    }

    /// Reads the JSON form back (e.g. a baseline).
    package init(json data: Data) throws {
        self = try JSONDecoder().decode(ConformanceReport.self, from: data)
    }
}
