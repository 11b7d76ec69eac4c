import MockAuthVocabulary

/// `http-version`: every request to the server arrived over HTTP `version` (HTTP/2 when the server
/// offers it), and at least one arrived.
package struct HTTPVersionUsed: ServerRule {
    package static let name: RuleName = "http-version"
    package var server: String
    package var version: HTTPProtocolVersion

    package init(server: String, version: HTTPProtocolVersion) {
        self.server = server
        self.version = version
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        let server = try entry.ruleServer()
        let versionNode = try entry.required("version", example: "version: HTTP/2")
        let name = try versionNode.scalarString(file: entry.file, what: "'version'")
        guard let version = HTTPProtocolVersion(rawValue: name) else {
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(versionNode, file: entry.file), "unknown HTTP version '\(name)'",
                hint: "one of \(HTTPProtocolVersion.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return Self(server: server, version: version)
    }

    package var summary: String { "speaks \(version) to \(server)" }
}
