import MockAuthVocabulary
import Yams

extension ClientIdentitySpec {
    /// What to write for an identity with each encoding.
    static let examples =
        "identity: true or "
        + PKCS12Encoding.allCases.map { "identity: { pkcs12: \($0.rawValue) }" }
        .joined(separator: " or ")

    /// Reads the client's `identity:` value: `true` / `false` (the identity in the default
    /// encoding, or none) or a mapping that picks the PKCS#12 encoding (`{ pkcs12: pbes2 }`) and
    /// whether the client also holds the second identity (`{ second: true }`).
    static func read(_ node: Node?, file: String) throws(ScenarioError) -> ClientIdentitySpec? {
        guard let node else { return nil }
        switch node {
        case .scalar(let scalar):
            switch scalar.string {
            case "true", "yes": return ClientIdentitySpec()
            case "false", "no": return nil
            default:
                throw ScenarioError(
                    .invalidValue, at: ScenarioLocation(node, file: file),
                    "'identity' must be true, false or a mapping, not '\(scalar.string)'", hint: examples)
            }
        case .mapping:
            var mapping = try YAMLMapping(node, file: file, context: "the client's identity")
            var identity = ClientIdentitySpec()
            if let name = try mapping.string("pkcs12") {
                guard let encoding = PKCS12Encoding(rawValue: name) else {
                    throw ScenarioError(
                        .invalidValue, at: mapping.location(of: "pkcs12"), "unknown PKCS#12 encoding '\(name)'",
                        hint: PKCS12Encoding.allCases.map { "pkcs12: \($0.rawValue)" }.joined(separator: " or "))
                }
                identity.pkcs12 = encoding
            }
            if let second = try mapping.bool("second") { identity.second = second }
            try mapping.finish()
            return identity
        case .sequence, .alias:
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(node, file: file), "'identity' must be true, false or a mapping",
                hint: examples)
        }
    }
}
