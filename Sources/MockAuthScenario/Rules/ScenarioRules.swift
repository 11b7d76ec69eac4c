import MockAuthVocabulary

/// Every rule a scenario can state, in the order docs/scenario-format.md and the scenario schema
/// list them. Adding a rule is its two files in `Rules/` and one line here (then its scenario, its
/// tests, its row in the docs' table and its name in the schema, which tests compare with this
/// list).
package enum ScenarioRules {
    package static let all: [any ScenarioRule.Type] = [
        RejectsCertificate.self,
        RequestSucceeds.self,
        PresentsClientCertificate.self,
        WithholdsClientCertificate.self,
        Authenticates.self,
        AuthenticatesAs.self,
        NoPreemptiveCredentials.self,
        MaxAttempts.self,
        MaxRequests.self,
        UsesScheme.self,
        UsesDigestAlgorithm.self,
        NeverReceives.self,
        Receives.self,
        RequestBody.self,
        HandshakeOnOneConnection.self,
        ReusesCredentials.self,
        RecoversFromStale.self,
        UsesNextNonce.self,
        UsesKerberos.self,
        WithholdsDelegation.self,
        ChecksMutualAuthentication.self,
        RefusesRedirect.self,
        SessionResumption.self,
        HTTPVersionUsed.self,
        HeedsRevocation.self,
        UpgradesToHTTPS.self,
        ConnectsByName.self,
        GoesThroughProxy.self,
        BypassesProxy.self,
        RefreshTokenStaysHome.self,
        SendsConcurrently.self,
        AnyOf.self,
    ]

    /// Every rule's name, in the list's order.
    package static var names: [RuleName] { all.map { $0.name } }

    /// The rule called `name`, if there is one.
    package static func named(_ name: RuleName) -> (any ScenarioRule.Type)? {
        all.first { $0.name == name }
    }

    /// Reads `rule:` and the keys that rule takes from `entry`, leaving other keys to the caller.
    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> any ScenarioRule {
        let node = try entry.required("rule", example: "rule: \(names[0])")
        let text = try node.scalarString(file: entry.file, what: "'rule'")
        guard let rule = named(RuleName(rawValue: text)) else {
            let words = names.map(\.rawValue)
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(node, file: entry.file), "unknown rule '\(text)'",
                hint: closestWord(to: text, among: words).map { "rule: \($0)" }
                    ?? words.map { "rule: \($0)" }.joined(separator: " or "))
        }
        return try rule.read(&entry)
    }
}
