import Yams

extension ScenarioExpectation {
    /// Reads the `expect:` list.
    static func readAll(_ node: Node, file: String) throws(ScenarioError) -> [ScenarioExpectation] {
        let example = "expect:\n      - rule: request-succeeds\n        server: origin"
        let elements = try node.sequenceElements(file: file, what: "'expect'", example: example)
        guard !elements.isEmpty else {
            throw ScenarioError(
                .missingKey, at: ScenarioLocation(node, file: file), "'expect' needs at least one expectation",
                hint: example)
        }
        return try elements.map { (element) throws(ScenarioError) in try read(element, file: file) }
    }

    private static func read(_ node: Node, file: String) throws(ScenarioError) -> ScenarioExpectation {
        var entry = try YAMLMapping(node, file: file, context: "an expectation")
        let ruleNode = try entry.required("rule", example: "rule: request-succeeds")
        let ruleName = try ruleNode.scalarString(file: file, what: "'rule'")
        let serverNode = try entry.required("server", example: "server: origin")
        let server = try serverNode.scalarString(file: file, what: "'server'")
        let rule: ExpectationRule
        switch ruleName {
        case "rejects-certificate":
            rule = .rejectsCertificate(server: server)
        case "request-succeeds":
            rule = .requestSucceeds(server: server, path: try entry.string("path"))
        case "presents-client-certificate":
            rule = .presentsClientCertificate(server: server)
        case "authenticates":
            rule = .authenticates(server: server, path: try entry.string("path"))
        case "no-preemptive-credentials":
            rule = .noPreemptiveCredentials(server: server)
        case "max-attempts":
            let attemptsNode = try entry.required("attempts", example: "attempts: 3")
            guard let attempts = Int(try attemptsNode.scalarString(file: file, what: "'attempts'")), attempts >= 0
            else {
                throw ScenarioError(
                    .invalidValue, at: ScenarioLocation(attemptsNode, file: file), "'attempts' is a whole number",
                    hint: "attempts: 3")
            }
            rule = .maxAttempts(server: server, attempts: attempts)
        case "uses-scheme":
            let known = ["Basic", "Digest", "NTLM", "Negotiate", "Bearer"]
            var names = try entry.strings("schemes") ?? []
            if let single = try entry.string("scheme") { names.append(single) }
            guard !names.isEmpty else {
                throw ScenarioError(
                    .missingKey, at: entry.location, "'uses-scheme' needs 'scheme' or 'schemes'", hint: "scheme: Digest"
                )
            }
            var schemes: [String] = []
            for name in names {
                guard let match = known.first(where: { $0.lowercased() == name.lowercased() }) else {
                    throw ScenarioError(
                        .invalidValue, at: entry.location, "unknown HTTP auth scheme '\(name)'",
                        hint: "one of \(known.joined(separator: ", "))")
                }
                schemes.append(match)
            }
            rule = .usesScheme(server: server, schemes: schemes)
        case "never-receives":
            let headerNode = try entry.required("header", example: "header: Authorization")
            let header = try headerNode.scalarString(file: file, what: "'header'")
            guard header == "Authorization" || header == "Proxy-Authorization" else {
                throw ScenarioError(
                    .invalidValue, at: ScenarioLocation(headerNode, file: file),
                    "'never-receives' checks Authorization or Proxy-Authorization, not '\(header)'",
                    hint: "header: Authorization")
            }
            rule = .neverReceives(server: server, header: header, paths: try entry.strings("paths") ?? [])
        case "handshake-on-one-connection":
            rule = .handshakeOnOneConnection(server: server)
        case "reuses-credentials":
            rule = .reusesCredentials(server: server)
        case "recovers-from-stale":
            rule = .recoversFromStale(server: server)
        default:
            let guess = closestWord(to: ruleName, among: ExpectationRule.names)
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(ruleNode, file: file), "unknown rule '\(ruleName)'",
                hint: guess.map { "rule: \($0)" } ?? "one of \(ExpectationRule.names.joined(separator: ", "))")
        }
        var level = ExpectationLevel.must
        if let levelName = try entry.string("level") {
            guard let known = ExpectationLevel(named: levelName) else {
                throw ScenarioError(
                    .invalidValue, at: entry.location(of: "level"),
                    "level must be 'must' or 'should', not '\(levelName)'",
                    hint: "level: should")
            }
            level = known
        }
        let because = try entry.string("because")
        try entry.finish()
        return ScenarioExpectation(rule, level: level, because: because)
    }
}
